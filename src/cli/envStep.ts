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
//
// Its flags are EnvOptions, the one declaration env up's own options use too
// (src/cli/env/options.ts): the commander option, the parsed options' type, the man page's
// more, and the GitHub Action's input (action.yml and action/env-up-inputs.json, generated
// by `npm run action`) all come from it.
import { Option } from '@commander-js/extra-typings';
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

/**
 * One option of env up (and run), declared once. From it come its commander option
 * (commanderOption), its part of the parsed options' type (EnvOptionValues: the key is the
 * flag in camelCase, as commander names it), its more in the man page, and its input of the
 * GitHub Action (actionInput: generated into action.yml and action/env-up-inputs.json).
 */
export interface EnvOption {
  /** The long flag: '--db-version'. */
  flag: `--${string}`;
  /** The value's name in help ('<version>'); none: a switch (true when given). */
  value?: `<${string}>`;
  /** The help line (what the flag defaults to, said in words: the default is not commander's). */
  description: string;
  /** More, for the man page (withDetails). */
  details?: string;
  /** The values help lists and commander checks, before parse. */
  choices?: readonly string[];
  /** The text given to its value (one value, for a repeatable flag); throws a UsageError (exit 2). */
  parse?: (value: string) => unknown;
  /** Given more than once, its values are collected in order (the Action: one a line). */
  repeatable?: true;
  /**
   * The value env up takes when the flag is not given, in the flag's own words (parsed as given).
   * Not handed to commander, so that a flag not given stays undefined (a step may have a say).
   */
  default?: string;
  /** Its input of the GitHub Action, and the input's description; none: the Action does not expose it. */
  action?: { input: string; description: string };
}

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
/** The key of an option's value in the parsed options: the flag in camelCase (`--db-version`: dbVersion). */
export type EnvOptionKey<O extends EnvOption> = O['flag'] extends `--${infer Name}` ? CamelCase<Name> : never;
type OneValue<O extends EnvOption> = O extends { parse: (value: string) => infer R } ? R : O extends { choices: ReadonlyArray<infer C> } ? C : string;
/** The parsed value of an option: a switch's boolean, a value's parse result (collected in an array when repeatable). */
export type EnvOptionValue<O extends EnvOption> = O extends { value: string } ? (O extends { repeatable: true } ? Array<OneValue<O>> : OneValue<O>) : boolean;
/** The parsed options of a declaration (`as const`): each optional, as commander leaves one not given. */
export type EnvOptionValues<T extends readonly EnvOption[]> = { [O in T[number] as string extends EnvOptionKey<O> ? never : EnvOptionKey<O>]?: EnvOptionValue<O> };
/** The defaults a declaration states, by key. */
export type EnvOptionDefaults<T extends readonly EnvOption[]> = { [O in T[number] as O extends { default: string } ? (string extends EnvOptionKey<O> ? never : EnvOptionKey<O>) : never]: O['default'] };

/** The key commander gives an option's value (what EnvOptionKey says of its type). */
export function optionKey(option: EnvOption): string {
  return option.flag.slice(2).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The defaults a declaration states, by key (typed: EnvOptionDefaults). */
export function optionDefaults<const T extends readonly EnvOption[]>(options: T): EnvOptionDefaults<T> {
  return Object.fromEntries(options.flatMap((o) => (o.default === undefined ? [] : [[optionKey(o), o.default]]))) as EnvOptionDefaults<T>;
}

/** An option as commander takes it, made afresh for each command (env up, run). */
export function commanderOption(declared: EnvOption): Option {
  const option = new Option(declared.value ? `${declared.flag} ${declared.value}` : declared.flag, declared.description);
  if (declared.choices) option.choices(declared.choices);
  const parse = declared.parse;
  if (declared.repeatable) option.argParser((value: string, previous: unknown[] = []) => [...previous, parse ? parse(value) : value]);
  else if (parse) option.argParser(parse);
  return option;
}

/** How the Action hands an input to env up: value (--flag <value>), switch (--flag when 'true'), lines (--flag once a non-empty line). */
export type ActionInputKind = 'value' | 'switch' | 'lines';

/** An option's input of the GitHub Action, as action/env-up-inputs.json lists it; undefined when the Action does not expose it. */
export function actionInput(option: EnvOption): { input: string; flag: string; kind: ActionInputKind } | undefined {
  if (!option.action) return undefined;
  return { input: option.action.input, flag: option.flag, kind: !option.value ? 'switch' : option.repeatable ? 'lines' : 'value' };
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

/** The flags as a step reads them: its own, typed from its declaration, the topology, and the rest by name. */
export type EnvStepFlags<T extends readonly EnvOption[]> = EnvOptionValues<T> & EnvTopology & Readonly<Record<string, unknown>>;

export interface EnvStep<T extends readonly EnvOption[] = readonly EnvOption[]> {
  /** The step's name, unique among steps. */
  name: string;
  /** Its flags, in help order (declared `as const`, so that its flags' type follows). */
  options: T;
  /** Whether the flags as given ask for it. */
  given(flags: EnvStepFlags<T>): boolean;
  /** The tier env up makes when --tier is not given, where the step has a say (first say wins). */
  defaultTier?(flags: EnvStepFlags<T>): string | undefined;
  /** When its idle work runs: 'data' (replaces the cluster's data) before 'on-data'. */
  idle?: 'data' | 'on-data';
  load(): Promise<EnvStepWork>;
}

const STEPS: EnvStep[] = [];

/** Adds a step to env up and run (to every tree built from now on); answers its undo. */
export function registerEnvStep<const T extends readonly EnvOption[]>(declared: EnvStep<T>): () => void {
  const step = declared as unknown as EnvStep;
  if (STEPS.some((s) => s.name === step.name)) throw new Error(`the env step ${step.name} is registered twice`);
  const flags = new Set(STEPS.flatMap((s) => s.options.map((o) => o.flag)));
  const taken = step.options.find((o) => flags.has(o.flag));
  if (taken) throw new Error(`the env step ${step.name}: ${taken.flag} is another step's flag`);
  const inputs = new Set(STEPS.flatMap((s) => s.options.flatMap((o) => (o.action ? [o.action.input] : []))));
  const input = step.options.find((o) => o.action && inputs.has(o.action.input));
  if (input) throw new Error(`the env step ${step.name}: the Action's input ${input.action!.input} is another step's`);
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
export function givenSteps(flags: EnvStepFlags<readonly EnvOption[]>): EnvStep[] {
  const given = STEPS.filter((s) => s.given(flags));
  return [...given.filter((s) => s.idle === 'data'), ...given.filter((s) => s.idle !== 'data')];
}
