// A cluster name the service does not know, near one the project has: "did you mean
// <name>?" on the not-found line (issue 43, item 10), in every command that names a
// cluster. One list request, only after a CLUSTER_NOT_FOUND; a list that fails, or
// answers in another shape, changes nothing of what the user is told. A small proxy in
// front of the emulator counts the list requests and answers them as a test chooses.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { didYouMean, editDistance, nearestNames } from '../../../src/core/nearName.js';
import { cdba } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { PROJECT_ID, digestEnv, expectOneErrorLine, knownSeed, modernBody } from '../../reliability/support.js';

let emu: RunningEmulator;
let proxy: Server;
let env: Record<string, string>;
/** The clusters list requests the proxy saw. */
let listed = 0;
/** What the proxy answers to the clusters list instead of forwarding it. */
let listAnswer: { status: number; body: string } | undefined;

const LIST = new RegExp(`^/api/atlas/v2/groups/${PROJECT_ID}/clusters(\\?|$)`);

beforeAll(async () => {
  ({ emu } = await withEmulator({
    seed: knownSeed({
      clusters: ['prod-east', 'prod-west', 'staging'].map((name) => ({ projectId: PROJECT_ID, cluster: { ...modernBody(name), backupEnabled: true } })),
      flexClusters: [{ projectId: PROJECT_ID, cluster: { name: 'tiny', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } } }],
    }),
    transitionMs: 0,
  }));
  const target = new URL(emu.url);
  proxy = createServer((req, res) => {
    if (req.method === 'GET' && LIST.test(req.url ?? '')) {
      listed++;
      if (listAnswer) {
        res.writeHead(listAnswer.status, { 'Content-Type': 'application/vnd.atlas.2024-08-05+json' });
        res.end(listAnswer.body);
        return;
      }
    }
    const forward = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  env = digestEnv(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

/** Runs cdba; what it printed, and how many clusters lists it asked for. */
async function run(args: string[]) {
  listed = 0;
  const result = await cdba(args, { env });
  return { ...result, listed };
}

describe('a near-miss cluster name gets "did you mean"', () => {
  it('in every command that names a cluster: the service\'s line, then the near name; one list request', async () => {
    const cases: string[][] = [
      ['clusters', 'get', 'prod-eats'],
      ['clusters', 'delete', 'prod-eats', '--yes'],
      ['clusters', 'pause', 'prod-eats'],
      ['conn-string', 'get', 'prod-eats'],
      ['search-indexes', 'list', 'prod-eats'],
      ['search-indexes', 'get', 'prod-eats', 'app.items/default'],
      ['backups', 'snapshots', 'list', 'prod-eats'],
      ['backups', 'schedule', 'get', 'prod-eats'],
    ];
    for (const args of cases) {
      const result = await run(args);
      expectOneErrorLine(result, 4, /^cdba: No cluster named prod-eats exists in group [0-9a-f]{24}\. \(CLUSTER_NOT_FOUND, HTTP 404\); did you mean prod-east\?\n$/);
      expect(result.listed, args.join(' ')).toBe(1);
    }
  });

  it('case aside, and equally near names together', async () => {
    expectOneErrorLine(await run(['clusters', 'get', 'Staging']), 4, /; did you mean staging\?\n$/);
    expectOneErrorLine(await run(['clusters', 'get', 'prod-est']), 4, /; did you mean prod-east or prod-west\?\n$/);
  });

  it('no near name: the service\'s line as it was', async () => {
    const far = await run(['clusters', 'get', 'analytics']);
    expectOneErrorLine(far, 4, /^cdba: No cluster named analytics exists in group [0-9a-f]{24}\. \(CLUSTER_NOT_FOUND, HTTP 404\)\n$/);
    expect(far.listed).toBe(1);
  });

  it('no list request for another not-found answer, nor for a name refused before any request', async () => {
    const index = await run(['search-indexes', 'get', 'staging', 'app.items/nope']);
    expectOneErrorLine(index, 4, /has no search index app\.items\/nope/);
    expect(index.stderr).not.toContain('did you mean');
    expect(index.listed).toBe(0);
    const snapshot = await run(['backups', 'snapshots', 'get', 'staging', 'ffffffffffffffffffffffff']);
    expectOneErrorLine(snapshot, 4, /snapshots list staging/);
    expect(snapshot.listed).toBe(0);
    const refused = await run(['clusters', 'get', 'prod_east']);
    expectOneErrorLine(refused, 2, /invalid cluster name/);
    expect(refused.listed).toBe(0);
  });

  it('silent on any failure of the list: an error answer, another shape, names that are not cluster names', async () => {
    const answers: Array<{ status: number; body: string }> = [
      { status: 500, body: JSON.stringify({ detail: 'Unexpected error.', error: 500, errorCode: 'UNEXPECTED_ERROR', parameters: [], reason: 'Internal Server Error' }) },
      { status: 403, body: JSON.stringify({ detail: 'Forbidden.', error: 403, errorCode: 'USER_UNAUTHORIZED', parameters: [], reason: 'Forbidden' }) },
      { status: 200, body: 'null' },
      { status: 200, body: JSON.stringify({ results: 'prod-east' }) },
      { status: 200, body: JSON.stringify({ results: [null, 7, { name: 'prod-eas\u001b[31m' }, { name: 'prod eats' }] }) },
      { status: 200, body: '{"results": [' },
    ];
    try {
      for (const answer of answers) {
        listAnswer = answer;
        const result = await run(['clusters', 'get', 'prod-eats']);
        expectOneErrorLine(result, 4, /^cdba: No cluster named prod-eats exists in group [0-9a-f]{24}\. \(CLUSTER_NOT_FOUND, HTTP 404\)\n$/);
        expect(result.listed, answer.body).toBe(1); // tried once: no retry of a 500
      }
    } finally {
      listAnswer = undefined;
    }
  });

  it('--error-format json carries it as the hint', async () => {
    const result = await run(['--error-format', 'json', 'clusters', 'get', 'prod-eats']);
    expect(result.exitCode).toBe(4);
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { exitCode: 4, errorCode: 'CLUSTER_NOT_FOUND', hint: 'did you mean prod-east?' } });
  });
});

describe('the measure (src/core/nearName.ts, after commander\'s)', () => {
  it('at most two edits, a transposition one, and never too short a word', () => {
    expect(editDistance('prod-eats', 'prod-east')).toBe(1);
    expect(nearestNames('prod-eats', ['prod-east', 'prod-west', 'staging'])).toEqual(['prod-east']);
    expect(nearestNames('c1', ['c2'])).toEqual(['c2']);
    expect(nearestNames('ab', ['xy'])).toEqual([]);
    expect(nearestNames('same', ['same'])).toEqual([]);
    expect(nearestNames('p', ['a', 'b', 'c', 'd'])).toEqual([]);
    expect(nearestNames('app-1', ['app-2', 'app-3', 'app-4', 'app-5'])).toEqual(['app-2', 'app-3', 'app-4']);
    expect(didYouMean(['a', 'b', 'c'])).toBe('did you mean a, b or c?');
    expect(didYouMean([])).toBeUndefined();
  });
});
