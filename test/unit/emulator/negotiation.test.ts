// Version negotiation as the live service does it (reference README, "Which version the
// service serves"): each operation is served at its newest version not after the Accept
// date; the Content-Type names the version served, Deprecation and Sunset describe it.
// 406 for a date before the first version or an Accept that is not a version; 410, with
// the live body, for a date that selects a version gone on the emulated day (--date).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES, OPERATIONS, versionAt, type OperationName } from '../../../src/api/operations.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { convertClusterBody } from '../../../src/model/cluster.js';
import { withEmulator } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { cdba } from '../../helpers/inProcess.js';
import { PROJECT_A, client, modernCreate, testSeed, v2 } from './fixtures.js';

const CLUSTERS = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;

/** The create body in the shape of the version the date selects. */
function createBody(name: string, date: string): Record<string, unknown> {
  return date >= '2024-08-05' ? convertClusterBody(modernCreate(name), 'modern', 'perShard').body : modernCreate(name);
}

interface Case {
  name: OperationName;
  method: string;
  path: (cluster: string) => string;
  body?: (cluster: string, date: string) => Record<string, unknown>;
}

const CASES: Case[] = [
  { name: 'clusters.list', method: 'GET', path: () => CLUSTERS },
  { name: 'clusters.get', method: 'GET', path: (c) => `${CLUSTERS}/${c}` },
  { name: 'clusters.create', method: 'POST', path: () => CLUSTERS, body: createBody },
  { name: 'clusters.update', method: 'PATCH', path: (c) => `${CLUSTERS}/${c}`, body: () => ({ terminationProtectionEnabled: false }) },
  { name: 'clusters.delete', method: 'DELETE', path: (c) => `${CLUSTERS}/${c}` },
];

/** What the table says the service serves for a requested date (the oracle, written out apart from the emulator's code). */
function expected(name: OperationName, requested: string): { date: string; deprecation?: string; sunset?: string } | undefined {
  const versions = OPERATIONS[name].versions;
  let chosen;
  for (const v of versions) if (v.date <= requested) chosen = v;
  return chosen;
}

describe('negotiation, per operation', () => {
  let emu: RunningEmulator;
  let serial = 0;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: testSeed(), transitionMs: 0 }));
  });
  afterAll(() => emu.stop());

  /** A fresh cluster for each call that needs one, so deletes and creates do not collide. */
  async function freshCluster(): Promise<string> {
    serial += 1;
    const name = `n${serial}`;
    const created = await client(emu).request('POST', CLUSTERS, { headers: v2('2023-02-01'), body: modernCreate(name) });
    expect(created.status).toBe(201);
    return name;
  }

  for (const c of CASES) {
    // Between versions, after the newest, and the MCP server's one date for everything.
    for (const requested of ['2024-01-01', '2023-06-30', '2025-03-12', '2099-12-31']) {
      it(`${c.name} at ${requested} is served at its newest version not after it`, async () => {
        const want = expected(c.name, requested)!;
        const cluster = c.name === 'clusters.create' ? `x${++serial}` : await freshCluster();
        const response = await client(emu).request(c.method, c.path(cluster), { headers: v2(requested), ...(c.body ? { body: c.body(cluster, want.date) } : {}) });
        expect(response.status, response.text).toBeLessThan(300);
        expect(response.headers.get('content-type')).toBe(`application/vnd.atlas.${want.date}+json;charset=utf-8`);
        expect(response.headers.get('deprecation')).toBe(want.deprecation ?? null);
        expect(response.headers.get('sunset')).toBe(want.sunset ?? null);
      });
    }
    it(`${c.name} before its first version: 406 INVALID_VERSION_DATE`, async () => {
      const cluster = c.name === 'clusters.create' ? 'early' : await freshCluster();
      const response = await client(emu).request(c.method, c.path(cluster), { headers: v2('2022-12-31'), ...(c.body ? { body: c.body(cluster, '2023-01-01') } : {}) });
      expect([response.status, response.json.errorCode]).toEqual([406, 'INVALID_VERSION_DATE']);
    });
  }

  it('an Accept that is not a version, or none: 406 INVALID_VERSION_DATE', async () => {
    for (const header of ['application/json', '*/*', 'application/vnd.atlas.2024-13-01+json', 'application/vnd.atlas.latest+json']) {
      const response = await client(emu).request('GET', CLUSTERS, { headers: { Accept: header } });
      expect([response.status, response.json.errorCode], header).toEqual([406, 'INVALID_VERSION_DATE']);
    }
    const none = await client(emu).request('GET', CLUSTERS);
    expect(none.status).toBe(406);
  });

  it('an error at a deprecated version carries its Deprecation and Sunset, as recorded; at a current version neither', async () => {
    const recorded = readRecorded('recorded').find((r) => r.file.startsWith('TestFlexCluster__Get_flex_cluster__GET_') && r.file.endsWith('_clusters_cluster-83_1.http'))!;
    expect([recorded.status, recorded.headers['content-type']]).toEqual([400, 'application/json']);
    const flex = await client(emu).request('POST', `/api/atlas/v2/groups/${PROJECT_A}/flexClusters`, {
      headers: v2('2024-11-13'),
      body: { name: 'cluster-83', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } },
    });
    expect(flex.status, flex.text).toBe(201);
    for (const [cluster, status, errorCode] of [
      ['cluster-83', 400, 'CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API'],
      ['nope', 404, 'CLUSTER_NOT_FOUND'],
    ] as const) {
      const deprecated = await client(emu).request('GET', `${CLUSTERS}/${cluster}`, { headers: v2('2023-02-01') });
      expect([deprecated.status, deprecated.json.errorCode, deprecated.headers.get('content-type')]).toEqual([status, errorCode, 'application/json']);
      expect([deprecated.headers.get('deprecation'), deprecated.headers.get('sunset')]).toEqual([recorded.headers.deprecation, recorded.headers.sunset]);
      expect(deprecated.headers.get('ratelimit-limit')).toBe(recorded.headers['ratelimit-limit']);
      const oldest = await client(emu).request('GET', `${CLUSTERS}/${cluster}`, { headers: v2('2023-01-01') });
      expect([oldest.status, oldest.headers.get('deprecation'), oldest.headers.get('sunset')]).toEqual([status, 'Wed, 1 Feb 2023 00:00:00 GMT', 'Thu, 1 Jul 2027 00:00:00 GMT']);
      const current = await client(emu).request('GET', `${CLUSTERS}/${cluster}`, { headers: v2('2024-08-05') });
      expect([current.status, current.json.errorCode, current.headers.get('content-type')]).toEqual([status, errorCode, 'application/json']);
      expect([current.headers.get('deprecation'), current.headers.get('sunset')]).toEqual([null, null]);
    }
  });

  it('a body typed with the date sent in Accept is accepted (the MCP server sends both)', async () => {
    const type = 'application/vnd.atlas.2025-03-12+json';
    const response = await client(emu).request('POST', CLUSTERS, { headers: { Accept: type, 'Content-Type': type }, body: createBody('typed', '2024-10-23') });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/vnd.atlas.2024-10-23+json;charset=utf-8');
  });
});

