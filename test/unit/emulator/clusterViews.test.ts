// The emulator keeps each cluster's rendered view until the cluster or its project
// changes (src/emulator/clusterViews.ts). Every read here follows a read that filled
// the cache, so a stale view would show: a change must be visible in the very next
// GET and list, in every shape, and pretty/envelope, links and paging must not change.
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterViews } from '../../../src/emulator/resources/clusters/views.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { JsonText } from '../../../src/base/jsonText.js';
import { serializeJson } from '../../../src/emulator/jsonText.js';
import type { ClusterRecord } from '../../../src/emulator/resources/clusters/index.js';
import type { ProjectState } from '../../../src/emulator/resources/projects/index.js';
import type { ProjectFacts } from '../../../src/emulator/resources/clusters/views.js';
import { withEmulator } from '../../helpers/emulator.js';
import type { DigestClient } from '../../helpers/emulator.js';
import { PROJECT_A, PROJECT_B, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';

const clock = new TestClock();
let emu: RunningEmulator;
let c: DigestClient;
const NEW = v2('2023-02-01');
const OLD = v2('2023-01-01');
const v1 = (project: string) => `/api/atlas/v1.0/groups/${project}/clusters`;
const v2p = (project: string) => `/api/atlas/v2/groups/${project}/clusters`;

beforeAll(async () => {
  const seed = testSeed({
    projects: [
      { id: PROJECT_A, name: 'alpha' },
      { id: PROJECT_B, name: 'beta', privateIpMode: true },
    ],
    clusters: [
      ...['s1', 's2', 's3', 's4', 's5'].map((name) => ({ projectId: PROJECT_A, cluster: modernCreate(name) })),
      { projectId: PROJECT_B, cluster: modernCreate('ip') },
    ],
  });
  ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: 1000 }));
  c = client(emu);
});
afterAll(() => emu.stop());

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const get = async (path: string, headers: Record<string, string> = NEW): Promise<Doc> => {
  const answer = await c.request('GET', path, { headers });
  expect(answer.status).toBe(200);
  return answer.json as Doc;
};
const inList = async (path: string, name: string, headers: Record<string, string> = NEW): Promise<Doc> =>
  ((await get(`${path}?itemsPerPage=500`, headers)).results as Doc[]).find((r) => r.name === name)!;

