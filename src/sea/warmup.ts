// The single executable's snapshot keeps a function's bytecode only if the
// function ran while the snapshot was built; every other function is compiled
// again in every run. A call's request and response path (undici's dispatch,
// the digest handshake, node:net and streams, reading the page, writing the
// output) is most of what a call compiles, so the build makes the common calls
// here, then closes every handle it opened.
//
// Node's snapshot builder has no WebAssembly, so undici cannot parse a real
// response (its HTTP parser is llhttp compiled to wasm). Two passes cover the path:
//   1. a real connection to a loopback server: undici's connect path and
//      node:net run until undici asks for its parser, and the call fails there;
//   2. the same calls answered from memory by a stand-in for undici's
//      connection pool: everything above the socket, both ways.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher as DispatcherTypes } from 'undici';
import { createApiClient } from '../api/client.js';
import { Dispatcher } from '../api/undici.js';
import { DEFAULTS } from '../config/settings.js';
import { apiEventsFor } from '../core/apiEvents.js';
import { IO, main } from '../main.js';

const PROJECT_ID = '0123456789abcdef01234567';
const CLUSTER_NAME = 'warm-up';
const PUBLIC_KEY = 'snapshot';
const PRIVATE_KEY = '00000000-0000-4000-8000-000000000000';
const CHALLENGE = 'Digest realm="MMS Public API", domain="", nonce="c25hcHNob3Qtd2FybS11cC1ub25jZQ==", algorithm=MD5, qop="auth", stale=false';

const CLUSTER = {
  clusterType: 'REPLICASET',
  connectionStrings: { standardSrv: 'mongodb+srv://warm-up.abcde.mongodb.net' },
  createDate: '2026-01-01T00:00:00Z',
  diskSizeGB: 10,
  groupId: PROJECT_ID,
  id: '0123456789abcdef01234568',
  mongoDBMajorVersion: '8.0',
  mongoDBVersion: '8.0.4',
  name: CLUSTER_NAME,
  paused: false,
  replicationSpecs: [
    {
      id: '0123456789abcdef01234569',
      zoneName: 'Zone 1',
      regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3, diskSizeGB: 10 } }],
    },
  ],
  stateName: 'IDLE',
};

/** The calls a run most often makes; each must exit 0 in pass 2. */
const CALLS = [
  ['clusters', 'list', '-o', 'json'],
  ['clusters', 'list'],
  ['clusters', 'get', CLUSTER_NAME, '-o', 'json'],
  ['clusters', 'get', CLUSTER_NAME],
];

interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** What the service would answer: a digest challenge to an unsigned request, else the resource. */
function answerFor(path: string, signed: boolean): Answer {
  if (!signed) {
    return { statusCode: 401, headers: { 'content-type': 'application/json', 'www-authenticate': CHALLENGE }, body: '{"error":401,"reason":"Unauthorized"}' };
  }
  const type = { 'content-type': 'application/vnd.atlas.2024-08-05+json;charset=utf-8' };
  const pathname = path.split('?')[0] ?? '';
  if (pathname.endsWith(`/clusters/${CLUSTER_NAME}`)) return { statusCode: 200, headers: type, body: JSON.stringify(CLUSTER) };
  const results = pathname.endsWith('/flexClusters') ? [] : [CLUSTER];
  return { statusCode: 200, headers: type, body: JSON.stringify({ links: [], results, totalCount: results.length }) };
}

/** Stands in for undici's connection pool: answers each request from memory, asynchronously, as a socket would. */
class MemoryDispatcher extends Dispatcher {
  override dispatch(options: DispatcherTypes.DispatchOptions, handler: DispatcherTypes.DispatchHandler): boolean {
    // What undici hands a pool is the callback form of a handler (onConnect ... onComplete).
    setImmediate(() => {
      let aborted = false;
      handler.onConnect?.((error?: Error) => {
        aborted = true;
        handler.onError?.(error ?? new Error('aborted'));
      });
      if (aborted) return;
      const headers = options.headers as Record<string, string> | undefined;
      const answer = answerFor(options.path, Boolean(headers && Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')));
      const body = Buffer.from(answer.body);
      const raw = Object.entries({ ...answer.headers, 'content-length': String(body.length) }).flatMap(([name, value]) => [Buffer.from(name), Buffer.from(value)]);
      handler.onHeaders?.(answer.statusCode, raw, () => {}, answer.statusCode === 200 ? 'OK' : 'Unauthorized');
      handler.onData?.(body);
      handler.onComplete?.([]);
    });
    return true;
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    if (callback) callback();
    else return Promise.resolve();
  }

  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | void {
    const callback = typeof first === 'function' ? first : second;
    if (callback) callback();
    else return Promise.resolve();
  }
}

async function run(argv: string[], env: NodeJS.ProcessEnv, options: Parameters<typeof main>[3] = {}): Promise<{ code: number; stderr: string }> {
  const io = IO.test();
  const code = await main(argv, env, io, options);
  return { code, stderr: io.stderr };
}

/** Pass 1: a loopback server that accepts and never answers; undici fails when it asks for its parser. */
async function connectPass(env: NodeJS.ProcessEnv): Promise<void> {
  // Where the builder does have WebAssembly, a real response would leave undici's wasm
  // instance in the heap, which a snapshot cannot hold: this pass is then skipped.
  if ('WebAssembly' in globalThis) return;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  try {
    const port = typeof address === 'object' && address ? address.port : 0;
    // --timeout 0: no deadline, so undici starts none of its own timers. Its timer wheel
    // (util/timers.js) outlives the pass, and in a snapshot it would never tick again:
    // every deadline of every run would then wait forever (test/e2e/sea.test.ts).
    const { code, stderr } = await run(['clusters', 'list', '-o', 'json', '--timeout', '0'], { ...env, CDBA_BASE_URL: `http://127.0.0.1:${port}` });
    if (code !== 7 || !stderr.includes('WebAssembly')) throw new Error(`the connect pass ended ${code}, not at undici's parser: ${stderr}`);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Pass 2: the calls, answered from memory. */
async function memoryPass(env: NodeJS.ProcessEnv, configDir: string): Promise<void> {
  const io = IO.test();
  const client = createApiClient({
    settings: { ...DEFAULTS, profileName: 'default', baseUrl: env.CDBA_BASE_URL ?? '', publicKey: PUBLIC_KEY, privateKey: PRIVATE_KEY, projectId: PROJECT_ID },
    events: apiEventsFor(io),
    configDir,
    userAgentVersion: '0',
    dispatcherFactory: () => new MemoryDispatcher(),
  });
  try {
    for (const argv of CALLS) {
      const { code, stderr } = await run(argv, env, { apiClient: client });
      if (code !== 0) throw new Error(`${argv.join(' ')} exited ${code}: ${stderr}`);
    }
  } finally {
    await client.close();
  }
}

/** Runs both passes; resolves once every server, socket and file it made is gone. */
export async function warmCallPath(): Promise<void> {
  const configDir = mkdtempSync(join(tmpdir(), 'cdba-snapshot-'));
  const env = {
    HOME: configDir,
    CDBA_CONFIG_DIR: configDir,
    CDBA_BASE_URL: 'http://127.0.0.1:9',
    CDBA_PROJECT_ID: PROJECT_ID,
    CDBA_PUBLIC_KEY: PUBLIC_KEY,
    CDBA_PRIVATE_KEY: PRIVATE_KEY,
  };
  try {
    await connectPass(env);
    await memoryPass(env, configDir);
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
}
