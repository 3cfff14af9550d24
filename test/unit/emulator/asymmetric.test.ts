// A cluster whose shards differ, through a version that has one spec with numShards
// (v1.0, 2023-01-01, 2023-02-01): the service refuses reads and writes with 400
// ASYMMETRIC_SHARD_UNSUPPORTED; from 2024-08-05 it is served. The CLI says so in one
// line whose hint is the same command at 2024-08-05, with the user's flags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import { cdba } from '../../helpers/inProcess.js';
import { PROJECT_A, client, testSeed, v2 } from './fixtures.js';

const V2 = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;
const V1 = `/api/atlas/v1.0/groups/${PROJECT_A}/clusters`;
const shard = (tier: string) => ({
  regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: tier, nodeCount: 3, diskSizeGB: 40 } }],
});

describe('asymmetric shards through the older versions', () => {
  let emu: RunningEmulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    ({ emu, env } = await withEmulator({ seed: testSeed(), transitionMs: 0 }));
    const body = { name: 'lopsided', clusterType: 'SHARDED', mongoDBMajorVersion: '8.0', replicationSpecs: [shard('M30'), shard('M40')] };
    const created = await client(emu).request('POST', V2, { headers: v2('2024-10-23'), body });
    expect(created.status, created.text).toBe(201);
    const even = { name: 'even', clusterType: 'SHARDED', mongoDBMajorVersion: '8.0', replicationSpecs: [shard('M30'), shard('M30')] };
    expect((await client(emu).request('POST', V2, { headers: v2('2024-10-23'), body: even })).status).toBe(201);
  });
  afterAll(() => emu.stop());

  for (const version of ['v1.0', '2023-01-01', '2023-02-01']) {
    it(`${version}: get, list and patch answer 400 ASYMMETRIC_SHARD_UNSUPPORTED`, async () => {
      const base = version === 'v1.0' ? V1 : V2;
      const headers = version === 'v1.0' ? {} : v2(version);
      for (const [method, path, body] of [
        ['GET', `${base}/lopsided`, undefined],
        ['GET', base, undefined],
        ['PATCH', `${base}/lopsided`, { mongoDBMajorVersion: '8.0' }],
      ] as const) {
        const response = await client(emu).request(method, path, { headers, ...(body ? { body } : {}) });
        expect([response.status, response.json.errorCode], `${method} ${path}`).toEqual([400, 'ASYMMETRIC_SHARD_UNSUPPORTED']);
        expect(response.json.parameters).toEqual(['lopsided', version]);
      }
      // Shards that differ only in being several are fine: that is what numShards says.
      expect((await client(emu).request('GET', `${base}/even`, { headers })).status).toBe(200);
    });
  }

  it('2024-08-05 and later serve it, each shard its own spec', async () => {
    const response = await client(emu).request('GET', `${V2}/lopsided`, { headers: v2('2025-03-12') });
    expect(response.status).toBe(200);
    expect(response.json.replicationSpecs.map((s: { regionConfigs: Array<{ electableSpecs: { instanceSize: string } }> }) => s.regionConfigs[0]!.electableSpecs.instanceSize)).toEqual(['M30', 'M40']);
  });

  it('the CLI: one line, the hint the same command at 2024-08-05 with the user\'s flags', async () => {
    const { CDBA_PROJECT_ID: _project, CDBA_BASE_URL: _url, ...keys } = env;
    const args = ['--base-url', emu.url, '--project-id', PROJECT_A, 'clusters', 'get', 'lopsided', '--api-version', '2023-02-01'];
    const result = await cdba(args, { env: keys });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^cdba: .*\(ASYMMETRIC_SHARD_UNSUPPORTED, HTTP 400\); use --api-version 2024-08-05 or newer: /);
    expect(lines[0]!.endsWith(`: cdba --base-url ${emu.url} --project-id ${PROJECT_A} clusters get lopsided --api-version 2024-08-05`)).toBe(true);
    const again = await cdba(['--base-url', emu.url, '--project-id', PROJECT_A, 'clusters', 'get', 'lopsided', '--api-version', '2024-08-05', '-o', 'json'], { env: keys });
    expect(again.exitCode, again.stderr).toBe(0);
  });

  it('delete has no 2024 version: 2023-02-01 deletes it', async () => {
    const response = await client(emu).request('DELETE', `${V2}/lopsided`, { headers: v2('2023-02-01') });
    expect(response.status).toBe(202);
  });
});