describe('cached cluster views', () => {
  it('a PATCH shows in the next GET and list, in both shapes', async () => {
    for (const headers of [NEW, OLD]) await get(`${v2p(PROJECT_A)}/s1`, headers);
    await get(`${v1(PROJECT_A)}/s1`, {});
    await inList(v2p(PROJECT_A), 's1');
    await inList(v1(PROJECT_A), 's1', {});

    const patched = await c.request('PATCH', `${v2p(PROJECT_A)}/s1`, { headers: NEW, body: { mongoDBMajorVersion: '8.0', tags: [{ key: 'k', value: 'v' }] } });
    expect(patched.json.mongoDBVersion).toBe('8.0.29');
    for (const doc of [await get(`${v2p(PROJECT_A)}/s1`), await inList(v2p(PROJECT_A), 's1'), await get(`${v2p(PROJECT_A)}/s1`, OLD), await inList(v1(PROJECT_A), 's1', {})]) {
      expect(doc.mongoDBVersion).toBe('8.0.29');
      expect(doc.stateName).toBe('UPDATING');
      expect(doc.tags).toEqual([{ key: 'k', value: 'v' }]);
    }
    // A legacy PATCH of the topology shows in the modern shape too.
    await c.request('PATCH', `${v1(PROJECT_A)}/s2`, { body: { replicationFactor: 5 } });
    expect((await inList(v2p(PROJECT_A), 's2')).replicationSpecs[0].regionConfigs[0].electableSpecs.nodeCount).toBe(5);
    expect((await get(`${v2p(PROJECT_A)}/s2`)).replicationSpecs[0].regionConfigs[0].electableSpecs.nodeCount).toBe(5);
  });

  it('state transitions show in the next GET and list: CREATING -> IDLE issues the strings, DELETING, then gone', async () => {
    await c.request('POST', v2p(PROJECT_A), { headers: NEW, body: modernCreate('fresh') });
    expect((await get(`${v2p(PROJECT_A)}/fresh`)).connectionStrings).toEqual({});
    expect((await inList(v1(PROJECT_A), 'fresh', {})).mongoURI).toBeUndefined();
    clock.advance(1000);
    const idle = await get(`${v2p(PROJECT_A)}/fresh`);
    expect(idle.stateName).toBe('IDLE');
    expect(idle.connectionStrings.standardSrv).toMatch(/^mongodb\+srv:\/\/fresh\./);
    const legacy = await inList(v1(PROJECT_A), 'fresh', {});
    expect(legacy.mongoURIWithOptions).toBe(idle.connectionStrings.standard);
    expect(legacy.mongoURIUpdated).toBe('2026-08-10T09:00:01Z');
    expect((await inList(v2p(PROJECT_A), 's1')).stateName).toBe('IDLE'); // the update of the test before ended too

    await c.request('DELETE', `${v2p(PROJECT_A)}/fresh`, { headers: NEW });
    expect((await get(`${v2p(PROJECT_A)}/fresh`)).stateName).toBe('DELETING');
    expect((await inList(v1(PROJECT_A), 'fresh', {})).stateName).toBe('DELETING');
    clock.advance(1000);
    expect((await c.request('GET', `${v2p(PROJECT_A)}/fresh`, { headers: NEW })).status).toBe(404);
    expect(await inList(v2p(PROJECT_A), 'fresh')).toBeUndefined();
  });

  it("a change of the project's private IP mode shows in its clusters' strings at once", async () => {
    expect((await get(`${v2p(PROJECT_B)}/ip`)).connectionStrings.private).toBeDefined();
    expect((await inList(v1(PROJECT_B), 'ip', {})).connectionStrings.private).toBeDefined();
    const off = await c.request('PATCH', `/api/atlas/v1.0/groups/${PROJECT_B}/privateIpMode`, { body: { enabled: false } });
    expect(off.json.enabled).toBe(false);
    expect((await get(`${v2p(PROJECT_B)}/ip`)).connectionStrings.private).toBeUndefined();
    expect((await inList(v1(PROJECT_B), 'ip', {})).connectionStrings.private).toBeUndefined();
  });

  it('pretty and envelope give the same documents as a plain read, and paging keeps its order', async () => {
    const plain = await c.request('GET', `${v2p(PROJECT_A)}?itemsPerPage=2&pageNum=2`, { headers: NEW });
    const pretty = await c.request('GET', `${v2p(PROJECT_A)}?itemsPerPage=2&pageNum=2&pretty=true`, { headers: NEW });
    expect(pretty.text).toBe(JSON.stringify(plain.json, null, 2));
    expect(plain.text).toBe(JSON.stringify(plain.json));
    expect(Object.keys(plain.json)).toEqual(['links', 'results', 'totalCount']);
    expect(plain.json.results.map((r: Doc) => r.name)).toEqual(['s3', 's4']);
    const enveloped = await c.request('GET', `${v2p(PROJECT_A)}?itemsPerPage=2&pageNum=2&envelope=true`, { headers: NEW });
    expect(enveloped.json).toEqual({ ...plain.json, status: 200 });
    expect(Object.keys(enveloped.json)).toEqual(['links', 'results', 'totalCount', 'status']);

    const single = await c.request('GET', `${v2p(PROJECT_A)}/s3`, { headers: NEW });
    const both = await c.request('GET', `${v2p(PROJECT_A)}/s3?envelope=true&pretty=true`, { headers: NEW });
    expect(both.text).toBe(JSON.stringify({ content: single.json, status: 200 }, null, 2));
    // The list item and the single document differ only in their links.
    const { links: itemLinks, ...item } = plain.json.results[0];
    const { links: singleLinks, ...whole } = single.json;
    expect(item).toEqual(whole);
    expect(itemLinks.map((l: Doc) => l.rel)).toEqual(['self']);
    expect(singleLinks.map((l: Doc) => l.rel)).toEqual(['self', 'https://cloud.mongodb.com/restoreJobs', 'https://cloud.mongodb.com/snapshots']);
  });

  it('links follow the Host header and the API flavour of each request, not of the request that filled the cache', async () => {
    const [self] = (await get(`${v2p(PROJECT_A)}/s4`)).links as Doc[];
    expect(self!.href).toBe(`${emu.url}/api/atlas/v2/groups/${PROJECT_A}/clusters/s4`);
    const [legacySelf] = (await get(`${v1(PROJECT_A)}/s4`, {})).links as Doc[];
    expect(legacySelf!.href).toBe(`${emu.url}/api/atlas/v1.0/groups/${PROJECT_A}/clusters/s4`);
    for (const host of ['one.example:8443', 'two.example']) {
      const doc = JSON.parse(await rawGet(`/api/atlas/v2/groups/${PROJECT_A}/clusters/s4`, host));
      expect(doc.links[0].href).toBe(`http://${host}/api/atlas/v2/groups/${PROJECT_A}/clusters/s4`);
    }
  });
});

