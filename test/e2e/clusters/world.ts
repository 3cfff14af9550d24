// The world the clusters e2e tests run in: three emulators that share one seed
// (one owner key, fixed project IDs), and a config dir with one profile per API
// version. Every run of the built binary goes through `run`.
//   fast     transitions take no time: CREATING / UPDATING / DELETING is in the
//            answer to the write, and the next look finds it IDLE (or gone), so
//            --watch ends at its first poll, however slow the machine
//   slow     transitions take 10 minutes: states stay put (CREATING, DELETING) for
//            exact-request checks, watch timeouts and Ctrl-C
//   witness  nothing may ever reach it: runs that must fail before any request
//            point here, and its request count must stay 0
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { expect } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import type { ClusterSnapshot, RecordedRequest, SeedCluster } from '../../../src/emulator/resources/clusters/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba as cdbaProcess } from '../../helpers/cli.js';
import { CDBA_BIN, cleanEnv, start, tempDir, type CliResult, type Running } from '../../helpers/inProcess.js';
import type { DeadlineTimer } from '../../../src/core/watch.js';

export const OWNER = { publicKey: 'clusters', privateKey: '0d4c8f1e-7a2b-4c6d-9e3f-5a1b2c3d4e5f' };
export const PROJECT = 'c0000000000000000000000a';

/** 'default': a profile with no apiVersion, so clusters reads go at 2024-08-05 and writes at 2024-10-23. */
export const VERSIONS = ['v1.0', '2023-01-01', '2023-02-01', 'default'] as const;
export type Version = (typeof VERSIONS)[number];
/** Short tags for cluster names, one per version. */
export const TAG: Record<Version, string> = { 'v1.0': 'v1', '2023-01-01': 'l23', '2023-02-01': 'm23', default: 'cur' };
export const PROFILE: Record<Version, string> = { 'v1.0': 'legacy-v1', '2023-01-01': 'legacy-2023', '2023-02-01': 'modern', default: 'current' };

/** The API version a clusters call goes at under a profile: the default one differs for reads and writes. */
export function wireVersion(version: Version, call: 'read' | 'write'): string {
  if (version !== 'default') return version;
  return call === 'read' ? '2024-08-05' : '2024-10-23';
}

/** Deprecated clusters versions answer with Deprecation and Sunset; the client warns once per run. */
export const deprecationWarning = (version: string): string =>
  version === '2023-01-01'
    ? 'cdba: warning: API version 2023-01-01 of clusters is deprecated (since 2023-02-01) and will be removed on 2027-07-01\n'
    : version === '2023-02-01'
      ? 'cdba: warning: API version 2023-02-01 of clusters is deprecated (since 2024-08-05) and will be removed on 2027-07-01\n'
      : '';

/**
 * stderr as lines without the deprecation warning, which must appear exactly once when
 * `warned` (a deprecated version answered a request with success; error answers carry
 * no Deprecation header) and never otherwise, nor any other version's.
 */
export function linesAfterWarning(stderr: string, version: string, warned = true): string[] {
  const all = stderr.split('\n').filter((line) => line !== '');
  const warning = deprecationWarning(version).trimEnd();
  const expected = warned && warning !== '' ? [warning] : [];
  expect(all.filter((line) => line.startsWith('cdba: warning: API version')), stderr).toEqual(expected);
  return all.filter((line) => line !== warning);
}

export type EmulatorName = 'fast' | 'slow' | 'witness';

export interface World {
  emulators: Record<EmulatorName, RunningEmulator>;
  configDir: string;
  stop(): Promise<void>;
}

export interface RunOptions {
  version?: Version;
  on?: EmulatorName;
  /** CDBA_FORCE_TTY=1: TTY rendering through pipes. */
  tty?: boolean;
  input?: string;
  project?: string;
  env?: Record<string, string>;
  /** The timer of --watch-timeout (heldDeadline().timer). */
  watchDeadline?: DeadlineTimer;
}

