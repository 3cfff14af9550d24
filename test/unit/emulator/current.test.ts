// The emulator at the versions the service serves now (issue 13): 2024-08-05 and
// 2024-10-23 clusters reproduce the recorded responses' shape, the lifecycle follows
// --date, and nothing sent is silently dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { READ_ONLY_FIELDS } from '../../../src/model/cluster.js';
import { withEmulator } from '../../helpers/emulator.js';
import type { DigestClient } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { PROJECT_A, PROJECT_B, TestClock, client, isObject, modernCreate, signature, tenantCreate, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, unknown>;
/** A recorded cluster as a create body: its writable fields, in the shape it was recorded in. */
function createBodyFrom(recorded: Doc, name: string): Doc {
  const body = structuredClone(recorded);
  for (const path of READ_ONLY_FIELDS.perShard) {
    const [head, ...rest] = path.split('.');
    if (rest.length === 0) delete body[head!];
  }
  for (const key of ['tags', 'labels']) delete body[key];
  body.name = name;
  for (const spec of (body.replicationSpecs as Doc[]) ?? []) {
    delete spec.id;
    delete spec.zoneId;
    for (const region of (spec.regionConfigs as Doc[]) ?? []) {
      for (const key of ['effectiveElectableSpecs', 'effectiveReadOnlySpecs', 'effectiveAnalyticsSpecs']) delete region[key];
      delete (region.electableSpecs as Doc | undefined)?.effectiveInstanceSize;
    }
  }
  return body;
}

const clock = new TestClock();
let emu: RunningEmulator;
let c: DigestClient;
const clusters = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: testSeed(), clock: clock.read, transitionMs: 1000, rateLimitPerMinute: 10_000 }));
  c = client(emu);
});
afterAll(() => emu.stop());

describe('recorded 2024-08-05 / 2024-10-23 clusters', () => {
  it('the emulator reproduces the field names, nesting and types of every recorded 2024-* cluster', async () => {
    const recorded = readRecorded().filter((r) => /vnd\.atlas\.2024-/.test(r.headers['content-type'] ?? '') && r.body.trim().startsWith('{'));
    let reproduced = 0;
    const differ: string[] = [];
    for (const [i, r] of recorded.entries()) {
      const raw = JSON.parse(r.body) as Doc;
      const doc = Array.isArray(raw.results) ? (raw.results[0] as Doc) : raw;
      const version = /2024-\d\d-\d\d/.exec(r.headers['content-type']!)![0];
      const name = `rec-${i}`;
      const created = await c.request('POST', clusters, { headers: v2('2024-10-23'), body: { ...createBodyFrom(doc, name), ...(isObject(doc) && Array.isArray(doc.tags) && doc.tags.length > 0 ? { tags: doc.tags } : {}) } });
      expect(created.status, `${r.file}: ${JSON.stringify(created.json)}`).toBe(201);
      clock.advance(1000); // IDLE, strings issued
      const read = r.status === 201 ? created : await c.request('GET', `${clusters}/${name}`, { headers: v2(version === '2024-10-23' ? '2024-08-05' : version) });
      const strip = (s: Set<string>) => [...s].filter((p) => !p.startsWith('.connectionStrings') && !p.startsWith('.links')).sort();
      const missing = strip(signature(doc)).filter((p) => !signature(read.json).has(p));
      const extra = strip(signature(read.json)).filter((p) => !signature(doc).has(p));
      if (missing.length === 0 && extra.length === 0) reproduced += 1;
      else differ.push(`${r.file.split('__')[1]}: missing ${missing.join(' ')} extra ${extra.join(' ')}`);
    }
    // While a shared-tier cluster is being upgraded to a dedicated tier, the live service leaves
    // diskWarmingMode and/or useAwsTimeBasedSnapshotCopyForFastInitialSync out (7 recordings of that one
    // transient sequence); the emulator upgrades at once and always sends both. Nothing else differs.
    expect(differ).toHaveLength(7);
    for (const line of differ) {
      expect(line).toMatch(/^Upgrade_to_dedicated_tier: missing {2}extra( \.(diskWarmingMode:string|useAwsTimeBasedSnapshotCopyForFastInitialSync:boolean))+$/);
    }
    expect(reproduced).toBe(recorded.length - 7);
    expect([reproduced, recorded.length]).toEqual([29, 36]);
  });
});

describe('the recorded v1.0 shared-tier (M0) cluster', () => {
  it('get and list reproduce it, providerSettings.autoScaling included; only the recording\'s own expiry differs', async () => {
    const recorded = readRecorded().find((r) => r.file.includes('_api_atlas_v1.0_groups_'))!;
    const doc = JSON.parse(recorded.body) as Doc;
    const v1 = `/api/atlas/v1.0/groups/${PROJECT_B}/clusters`;
    expect((await c.request('POST', v1, { body: { name: 'm0', providerSettings: { providerName: 'TENANT', backingProviderName: 'AWS', instanceSizeName: 'M0', regionName: 'US_EAST_1' } } })).status).toBe(201);
    clock.advance(1000);
    const got = (await c.request('GET', `${v1}/m0`)).json as Doc;
    const listed = ((await c.request('GET', v1)).json.results as Doc[]).find((r) => r.name === 'm0')!;
    for (const answer of [got, listed]) {
      expect(answer.providerSettings).toEqual(doc.providerSettings);
      const missing = [...signature(doc)].filter((p) => !signature(answer).has(p));
      const extra = [...signature(answer)].filter((p) => !signature(doc).has(p));
      // The live cluster was made by a test harness that sets an expiry; no create here asks for one.
      expect([missing, extra]).toEqual([['.deleteAfterDate:string'], []]);
    }
  });
});