/** A GET with a Host header of our choosing (fetch does not let us set one): challenge, then the signed request. */
async function rawGet(path: string, host: string): Promise<string> {
  const port = Number(new URL(emu.url).port);
  const once = (authorization?: string) =>
    new Promise<{ status: number; challenge: string[]; text: string }>((resolve, reject) => {
      const headers: Record<string, string> = { host, accept: NEW.Accept! };
      if (authorization) headers.authorization = authorization;
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const value = res.headers['www-authenticate'];
          resolve({ status: res.statusCode!, challenge: value === undefined ? [] : [value].flat(), text });
        });
      });
      req.on('error', reject);
      req.end();
    });
  const first = await once();
  const signer = client(emu);
  signer.adopt(first.challenge);
  const second = await once(signer.authorization('GET', path));
  expect(second.status).toBe(200);
  return second.text;
}

describe('ClusterViews', () => {
  const project: ProjectState & ProjectFacts = { id: PROJECT_A, name: 'p', privateIpMode: false, awsCustomDns: false, peered: [], privateEndpoints: [], orgId: PROJECT_A, created: '2026-01-01T00:00:00Z', withDefaultAlertsSettings: true, ipAccessList: [] };
  const record = { model: { stateName: 'IDLE', name: 'x' }, legacyStrings: false, requests: [] } as unknown as ClusterRecord;

  it('issues strings and renders once per change, hands out frozen strings, and keys views by variant', () => {
    let issued = 0;
    let rendered = 0;
    const views = new ClusterViews((p) => ({ n: ++issued, privateIpMode: p.privateIpMode }));
    const render = (strings: Record<string, unknown>) => ({ rendered: ++rendered, strings });
    const first = views.view(project, record, 'a', render);
    expect(views.view(project, record, 'a', render)).toBe(first);
    expect(JSON.parse(first.text)).toEqual({ rendered: 1, strings: { n: 1, privateIpMode: false } });
    expect(views.view(project, record, 'b', render).text).toBe('{"rendered":2,"strings":{"n":1,"privateIpMode":false}}');
    expect(Object.isFrozen(views.connectionStrings(project, record))).toBe(true);
    expect(Object.isFrozen(first)).toBe(true);

    record.model.stateName = 'DELETING';
    expect(JSON.parse(views.view(project, record, 'a', render).text)).toEqual({ rendered: 3, strings: { n: 2, privateIpMode: false } });
    project.privateIpMode = true;
    expect(JSON.parse(views.view(project, record, 'a', render).text)).toEqual({ rendered: 4, strings: { n: 3, privateIpMode: true } });
    record.model = { ...record.model };
    expect(JSON.parse(views.view(project, record, 'a', render).text).rendered).toBe(5);
    expect(issued).toBe(4);
  });

  it('keeps at most 8 views per cluster (the Host header is chosen by the client)', () => {
    let rendered = 0;
    const views = new ClusterViews(() => ({}));
    const render = () => ({ n: ++rendered });
    for (let i = 0; i < 20; i++) views.view(project, record, `host-${i}`, render);
    views.view(project, record, 'host-19', render);
    expect(rendered).toBe(20);
    views.view(project, record, 'host-0', render); // long evicted
    expect(rendered).toBe(21);
  });
});

describe('serializeJson', () => {
  it('is JSON.stringify for plain data, whatever parts are pre-serialised', () => {
    // Replaces some JSON-valued parts with their JsonText; the output must not change.
    const wrapSome = (value: unknown, pick: () => boolean): unknown => {
      if (pick()) return new JsonText(JSON.stringify(value));
      if (Array.isArray(value)) return value.map((v) => wrapSome(v, pick));
      if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wrapSome(v, pick)]));
      return value;
    };
    fc.assert(
      fc.property(fc.jsonValue(), fc.infiniteStream(fc.boolean()), (value, coins) => {
        const expected = JSON.stringify(value);
        expect(serializeJson(value)).toBe(expected);
        const it = coins[Symbol.iterator]();
        const wrapped = wrapSome(value, () => it.next().value as boolean);
        expect(serializeJson(wrapped)).toBe(expected);
        expect(JSON.stringify(wrapped)).toBe(expected); // the pretty=true path goes through toJSON
      }),
    );
  });

  it('leaves out what JSON.stringify leaves out, and defers to toJSON', () => {
    const odd = { a: undefined, b: () => 1, c: [undefined, () => 1, Symbol('s')], d: new Date(0), e: NaN, f: { toJSON: () => 'x' } };
    expect(serializeJson(odd)).toBe(JSON.stringify(odd));
    expect(serializeJson({ list: [new JsonText('{"a":1}')], status: 200 })).toBe('{"list":[{"a":1}],"status":200}');
  });
});
