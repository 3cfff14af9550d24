// `clusters list` when the flex list fails and the clusters list does not: the
// table shows what was read, one stderr line names what could not be listed, and
// the exit code is that failure's (3 for a 403, 7 for 5xx after retries). A small
// proxy in front of the emulator answers the flex list with the failure and
// forwards everything else as it is.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { cdba } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'f0000000000000000000001b';
let emu: RunningEmulator;
let proxy: Server;
let proxyUrl: string;
/** What the proxy answers to the flex list: a status and its body, or undefined to forward it. */
let flexAnswer: { status: number; body: Record<string, unknown> } | undefined;
let flexAsked = 0;

beforeAll(async () => {
  emu = await startEmulator({
    seed: {
      projects: [{ id: PROJECT, name: 'flex-fails' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      clusters: [{ projectId: PROJECT, cluster: { name: 'app', replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }] } }],
      flexClusters: [{ projectId: PROJECT, cluster: { name: 'small', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } } }],
      rateLimit: { perMinute: 1_000_000 },
    },
  });
  const target = new URL(emu.url);
  proxy = createServer((req, res) => {
    if (flexAnswer && req.method === 'GET' && /\/flexClusters(\?|$)/.test(req.url ?? '')) {
      flexAsked++;
      res.writeHead(flexAnswer.status, { 'Content-Type': 'application/json', 'Retry-After': '0' });
      res.end(JSON.stringify(flexAnswer.body));
      return;
    }
    const forward = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

const list = (args: string[] = []) => cdba(['clusters', 'list', '-o', 'table', ...args], { env: { ...ownerEnv(proxyUrl, PROJECT), NO_COLOR: '1' } });
const names = (stdout: string) => stdout.trimEnd().split('\n').slice(1).map((line) => line.split('\t')[0]);

describe('clusters list when the flex list fails', () => {
  it('forwarded: both kinds in the table, exit 0', async () => {
    flexAnswer = undefined;
    const result = await list();
    expect(result.exitCode).toBe(0);
    expect(names(result.stdout)).toEqual(['app', 'small']);
  });

  it.each([
    ['a 403', 3, { status: 403, body: { detail: 'You are not authorized for this resource.', error: 403, errorCode: 'USER_UNAUTHORIZED', parameters: [], reason: 'Forbidden' } }, 1],
    ['a 503, after retries', 7, { status: 503, body: { detail: 'Service unavailable.', error: 503, errorCode: 'SERVICE_UNAVAILABLE', parameters: [], reason: 'Service Unavailable' } }, 5],
  ] as const)('%s: the dedicated clusters shown, one line naming what could not be listed, exit %i', async (_what, code, answer, attempts) => {
    for (const args of [[], ['--all']]) {
      flexAnswer = answer;
      flexAsked = 0;
      const result = await list(args);
      expect(result.exitCode).toBe(code);
      expect(names(result.stdout)).toEqual(['app']);
      // The last line (before it, a 503 gets a line per retry).
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines.filter((line) => line.includes('could not be listed'))).toHaveLength(1);
      expect(lines.at(-1)).toMatch(/^cdba: the flex clusters could not be listed \(the table shows the others\): /);
      expect(flexAsked).toBe(attempts);
    }
  });

  it('-o json is the clusters API\'s document and does not ask the flex API', async () => {
    flexAnswer = { status: 403, body: { error: 403, errorCode: 'USER_UNAUTHORIZED', reason: 'Forbidden' } };
    flexAsked = 0;
    const result = await cdba(['clusters', 'list', '-o', 'json'], { env: ownerEnv(proxyUrl, PROJECT) });
    expect(result.exitCode).toBe(0);
    expect(flexAsked).toBe(0);
  });
});