describe('nothing silently ignored', () => {
  it('PATCH of diskSizeGB on a shared-tier cluster: 400 naming the field, at every version', async () => {
    expect((await c.request('POST', clusters, { headers: v2('2023-02-01'), body: tenantCreate('free') })).status).toBe(201);
    const old = await c.request('PATCH', `${clusters}/free`, { headers: v2('2023-02-01'), body: { diskSizeGB: 20 } });
    expect([old.status, old.json.errorCode, old.json.parameters]).toEqual([400, 'INVALID_ATTRIBUTE', ['diskSizeGB']]);
    const now = await c.request('PATCH', `${clusters}/free`, {
      headers: v2('2024-10-23'),
      body: { replicationSpecs: [{ regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0', diskSizeGB: 20 } }] }] },
    });
    expect([now.status, now.json.errorCode]).toEqual([400, 'INVALID_ATTRIBUTE']);
    expect(now.json.detail).toContain('diskSizeGB');
  });

  it('a nested read-only field (replicationSpecs[].id): 400 naming it', async () => {
    const body = { ...modernCreate('ro'), replicationSpecs: [{ id: 'a'.repeat(24), regionConfigs: (modernCreate('x').replicationSpecs as Doc[])[0]!.regionConfigs }] };
    const answer = await c.request('POST', clusters, { headers: v2('2023-02-01'), body });
    expect([answer.status, answer.json.errorCode, answer.json.parameters]).toEqual([400, 'ATTRIBUTE_READ_ONLY', ['replicationSpecs.id']]);
  });

  it('a 201 from create has no tags when none were given; later reads show []', async () => {
    const created = await c.request('POST', clusters, { headers: v2('2024-10-23'), body: modernCreate('untagged') });
    expect(created.status).toBe(201);
    expect(created.json).not.toHaveProperty('tags');
    expect((await c.request('GET', `${clusters}/untagged`, { headers: v2('2024-08-05') })).json.tags).toEqual([]);
  });

  it('independent shard scaling: shards with different tiers and disks at 2024-10-23, per shard at 2024-08-05, refused at 2023-02-01', async () => {
    const shard = (tier: string, disk: number) => ({ zoneName: 'Zone 1', regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: tier, nodeCount: 3, diskSizeGB: disk } }] });
    const created = await c.request('POST', clusters, { headers: v2('2024-10-23'), body: { name: 'iss', clusterType: 'SHARDED', replicationSpecs: [shard('M30', 40), shard('M40', 80)] } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const read = (await c.request('GET', `${clusters}/iss`, { headers: v2('2024-08-05') })).json;
    const specs = read.replicationSpecs as Array<{ regionConfigs: Array<{ electableSpecs: Doc }> }>;
    expect(specs.map((s) => [s.regionConfigs[0]!.electableSpecs.instanceSize, s.regionConfigs[0]!.electableSpecs.diskSizeGB])).toEqual([['M30', 40], ['M40', 80]]);
    const old = await c.request('GET', `${clusters}/iss`, { headers: v2('2023-02-01') });
    expect([old.status, old.json.errorCode]).toEqual([400, 'ASYMMETRIC_SHARD_UNSUPPORTED']); // asymmetric.test.ts
  });
});

describe('lifecycle: --date', () => {
  it('past the Sunset of 2023-02-01, its cluster reads and writes answer 410; delete, root and privateIpMode stay', async () => {
    const { emu: future } = await withEmulator({ seed: testSeed(), date: '2027-07-01' });
    try {
      const f = client(future);
      const gone = await f.request('GET', clusters, { headers: v2('2023-02-01') });
      expect([gone.status, gone.json.errorCode]).toEqual([410, 'VERSION_GONE']);
      expect((await f.request('GET', clusters, { headers: v2('2023-01-01') })).status).toBe(410);
      expect((await f.request('GET', clusters, { headers: v2('2024-08-05') })).status).toBe(200);
      // delete has no successor, so no Sunset: 2023-02-01 stays.
      expect((await f.request('DELETE', `${clusters}/nope`, { headers: v2('2023-02-01') })).status).toBe(404);
      expect((await f.request('GET', `/api/atlas/v2/groups/${PROJECT_A}/privateIpMode`, { headers: v2('2023-01-01') })).status).toBe(200);
      expect((await f.request('GET', '/api/atlas/v2', { headers: v2('2023-01-01') })).status).toBe(200);
      const before = client(emu);
      const today = await before.request('GET', `/api/atlas/v2/groups/${PROJECT_B}/clusters`, { headers: v2('2023-02-01') });
      expect(today.status).toBe(200);
      expect(today.headers.get('deprecation')).toBe('Mon, 5 Aug 2024 00:00:00 GMT');
      expect(today.headers.get('sunset')).toBe('Thu, 1 Jul 2027 00:00:00 GMT');
    } finally {
      await future.stop();
    }
  });
});