describe('negotiation on an emulated day (--date)', () => {
  it('a date that selects a version past its Sunset answers 410 with the live body; a newer date is served', async () => {
    const { emu } = await withEmulator({ seed: testSeed(), transitionMs: 0, date: '2027-07-01' });
    try {
      const http = client(emu);
      const created = await http.request('POST', CLUSTERS, { headers: v2('2024-10-23'), body: createBody('kept', '2024-10-23') });
      expect(created.status).toBe(201);
      for (const c of CASES) {
        // 2024-01-01 selects 2023-02-01 everywhere; it is gone on 2027-07-01 except for delete, which has no Sunset there.
        const response = await http.request(c.method, c.path('kept'), { headers: v2('2024-01-01'), ...(c.body ? { body: c.body('kept', '2023-02-01') } : {}) });
        if (c.name === 'clusters.delete') {
          expect(response.status, c.name).toBe(202);
          continue;
        }
        const path = c.path('kept').slice(1);
        expect(response.status, c.name).toBe(410);
        expect(response.json).toEqual({
          detail: `Version 2023-02-01 of ${path} is no longer available.`,
          error: 410,
          errorCode: 'VERSION_GONE',
          parameters: ['2023-02-01', path],
          reason: 'Gone',
        });
      }
      const old = await http.request('DELETE', `${CLUSTERS}/kept`, { headers: v2('2023-01-01') });
      expect(old.status).toBe(410); // delete 2023-01-01: Sunset 2027-07-01
      // 2024-08-05 create and update: Sunset 2027-03-01, gone too; get and list at 2024-08-05 stay.
      const create = await http.request('POST', CLUSTERS, { headers: v2('2024-09-01'), body: createBody('late', '2024-08-05') });
      expect([create.status, create.json.parameters?.[0]]).toEqual([410, '2024-08-05']);
      const list = await http.request('GET', CLUSTERS, { headers: v2('2024-09-01') });
      expect([list.status, list.headers.get('content-type')]).toEqual([200, 'application/vnd.atlas.2024-08-05+json;charset=utf-8']);
    } finally {
      await emu.stop();
    }
  });

  it('on a day before a version was released the service does not have it yet', async () => {
    const { emu } = await withEmulator({ seed: testSeed(), transitionMs: 0, date: '2024-09-01' });
    try {
      const created = await client(emu).request('POST', CLUSTERS, { headers: v2('2025-03-12'), body: createBody('early', '2024-08-05') });
      expect(created.status, created.text).toBe(201);
      expect(created.headers.get('content-type')).toBe('application/vnd.atlas.2024-08-05+json;charset=utf-8');
      expect(created.headers.get('deprecation')).toBeNull(); // its successor, 2024-10-23, is not out yet
    } finally {
      await emu.stop();
    }
  });

  it('the CLI keeps sending its own version; on a 410 its one line names the version to move to', async () => {
    const { emu, env } = await withEmulator({ seed: testSeed(), transitionMs: 0, date: '2027-07-01' });
    try {
      const result = await cdba(['clusters', 'list', '--api-version', '2023-02-01'], { env });
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toBe('cdba: API version 2023-02-01 of clusters has been removed (VERSION_GONE, HTTP 410); use --api-version 2024-08-05\n');
      const current = await cdba(['clusters', 'list', '-o', 'json'], { env });
      expect(current.exitCode, current.stderr).toBe(0);
    } finally {
      await emu.stop();
    }
  });
});