export interface WorldOptions {
  /** Extra projects (each owned by OWNER) and seeded clusters. */
  projects?: string[];
  clusters?: SeedCluster[];
  /** Seeded flex clusters (IDLE): a flex create body each. */
  flexClusters?: Array<{ projectId: string; cluster: Record<string, unknown> }>;
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const projects = [PROJECT, ...(options.projects ?? [])];
  const seed = (transitionMs: number) => ({
    projects: projects.map((id, i) => ({ id, name: `p${i}` })),
    apiKeys: [{ ...OWNER, roles: projects.map((projectId) => ({ projectId, roleName: 'GROUP_OWNER' as const })) }],
    clusters: options.clusters ?? [],
    ...(options.flexClusters ? { flexClusters: options.flexClusters } : {}),
    rateLimit: { perMinute: 1_000_000 },
    transitionMs,
  });
  const [fast, slow, witness] = await Promise.all([
    startEmulator({ seed: seed(0) }),
    startEmulator({ seed: seed(600_000) }),
    startEmulator({ seed: seed(0) }),
  ]);
  const configDir = tempDir('cdba-clusters-');
  const profiles = Object.fromEntries(
    VERSIONS.map((version) => [
      PROFILE[version],
      {
        baseUrl: fast.url,
        publicKey: OWNER.publicKey,
        privateKey: OWNER.privateKey,
        projectId: PROJECT,
        ...(version === 'default' ? {} : { apiVersion: version }),
      },
    ]),
  );
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ currentProfile: PROFILE['2023-02-01'], profiles }), { mode: 0o600 });
  const emulators = { fast, slow, witness };
  return {
    emulators,
    configDir,
    async stop() {
      for (const emu of Object.values(emulators)) expect(emu.unexpectedErrors()).toEqual([]);
      await Promise.all(Object.values(emulators).map((e) => e.stop()));
    },
  };
}

function runEnv(world: World, options: RunOptions): Record<string, string> {
  const on = options.on ?? 'fast';
  return {
    NO_COLOR: '1',
    CDBA_WATCH_INTERVAL_MS: '50',
    ...(on === 'fast' ? {} : { CDBA_BASE_URL: world.emulators[on].url }),
    ...(options.tty ? { CDBA_FORCE_TTY: '1' } : {}),
    ...(options.project ? { CDBA_PROJECT_ID: options.project } : {}),
    ...options.env,
  };
}

/** Runs `cdba -P <profile of the version> ...args`. */
export function run(world: World, args: string[], options: RunOptions = {}): Promise<CliResult> {
  return begin(world, args, options).result;
}

/** `run` without waiting for it: for tests that act on what it printed so far. */
export function begin(world: World, args: string[], options: RunOptions = {}): Running {
  const profile = PROFILE[options.version ?? '2023-02-01'];
  return start(['-P', profile, ...args], {
    configDir: world.configDir,
    env: runEnv(world, options),
    input: options.input ?? '',
    ...(options.watchDeadline ? { watchDeadline: options.watchDeadline } : {}),
  });
}

/** `run` as a real process: for what needs one, such as a child that inherits stdio (clusters connect). */
export function runProcess(world: World, args: string[], options: RunOptions = {}): Promise<CliResult> {
  const profile = PROFILE[options.version ?? '2023-02-01'];
  return cdbaProcess(['-P', profile, ...args], { configDir: world.configDir, env: runEnv(world, options), input: options.input ?? '' });
}

/** Starts a run without waiting for it, for tests that signal the process. */
export function spawn(world: World, args: string[], options: RunOptions = {}): ResultPromise {
  const profile = PROFILE[options.version ?? '2023-02-01'];
  return execa('node', [CDBA_BIN, '-P', profile, ...args], {
    env: cleanEnv(runEnv(world, options), world.configDir),
    extendEnv: false,
    input: options.input ?? '',
    reject: false,
    timeout: 20_000,
    stripFinalNewline: false,
  });
}

/** Sends one Ctrl-C once the child's stderr shows `text`: a second could land while it exits. */
export function interruptWhen(child: ResultPromise, text: string): void {
  let seen = '';
  let interrupted = false;
  child.stderr!.on('data', (chunk: Buffer) => {
    seen += chunk.toString();
    if (!interrupted && seen.includes(text)) interrupted = child.kill('SIGINT');
  });
}

export function cluster(emu: RunningEmulator, name: string): ClusterSnapshot | undefined {
  return emu.state().clusters.find((c) => c.projectId === PROJECT && c.name === name);
}

/** The mutating requests the emulator recorded for a cluster, oldest first. */
export function requestsFor(emu: RunningEmulator, name: string): RecordedRequest[] {
  return cluster(emu, name)?.requests ?? [];
}

/** The API path prefix a version is called at. */
export function apiBase(version: Version): string {
  return version === 'v1.0' ? '/api/atlas/v1.0' : '/api/atlas/v2';
}

/** Spinner frames and control codes out, one line per state message. */
export function plain(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '\n');
}

/** The witness must never have been reached. */
export function expectNoRequest(world: World): void {
  expect(world.emulators.witness.stats().total).toBe(0);
}

/** Usage errors: exit 2, nothing on stdout, one line on stderr matching `message`. */
export function expectUsage(result: CliResult, message: RegExp): void {
  expect(result.exitCode, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^cdba: [^\n]+\n$/);
  expect(result.stderr).toMatch(message);
}

/** The versions as a table for describe.each. */
export const EACH_VERSION = VERSIONS.map((version) => ({ version, tag: TAG[version] }));
