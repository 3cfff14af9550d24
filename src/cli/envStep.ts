// Env steps: what a command group adds to `env up` (and `run`, and the Action, which run
// env up). A step is declared by its group (src/cli/<group>/envStep.ts): its flags, what
// the man page says more of them, its default tier, and its work, loaded only when one
// of its flags is given. src/cli/program.ts registers the product's steps, one line each
// (registerEnvStep); env up takes them from here and names none of them.
//
// Where a step runs in the plan:
//   plan      with env up's other flags, before any request (a mistake: exit 2);
//   prepare   before anything is made, once the holders are read (may refit the cluster);
//   made      once the cluster is made or found, before the wait for IDLE;
//   idle      once the cluster is IDLE and the entry ACTIVE, before the connection is
//             printed: the steps that replace the cluster's data (`idle: 'data'`) first,
//             then those that work on it (`idle: 'on-data'`), each in registration order.
// A step's progress lines are its own (ctx.io.note); what it made goes into `progress.made`,
// which a failure's line names. None of today's steps leaves anything env down must remove
// beyond the cluster, so a step has no undo nor state-file record of its own yet.
import type { Option } from '@commander-js/extra-typings';
import type { ApiClient } from '../api/client.js';
import type { Cluster } from '../api/resources/clusters.js';
import type { Context } from '../core/context.js';
import type { ProviderName } from '../model/catalog.js';

/** The topology flags of env up a step may read (and refit the cluster from). */
export interface EnvTopology {
  tier?: string;
  provider?: ProviderName;
  region?: string;
  dbVersion?: string;
}

/** What env up tells a step as it plans: the env's name and every flag as given. */
export interface EnvStepPlanning {
  name: string;
  flags: EnvTopology & Readonly<Record<string, unknown>>;
}

/** What env up shares with a step as it runs. */
export interface EnvStepRun {
  ctx: Context;
  name: string;
  client: ApiClient;
  projectId: string;
  /** The env's cluster: the clusters group's ClusterLocator, which a step casts to (the plumbing imports no group). */
  locator: unknown;
  /** The env's cluster as it will be made: a `prepare` may refit it (its body and kind). */
  cluster: { body: Record<string, unknown>; flex: boolean };
  /** The env's cluster's create body at a tier, from these topology flags (checked, no request). */
  bodyAt(flags: Omit<EnvTopology, 'tier'>, tier: string): Promise<Record<string, unknown>>;
  /** Whether a cluster carries this env's mark, and the mark in words (`cdba-env=<name>`). */
  isEnvs(cluster: Cluster): boolean;
  mark: string;
  /** changed: a request that makes or changes something was sent; made: what, in words. */
  progress: { changed: boolean; made?: string[] };
  /** What is left of --watch-timeout for the next wait, in ms (undefined: no limit). */
  remaining(): number | undefined;
}

/** A step's work, loaded when one of its flags is given. P: its plan; S: what `prepare` found. */
export interface EnvStepWork<P = unknown, S = unknown> {
  /** Checks its flags; no request. */
  plan(ctx: Context, planning: EnvStepPlanning): P | Promise<P>;
  prepare?(run: EnvStepRun, plan: P): Promise<S>;
  /** createdNow: this run's create made the cluster. */
  made?(run: EnvStepRun, plan: P, prepared: S, cluster: Cluster, createdNow: boolean): void | Promise<void>;
  /** Answers the cluster as it now is, where the step waited for it again. */
  idle?(run: EnvStepRun, plan: P, prepared: S): Promise<Cluster | void>;
}

export interface EnvStep {
  /** The step's name, unique among steps. */
  name: string;
  /** Its flags, made afresh for each command that takes them (env up, run), in help order. */
  options(): Option[];
  /** More on its flags, for the man page (withDetails), by flag. */
  details?: Readonly<Record<string, string>>;
  /** Whether the flags as given ask for it. */
  given(flags: Readonly<Record<string, unknown>>): boolean;
  /** The tier env up makes when --tier is not given, where the step has a say (first say wins). */
  defaultTier?(flags: EnvTopology & Readonly<Record<string, unknown>>): string | undefined;
  /**
   * Its inputs of the GitHub Action (action.yml, action/steps.cjs; a test holds the three in
   * step): value (--flag <value>), switch (--flag when 'true'), lines (--flag once a line).
   */
  action: ReadonlyArray<{ input: string; flag: string; kind: 'value' | 'switch' | 'lines' }>;
  /** When its idle work runs: 'data' (replaces the cluster's data) before 'on-data'. */
  idle?: 'data' | 'on-data';
  load(): Promise<EnvStepWork>;
}

const STEPS: EnvStep[] = [];

/** Adds a step to env up and run (to every tree built from now on); answers its undo. */
export function registerEnvStep(step: EnvStep): () => void {
  if (STEPS.some((s) => s.name === step.name)) throw new Error(`the env step ${step.name} is registered twice`);
  const flags = new Set(STEPS.flatMap((s) => s.options().map((o) => o.long)));
  const taken = step.options().find((o) => flags.has(o.long));
  if (taken) throw new Error(`the env step ${step.name}: ${taken.long} is another step's flag`);
  STEPS.push(step);
  return () => {
    const at = STEPS.indexOf(step);
    if (at >= 0) STEPS.splice(at, 1);
  };
}

/** The registered steps, in registration order (their flags' order in help). */
export function envSteps(): readonly EnvStep[] {
  return [...STEPS];
}

/** The steps the flags ask for, in the order they plan and run: data steps first. */
export function givenSteps(flags: Readonly<Record<string, unknown>>): EnvStep[] {
  const given = STEPS.filter((s) => s.given(flags));
  return [...given.filter((s) => s.idle === 'data'), ...given.filter((s) => s.idle !== 'data')];
}
