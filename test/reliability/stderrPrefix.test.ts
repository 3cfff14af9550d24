// Every line cdba prints on stderr carries its prefix (issue 32, item 5): `env down`
// once printed `rate limited (429); retrying in 24s` bare. The paths that write
// notices are run here, in a pipe and on a terminal (where the line may be an ora
// spinner's frame, or a prompt), and every line of stderr is scanned. The one exception is the
// --debug transcript, whose lines carry their own markers (`> `, `< `).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { cdba, tempDir, type CliResult } from '../helpers/inProcess.js';
import { OWNER, ownerEnv, replicaSet } from '../e2e/conn-string/world.js';
import { digestEnv, testServer, type TestServer } from './support.js';

const PROJECT = 'c0000000000000000000000a';
const PEERED = ['c0000000000000000000000b', 'c0000000000000000000000c'];
const SPINNER = '[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]';
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** The lines of stderr that lack the prefix: a terminal's frames split at \r, colour and cursor codes taken out. */
function unprefixed(stderr: string): string[] {
  return stderr
    .replace(ANSI, '')
    .split(/[\r\n]/)
    .filter((line) => line.trim() !== '')
    .filter((line) => !new RegExp(`^(${SPINNER} )?cdba:( |$)`).test(line));
}

let emu: RunningEmulator;
let limited: TestServer;
beforeAll(async () => {
  emu = await startEmulator({
    seed: {
      projects: [
        { id: PROJECT, name: 'prefix' },
        ...PEERED.map((id, i) => ({ id, name: `peered-${i}`, privateIpMode: true, peering: true })),
      ],
      apiKeys: [{ ...OWNER, roles: [PROJECT, ...PEERED].map((projectId) => ({ projectId, roleName: 'GROUP_OWNER' })) }],
      clusters: [
        { projectId: PROJECT, cluster: replicaSet('c1') },
        { projectId: PROJECT, cluster: replicaSet('c2') },
        ...PEERED.map((projectId) => ({ projectId, cluster: replicaSet('p1') })),
      ],
      rateLimit: { perMinute: 100_000 },
      transitionMs: 0,
    },
  });
  // The first answer of each run is a 429 with Retry-After: 0, then an empty list: a retry wait every time.
  let served = 0;
  limited = await testServer((req: IncomingMessage, res: ServerResponse) => {
    if (served++ % 2 === 0) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(JSON.stringify({ error: 429, errorCode: 'RATE_LIMITED', detail: 'slow down' }));
      return;
    }
    const accept = String(req.headers.accept ?? '');
    res.writeHead(200, { 'content-type': accept.startsWith('application/vnd.atlas.') ? accept : 'application/json' });
    res.end(JSON.stringify({ results: [], totalCount: 0, links: [] }));
  });
});
afterAll(async () => {
  await emu.stop();
  await limited.close();
});

const env = (): Record<string, string> => ownerEnv(emu.url, PROJECT, { NO_COLOR: '1' });
const dir = tempDir('cdba-prefix-');
const legacyBody = join(dir, 'legacy.json');
writeFileSync(legacyBody, JSON.stringify({ name: 'applied', providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' }, replicationFactor: 3 }));

/**
 * The notice paths, each run in a pipe and on a terminal unless it exists in one only
 * (the page footer is a terminal's; a wait of 0 s may end before a spinner draws, and
 * ora's frames are checked in test/unit/core/io.test.ts); `said` is what it must have
 * printed, so the scan is known to have seen it.
 */
interface NoticePath {
  name: string;
  args: (tty: boolean) => string[];
  env?: () => Record<string, string>;
  said: RegExp;
  exit?: number;
  only?: 'terminal' | 'pipe';
  input?: string;
}
const PATHS: NoticePath[] = [
  {
    name: 'a retry wait (429), as env down met it',
    args: () => ['clusters', 'list', '-o', 'json', '--api-version', '2024-08-05'],
    env: () => ({ ...digestEnv(limited.url), CDBA_PROJECT_ID: PROJECT }),
    said: /^cdba: rate limited \(429\); retrying in 0s$/m,
    only: 'pipe',
  },
  { name: 'a deprecation warning', args: () => ['clusters', 'list', '-o', 'json', '--api-version', '2023-02-01'], said: /warning: API version 2023-02-01/ },
  { name: 'watch lines', args: (tty) => ['clusters', 'pause', tty ? 'c1' : 'c2', '--watch'], said: /cluster c\d is/ },
  { name: 'a conversion note and the plan', args: () => ['clusters', 'apply', '--file', legacyBody, '--dry-run', '-o', 'table'], said: /converted to 2024-10-23[^]*\+ create cluster applied/ },
  { name: 'the page footer', args: () => ['clusters', 'list', '--limit', '1'], said: /showing 1–1 of 2/, only: 'terminal' },
  { name: 'an explanation before a confirmation', args: (tty) => ['private-ip', 'disable', '--yes', '--project-id', PEERED[tty ? 0 : 1]!], said: /Private IP mode \(peering-only mode\) is on/ },
  { name: 'env down with nothing to remove', args: () => ['env', 'down', 'never-made', '--yes'], said: /env never-made/ },
  { name: 'an error line with its hint', args: () => ['clusters', 'get', 'nope'], said: /nope/, exit: 4 },
  { name: 'a confirmation, answered no', args: () => ['clusters', 'delete', 'c2'], input: 'n\n', said: /Delete cluster "c2"[^]*cancelled/, exit: 15, only: 'terminal' },
];

const RUNS = PATHS.flatMap((path) =>
  [true, false].filter((tty) => path.only === undefined || (path.only === 'terminal') === tty).map((tty) => [`${path.name}, ${tty ? 'on a terminal' : 'in a pipe'}`, path, tty] as const),
);

describe('every stderr line starts with cdba:', () => {
  it.each(RUNS)('%s', async (_name, path, tty) => {
    const result: CliResult = await cdba(path.args(tty), { env: path.env?.() ?? env(), tty, input: path.input ?? '', ...(tty ? { columns: 100 } : {}) });
    expect(result.exitCode, result.stderr).toBe(path.exit ?? 0);
    expect(result.stderr.replace(ANSI, '')).toMatch(path.said);
    expect(unprefixed(result.stderr)).toEqual([]);
  });

  it('the --debug transcript is the exception: its lines are marked > and <', async () => {
    const result = await cdba(['clusters', 'get', 'c2', '-o', 'json', '--debug'], { env: env() });
    expect(result.exitCode, result.stderr).toBe(0);
    const other = unprefixed(result.stderr);
    expect(other.length).toBeGreaterThan(0);
    expect(other.filter((line) => !/^[<>] /.test(line))).toEqual([]);
  });
});