/**
 * A client that sends one date for everything, as MongoDB's MCP server sends 2025-03-12:
 * every operation of the table is reached and served at its newest version not after
 * it. Operations added to the table later are covered without editing this test: their
 * path parameters are filled (the seeded project, else a placeholder) and a write gets
 * `{}`; whatever the handler then says, it must not be a version, route or media-type
 * refusal. Those with a known good request (SUCCEEDS) must succeed.
 */
describe('one date for everything: 2025-03-12 to every operation', () => {
  const DATE = '2025-03-12';
  const SUCCEEDS: Partial<Record<OperationName, { params?: Record<string, string>; body?: Record<string, unknown> }>> = {
    'root.get': {},
    'clusters.list': {},
    'clusters.listAll': {},
    'clusters.get': { params: { clusterName: 'mcp' } },
    'clusters.create': { body: createBody('mcp-new', '2024-10-23') },
    'clusters.update': { params: { clusterName: 'mcp' }, body: { terminationProtectionEnabled: false } },
    'clusters.delete': { params: { clusterName: 'mcp-gone' } },
    'privateIpMode.get': {},
    'privateIpMode.update': { body: { enabled: false } },
    'awsCustomDns.get': {},
    'awsCustomDns.update': { body: { enabled: true } },
  };

  it('reaches every operation of the table and is served at the version the date selects', async () => {
    const { emu } = await withEmulator({ seed: testSeed(), transitionMs: 0 });
    try {
      const http = client(emu);
      for (const name of ['mcp', 'mcp-gone']) {
        expect((await http.request('POST', CLUSTERS, { headers: v2('2024-10-23'), body: createBody(name, '2024-10-23') })).status).toBe(201);
      }
      // A sample load to read back (its id is the service's).
      const load = await http.request('POST', `/api/atlas/v2/groups/${PROJECT_A}/sampleDatasetLoad/mcp`, { headers: v2('2023-01-01') });
      SUCCEEDS['sampleDatasets.get'] = { params: { nameOrId: load.json._id as string } };
      expect(OPERATION_NAMES.length).toBeGreaterThanOrEqual(9);
      for (const name of OPERATION_NAMES) {
        const { method, path } = OPERATIONS[name];
        const known = SUCCEEDS[name];
        const params: Record<string, string> = { groupId: PROJECT_A, ...known?.params };
        const concrete = path.replace(/\{([^}]+)\}/g, (_all, param: string) => encodeURIComponent(params[param] ?? 'placeholder'));
        // A file's operation (the log download) is asked for by its own media type.
        const type = `application/vnd.atlas.${DATE}+${OPERATIONS[name].media ?? 'json'}`;
        const body = method === 'POST' || method === 'PUT' || method === 'PATCH' ? (known?.body ?? {}) : undefined;
        const response = await http.request(method, `/api/atlas/v2${concrete}`, { headers: { Accept: type, ...(body ? { 'Content-Type': type } : {}) }, ...(body ? { body } : {}) });
        const refusal = ['INVALID_VERSION_DATE', 'VERSION_GONE', 'RESOURCE_NOT_FOUND', 'METHOD_NOT_ALLOWED', 'UNSUPPORTED_MEDIA_TYPE'];
        expect(refusal, `${name}: ${response.status} ${response.text}`).not.toContain(response.json?.errorCode);
        if (known) expect(response.status, `${name}: ${response.text}`).toBeLessThan(300);
        if (response.status < 300) {
          expect(response.headers.get('content-type'), name).toBe(OPERATIONS[name].media ? `application/vnd.atlas.${versionAt(name, DATE)!.date}+gzip` : `application/vnd.atlas.${versionAt(name, DATE)!.date}+json;charset=utf-8`);
        }
      }
    } finally {
      await emu.stop();
    }
  });
});
