// Shared pieces of the reliability tests: a seed with known secrets, bounded
// concurrency for CLI runs, the one-line-error check, and small loopback servers.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { execa, type ResultPromise } from 'execa';
import { expect } from 'vitest';
import type { SeedDocument } from '../../src/emulator/index.js';
import { CDBA_BIN, cleanEnv, tempDir, type CliResult } from '../helpers/cli.js';

export const PROJECT_ID = '5e1ab0c0ffee0000deadbeef';
export const OWNER_PUBLIC = 'ownerkey';
export const OWNER_PRIVATE = 'f3a9c1e5-7b2d-4c6e-9a8b-5ec12e7d0a41';
export const READER_PUBLIC = 'readerky';
export const READER_PRIVATE = '0d4e8b2a-6c1f-4a3e-8d7b-9f2c5a1e3b60';
export const FENCED_PUBLIC = 'fencedky';
export const FENCED_PRIVATE = '7c2b9e4d-1a6f-4e8c-b3d5-2f9a6c0e4d17';
export const CLIENT_ID = 'mdb_sa_id_0123456789abcdef01234567';
export const CLIENT_SECRET = 'mdb_sa_sk_9e3f7a1c5b2d8e4f6a0c1b3d5e7f9a2c4e6b8d0f';
export const SEEDED_CLUSTER = 'seeded';

/** One project; an owner key, a read-only key, a key whose access list excludes loopback, and a service account. */
export function knownSeed(overrides: Partial<SeedDocument> = {}): SeedDocument {
  const owner = [{ projectId: PROJECT_ID, roleName: 'GROUP_OWNER' as const }];
  return {
    projects: [{ id: PROJECT_ID, name: 'reliability' }],
    apiKeys: [
      { publicKey: OWNER_PUBLIC, privateKey: OWNER_PRIVATE, roles: owner },
      { publicKey: READER_PUBLIC, privateKey: READER_PRIVATE, roles: [{ projectId: PROJECT_ID, roleName: 'GROUP_READ_ONLY' }] },
      { publicKey: FENCED_PUBLIC, privateKey: FENCED_PRIVATE, accessList: ['192.0.2.0/24'], roles: owner },
    ],
    serviceAccounts: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, roles: owner }],
    clusters: [{ projectId: PROJECT_ID, cluster: modernBody(SEEDED_CLUSTER) }],
    ...overrides,
  };
}

/** A 2023-02-01 create body: a three-node M10 replica set on AWS. */
export function modernBody(name: string): Record<string, unknown> {
  return {
    name,
    clusterType: 'REPLICASET',
    replicationSpecs: [
      { regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] },
    ],
  };
}

export const digestEnv = (baseUrl: string, publicKey = OWNER_PUBLIC, privateKey = OWNER_PRIVATE): Record<string, string> => ({
  CDBA_BASE_URL: baseUrl,
  CDBA_PUBLIC_KEY: publicKey,
  CDBA_PRIVATE_KEY: privateKey,
  CDBA_PROJECT_ID: PROJECT_ID,
});

export const bearerEnv = (baseUrl: string, clientSecret = CLIENT_SECRET): Record<string, string> => ({
  CDBA_BASE_URL: baseUrl,
  CDBA_CLIENT_ID: CLIENT_ID,
  CDBA_CLIENT_SECRET: clientSecret,
  CDBA_PROJECT_ID: PROJECT_ID,
});

/**
 * The service account as the current profile of `configDir` (written as cdba writes it,
 * 0600 in a 0700 dir): its token is cached in `<configDir>/tokens/`, which credentials
 * from the environment never are. Answers the environment to run with (no credentials in it).
 */
export function bearerProfile(configDir: string, baseUrl: string, clientSecret = CLIENT_SECRET): Record<string, string> {
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const profile = { baseUrl, projectId: PROJECT_ID, clientId: CLIENT_ID, clientSecret };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ currentProfile: 'sa', profiles: { sa: profile } }), { mode: 0o600 });
  return {};
}

/** Runs `task` over `items`, at most `concurrency` at a time; results in input order. */
export async function inPool<T, R>(items: readonly T[], concurrency: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** A JavaScript stack frame, as node prints them. */
export const STACK_FRAME = /^\s+at\s.+(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/m;

/** An error run: the exit code, exactly one `cdba: ` line on stderr, no stack trace. */
export function expectOneErrorLine(result: CliResult, exitCode: number, pattern?: RegExp): void {
  const context = `exit ${result.exitCode}; stderr: ${result.stderr}`;
  expect(result.exitCode, context).toBe(exitCode);
  expect(result.stderr, context).toMatch(/^cdba: [^\n]+\n$/);
  expect(result.stderr, context).not.toMatch(STACK_FRAME);
  // An `unexpected error` line means a failure escaped the typed errors.
  expect(result.stderr, context).not.toMatch(/^cdba: unexpected error/m);
  if (pattern) expect(result.stderr, context).toMatch(pattern);
}

/** Whether a connection to 127.0.0.1:port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * A port on 127.0.0.1 that nothing listens on, for as long as the test runs: one
 * below the ephemeral range, which no server a parallel test starts on port 0 can
 * be given. (A port bound and released was handed out again to about 1 in 7,000
 * later binds, and a whole file used it while other workers started servers.)
 */
export async function closedPort(): Promise<number> {
  for (const port of [9, 1, 7, 13, 19]) if (await refused(port)) return port;
  throw new Error('no closed port below 1024 on 127.0.0.1 for the connection-refused tests');
}

export interface TestServer {
  url: string;
  /** Requests received, in order. */
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

/** A node:http server on 127.0.0.1:0 answering with `handler`. */
export async function testServer(handler: (req: IncomingMessage, res: ServerResponse, index: number) => void): Promise<TestServer> {
  const requests: TestServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers });
    // Read the body first, so an early answer never races the upload.
    req.resume();
    req.on('end', () => handler(req, res, requests.length - 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface EmulatorProcess {
  url: string;
  /** The key=value lines the emulator prints after its URL. */
  info: Record<string, string>;
  child: ResultPromise;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** The day a spawned emulator runs as unless its args give --date: the service's description of 2026-08-21. */
export const EMULATOR_DATE = '2026-08-21';

/**
 * Runs `cdba emulator <args>` in a child process and waits for its URL and credentials.
 * As on a fixed day (EMULATOR_DATE): `cdba emulator` runs as on today by default, and a
 * version a test writes at (2023-02-01) answers 410 once today passes its Sunset.
 */
export async function spawnEmulator(args: string[], configDir = tempDir('cdba-emu-proc-')): Promise<EmulatorProcess> {
  const dated = args.includes('--date') ? args : ['--date', EMULATOR_DATE, ...args];
  const child = execa('node', [CDBA_BIN, 'emulator', ...dated], { env: cleanEnv({}, configDir), extendEnv: false, reject: false, buffer: false });
  const lines: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    let pending = '';
    const onData = (chunk: Buffer): void => {
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      lines.push(...parts);
      // The last line of the banner (src/cli/emulator.ts).
      if (lines.some((line) => line.startsWith('clientSecret='))) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    void child.then((result) => reject(new Error(`emulator exited ${result.exitCode}: ${stderr}`)));
  });
  const info = Object.fromEntries(lines.slice(1).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  return {
    url: lines[0]!,
    info,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await child;
    },
  };
}
