// Issue 45, "Done means": every recorded response in reference/recorded-diagnostics is
// reproduced in shape. This file walks that folder's INDEX.md table (file → request →
// status → version served) and, for each row, sends the equivalent request to one
// in-process emulator on a fixed clock, then compares: the status; the Content-Type
// (media type and the version date served); Deprecation/Sunset where recorded;
// RateLimit-Limit where recorded; for JSON bodies the key sets recursively (objects by
// their keys, arrays by the shape of their first item where both have items) and the
// rels of every `links` array, after writing both base URLs as BASE (INDEX.md
// "Rewrites"); for the gzip log downloads Content-Type, the Content-Disposition pattern
// and X-Uncompressed-Content-Length. The recorded projects, organization, hosts, alert
// and alert configuration map to the seed's and to what this file creates. Every row is
// either compared here or listed in NOT_COMPARED with its reason; every difference a
// compared row shows is listed in KNOWN with its reason (and a listed one that no longer
// shows fails, so the lists stay true).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator, SeedDocument } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient, type HttpResult } from '../../helpers/emulator.js';
import { REFERENCE_DIR, readRecorded, type RecordedResponse } from '../../helpers/reference.js';
import { OWNER, TestClock, client, isObject, modernCreate } from './fixtures.js';

type Doc = Record<string, unknown>;
const FOLDER = 'recorded-diagnostics';
const RECORDED_BASE = 'http://localhost:8080';

// ---- The INDEX table -------------------------------------------------------------

interface Row {
  file: string;
  method: string;
  /** The recorded path and query (query as the self link echoes it, where the table gives one). */
  path: string;
  status: number;
  version: string;
}

function readIndex(): Row[] {
  const text = readFileSync(join(REFERENCE_DIR, FOLDER, 'INDEX.md'), 'utf8');
  const rows: Row[] = [];
  for (const line of text.split('\n')) {
    const m = /^\| `([^`]+\.http)` \| `(GET|POST|PUT|PATCH|DELETE) ([^`]+)`[^|]* \| (\d{3}) \| ([^|]+?) \|$/.exec(line);
    if (m) rows.push({ file: m[1]!, method: m[2]!, path: m[3]!, status: Number(m[4]), version: m[5]! });
  }
  return rows;
}

const ROWS = readIndex();
const RECORDED = new Map<string, RecordedResponse>(readRecorded(FOLDER).map((r) => [r.file, r]));

// ---- The mapping of recorded IDs to the emulator's ---------------------------------

const ORG = 'a1a1a1a1a1a1a1a1a1a1a1a1';
/** Recorded project → the seed's project of the same test. */
const PROJECTS: Record<string, string> = {
  b0123456789abcdef012345b: '6a7a00000000000000000001', // TestAlerts, TestAlertConfig, TestEvents (the profile's project)
  '6a79425b2c88faeba59c898b': '6a7a00000000000000000002', // TestLogs
  '6a793f53c0eb9e7a177137c2': '6a7a00000000000000000003', // TestMetrics
  '6a793f47c0eb9e7a17712883': '6a7a00000000000000000004', // TestPerformanceAdvisor
  '6a793f3f2c88faeba59b8dfa': '6a7a00000000000000000005', // TestProcesses
};
/** The cluster each GenerateProjectAndCluster test made, by recorded project. */
const CLUSTERS: Record<string, string> = {
  '6a79425b2c88faeba59c898b': 'logs-113',
  '6a793f53c0eb9e7a177137c2': 'metrics-659',
  '6a793f47c0eb9e7a17712883': 'performanceAdvisor-340',
  '6a793f3f2c88faeba59b8dfa': 'processes-719',
};
/** The recorded hosts (shard-00-00 of each test's cluster), by recorded project. */
const HOSTS: Record<string, string> = {
  '6a79425b2c88faeba59c898b': 'atlas-3mu7hn-shard-00-00.zsv9js.mongodb-dev.net',
  '6a793f53c0eb9e7a177137c2': 'atlas-qgu1cy-shard-00-00.fyfn6y.mongodb-dev.net',
  '6a793f47c0eb9e7a17712883': 'atlas-n4zpme-shard-00-00.0ise7w.mongodb-dev.net',
  '6a793f3f2c88faeba59b8dfa': 'atlas-t51nn2-shard-00-00.g7dcil.mongodb-dev.net',
};
const RECORDED_ORG = 'a0123456789abcdef012345a';
/** The recorded alert (TestAlerts__*), seeded with its recorded fields under its own ID. */
const ALERT_ID = '5efdb5dd5b306e51e2e9b05b';
/** The recorded alert configuration that TestAlertConfig__Create made; mapped to the one this file creates. */
const RECORDED_CONFIG_ID = '6a793faec0eb9e7a177175e1';

function seed(): SeedDocument {
  const projects = Object.values(PROJECTS).map((id, i) => ({ id, name: `diag-${i}`, orgId: ORG }));
  return {
    orgs: [{ id: ORG, name: 'acme' }],
    projects,
    apiKeys: [{ ...OWNER, accessList: ['127.0.0.1/32', '::1/128'], roles: projects.map((p) => ({ projectId: p.id, roleName: 'GROUP_OWNER' })) }],
    alerts: [
      // TestAlerts__Describe: the recorded alert's own fields.
      { projectId: PROJECTS.b0123456789abcdef012345b!, id: ALERT_ID, eventTypeName: 'USERS_WITHOUT_MULTI_FACTOR_AUTH', status: 'CLOSED', created: '2020-07-02T10:24:29Z', resolved: '2022-03-16T18:39:26Z' },
      // TestAlerts__List_with_status_OPEN: its first item.
      { projectId: PROJECTS.b0123456789abcdef012345b!, id: '6a6eaaf6544abebef9604046', eventTypeName: 'DAILY_BILL_OVER_THRESHOLD', created: '2026-08-02T02:27:02Z' },
      // The recorded lists without status and CLOSED held 2159 alerts, more than a page: a next link.
      ...Array.from({ length: 100 }, (_, i) => ({
        projectId: PROJECTS.b0123456789abcdef012345b!,
        eventTypeName: 'USERS_WITHOUT_MULTI_FACTOR_AUTH',
        status: 'CLOSED' as const,
        created: new Date(Date.UTC(2021, 0, 1) + i * 60_000).toISOString().replace('.000Z', 'Z'),
      })),
    ],
    // TestEvents__List_Project_Events: the profile's project had a history; its second item is this kind.
    events: [{ groupId: PROJECTS.b0123456789abcdef012345b!, eventTypeName: 'PROJECT_SCHEDULED_MAINTENANCE', created: '2026-08-01T00:00:00Z' }],
  };
}

// ---- The comparison ----------------------------------------------------------------

const kind = (v: unknown): string => (Array.isArray(v) ? 'array' : isObject(v) ? 'object' : 'scalar');

/**
 * The recorded item to compare the emulator's first item with: the first one, except in a
 * list of events, whose items differ by kind (a TEAM_DELETED event has teamId, a cluster's
 * clusterName): there the first recorded item of the emulator's first item's eventTypeName,
 * where the recording has one.
 */
function likeFor(rec: unknown[], got: unknown): unknown {
  if (!isObject(got) || typeof got.eventTypeName !== 'string' || !('isGlobalAdmin' in got)) return rec[0];
  return rec.find((item) => isObject(item) && item.eventTypeName === got.eventTypeName) ?? rec[0];
}

/**
 * The differences in shape between a recorded body and the emulator's, as stable lines
 * ("<path>: ..."); `emptyRecorded` collects where the recording's list is empty (so its
 * items' shape is not compared).
 */
function shapeDiff(rec: unknown, got: unknown, base: string, path = '$', out = { diffs: [] as string[], emptyRecorded: [] as string[] }): typeof out {
  if (kind(rec) !== kind(got)) {
    out.diffs.push(`${path}: recorded ${kind(rec)}, emulator ${kind(got)}`);
    return out;
  }
  if (Array.isArray(rec) && Array.isArray(got)) {
    if (rec.length === 0) out.emptyRecorded.push(path);
    else if (got.length === 0) out.diffs.push(`${path}: empty in the emulator`);
    else shapeDiff(likeFor(rec, got[0]), got[0], base, `${path}[0]`, out);
    return out;
  }
  if (isObject(rec) && isObject(got)) {
    for (const key of Object.keys(rec)) if (!(key in got)) out.diffs.push(`${path}.${key}: missing in the emulator`);
    for (const key of Object.keys(got)) if (!(key in rec)) out.diffs.push(`${path}.${key}: not recorded`);
    for (const key of Object.keys(rec)) {
      if (!(key in got)) continue;
      if (key === 'links' && Array.isArray(rec.links) && Array.isArray(got.links)) {
        const rels = (links: unknown[], from: string) => links.map((l) => String((l as Doc).rel).split(from).join('BASE')).join(' ');
        const [r, g] = [rels(rec.links, RECORDED_BASE), rels(got.links, base)];
        if (r !== g) out.diffs.push(`${path}.links rels: recorded [${r}], emulator [${g}]`);
        // A link with a query (a list's pages, a measurement's) repeats it as the service writes it: the
        // parameters and their order, the recorded IDs mapped to the emulator's.
        const queried = (links: unknown[], from: string, map: (href: string) => string) =>
          links.map((l) => String((l as Doc).href)).filter((href) => href.includes('?')).map((href) => map(href.split(from).join('BASE'))).join(' ');
        const [rq, gq] = [queried(rec.links, RECORDED_BASE, mapPath), queried(got.links, base, (href) => href)];
        if (rq !== gq) out.diffs.push(`${path}.links hrefs: recorded [${rq}], emulator [${gq}]`);
      }
      shapeDiff(rec[key], got[key], base, `${path}.${key}`, out);
    }
  }
  return out;
}

/** Header differences: status, Content-Type, RateLimit-Limit, Deprecation/Sunset, Location (its value after the base and IDs are mapped). */
function headerDiff(rec: RecordedResponse, got: HttpResult): string[] {
  const out: string[] = [];
  if (rec.status !== got.status) out.push(`status: recorded ${rec.status}, emulator ${got.status}`);
  const h = (name: string) => got.headers.get(name) ?? undefined;
  for (const name of ['content-type', 'ratelimit-limit', 'deprecation', 'sunset']) {
    if (rec.headers[name] !== h(name) && (rec.headers[name] !== undefined || name === 'deprecation' || name === 'sunset')) {
      out.push(`header ${name}: recorded ${rec.headers[name] ?? '(none)'}, emulator ${h(name) ?? '(none)'}`);
    }
  }
  if ((rec.headers.location === undefined) !== (h('location') === undefined)) out.push(`header location: recorded ${rec.headers.location ? 'present' : 'absent'}, emulator ${h('location') ? 'present' : 'absent'}`);
  else if (rec.headers.location !== undefined && mapPath(rec.headers.location.split(RECORDED_BASE).join('BASE')) !== h('location')!.split(emu.url).join('BASE')) {
    out.push(`header location: recorded ${rec.headers.location}, emulator ${h('location')}`);
  }
  return out;
}

// ---- What is not compared, and what differs -----------------------------------------

const NOT_EMULATED_REGIONS =
  'GET /groups/{groupId}/clusters/provider/regions: the Atlas CLI e2e setup reads it to pick a region; the emulator does not serve it (no cdba command calls it) and the clusters module, not a diagnostics module, would own it';
const NOT_EMULATED_DEFAULT_VERSION =
  'GET /api/private/unauth/nds/defaultMongoDBMajorVersion: a private, unauthenticated UI path the Atlas CLI e2e setup reads (text/plain "8.0"); not part of the Admin API the emulator serves';

/** Rows not compared, by file name prefix, with the reason. */
const NOT_COMPARED: Array<[RegExp, string]> = [
  [/_provider_regions_1\.http$|^TestPerformanceAdvisor__c0513988a06d8e6e26757184326d6572c306a7b5_1\.http$/, NOT_EMULATED_REGIONS],
  [/_defaultMongoDBMajorVersion_1\.http$|^TestPerformanceAdvisor__5e2fbdf2c9b7b5373dd88f727689fa57442a8014_1\.http$/, NOT_EMULATED_DEFAULT_VERSION],
];
const notCompared = (file: string): string | undefined => NOT_COMPARED.find(([re]) => re.test(file))?.[1];

/** Differences a compared row shows, per file, each with its reason. */
const KNOWN: Record<string, Record<string, string>> = {};

const TLS_LISTS = ['$.advancedConfiguration.customOpensslCipherConfigTls12', '$.advancedConfiguration.customOpensslCipherConfigTls13', '$.labels'];
/** Where a recorded body's list is empty (so only its kind is compared), by file. */
const EMPTY_IN_RECORDING: Array<[RegExp, string[]]> = [
  [/_clusters_1\.http$|^TestPerformanceAdvisor__0721e3ef/, TLS_LISTS], // a cluster create: no custom ciphers, no labels
  [/_clusters_(logs-113|metrics-659|processes-719)_\d\.http$|^TestPerformanceAdvisor__b920ff5e/, [...TLS_LISTS, '$.tags']], // the watch: nor tags
  [/^TestPerformanceAdvisor__List_namespaces__/, ['$.namespaces']], // a new cluster with no workload (README "Diagnostics facts" 11)
  [/^TestPerformanceAdvisor__List_slow_query_logs__/, ['$.slowQueries']],
  [/^TestPerformanceAdvisor__List_suggested_indexes__/, ['$.shapes', '$.suggestedIndexes']],
  [/^TestAlertConfig__(Create|Describe|Update)/, ['$.matchers']], // a configuration without matchers
  [/^TestAlertConfig__List(_Compact)?__/, ['$.results[0].matchers']],
];

// ---- The requests --------------------------------------------------------------------

const clock = new TestClock();
const TRANSITION = 60_000;
let emu: RunningEmulator;
let c: DigestClient;
/** Recorded host → the emulator's hostname of the same place (shard-00-00 of the same test's cluster). */
const hostMap = new Map<string, string>();
let configId = '';

function mapPath(path: string): string {
  let out = path;
  for (const [rec, ours] of Object.entries(PROJECTS)) out = out.split(rec).join(ours);
  for (const [rec, ours] of hostMap) out = out.split(rec).join(ours);
  out = out.split(RECORDED_ORG).join(ORG);
  out = out.split(RECORDED_CONFIG_ID).join(configId);
  // The organization events' minDate: a day before the fixed clock (the recording's was a day before it ran).
  out = out.replace(/minDate=[^&]+/, `minDate=${encodeURIComponent(new Date(clock.now - 86_400_000).toISOString().replace('.000Z', 'Z'))}`);
  return out;
}

const acceptOf = (row: Row): string => (row.version.includes('gzip') ? `application/vnd.atlas.${row.version.split(' ')[0]!}+gzip` : `application/vnd.atlas.${row.version}+json`);

/** The request bodies, from the Atlas CLI source the INDEX and README ("Diagnostics facts" 3, 5) quote. */
function bodyOf(row: Row): unknown {
  const f = row.file;
  if (row.method === 'POST' && /_api_atlas_v2_groups_1\.http$|fd5ee34c9fccd0941e181b0ece95d180e16cdfc9/.test(f)) return { name: `made-${f.split('__')[0]!}`, orgId: ORG };
  if (row.method === 'POST' && row.path.endsWith('/clusters')) {
    const recordedProject = /groups\/([0-9a-f]{24})\//.exec(row.path)![1]!;
    return modernCreate(CLUSTERS[recordedProject]!, { mongoDBMajorVersion: '8.0' });
  }
  if (f.startsWith('TestAlertConfig__Create__')) {
    return { eventTypeName: 'NO_PRIMARY', enabled: true, notifications: [{ typeName: 'GROUP', intervalMin: 5, delayMin: 0, emailEnabled: true, smsEnabled: false }] };
  }
  if (f.startsWith('TestAlertConfig__Update')) {
    return { eventTypeName: 'NO_PRIMARY', notifications: [{ typeName: 'GROUP', intervalMin: 5, delayMin: 0, emailEnabled: true, smsEnabled: true }] };
  }
  if (f.startsWith('TestAlerts__Acknowledge_Forever__')) return { acknowledgedUntil: '2126-09-11T03:03:06Z', acknowledgementComment: '' };
  if (f.startsWith('TestAlerts__Acknowledge__')) return { acknowledgedUntil: new Date(clock.now).toISOString().replace('.000Z', 'Z'), acknowledgementComment: '' };
  if (f.startsWith('TestAlerts__UnAcknowledge__')) return { acknowledgementComment: '', unacknowledgeAlert: true };
  return undefined;
}

/** The order the recorded tests ran their requests in, so that creates come before reads. */
function orderOf(row: Row): number {
  const f = row.file;
  const steps: Array<[RegExp, number]> = [
    [/^Test\w+__POST_api_atlas_v2_groups_1|fd5ee34c9fccd0941e181b0ece95d180e16cdfc9/, 0],
    [/_clusters_1\.http$|0721e3ef9800e0cc7afefa8b37d130d89d705fdd/, 1],
    [/_(logs-113|metrics-659|processes-719)_1\.http$|b920ff5e72737d31a0516f82bca040762dc134e1_1/, 2],
    [/_(logs-113|metrics-659|processes-719)_2\.http$|b920ff5e72737d31a0516f82bca040762dc134e1_2/, 3],
    [/_(logs-113|metrics-659|processes-719)_3\.http$|b920ff5e72737d31a0516f82bca040762dc134e1_3/, 5],
    [/^TestAlertConfig__Create__/, 10],
    [/^TestAlertConfig__Describe__/, 11],
    [/^TestAlertConfig__Update__/, 12],
    [/^TestAlertConfig__Update_Setting/, 13],
    [/^TestAlertConfig__List/, 14],
    [/^TestAlertConfig__Delete__/, 15],
    [/^TestAlerts__Describe__/, 20],
    [/^TestAlerts__List/, 21],
    [/^TestAlerts__Acknowledge__/, 22],
    [/^TestAlerts__Acknowledge_Forever__/, 23],
    [/^TestAlerts__UnAcknowledge__/, 24],
    [/^TestPerformanceAdvisor__Enable/, 30],
    [/^TestPerformanceAdvisor__Disable/, 31],
    [/^TestEvents__/, 40], // recorded after TestAlerts and TestAlertConfig had run (03:06 against 03:04)
  ];
  return steps.find(([re]) => re.test(f))?.[1] ?? 6;
}

interface Outcome {
  diffs: string[];
  emptyRecorded: string[];
}
const outcomes = new Map<string, Outcome>();

async function compareRow(row: Row): Promise<Outcome> {
  const rec = RECORDED.get(row.file)!;
  const body = bodyOf(row);
  const got = await c.request(row.method, mapPath(row.path.split(' ')[0]!), { headers: { Accept: acceptOf(row) }, ...(body === undefined ? {} : { body }) });
  if (row.file.startsWith('TestAlertConfig__Create__')) configId = String(got.json?.id);
  const diffs = headerDiff(rec, got);
  const emptyRecorded: string[] = [];
  if (row.version.includes('gzip')) {
    const host = hostMap.get(/clusters\/([^/]+)\/logs/.exec(row.path)![1]!)!;
    const kindName = /_(MONGODB|MONGOS|MONGODB_AUDIT_LOG|MONGOS_AUDIT_LOG)\.log\.gz"$/.exec(rec.headers['content-disposition']!)![1]!;
    const pattern = new RegExp(`^attachment; filename="${host.replace(/\./g, '\\.')}_\\d{4}-\\d\\d-\\d\\dT[\\d:.]+_\\d{4}-\\d\\d-\\d\\dT[\\d:.]+_${kindName}\\.log\\.gz"$`);
    if (!pattern.test(got.headers.get('content-disposition') ?? '')) diffs.push(`header content-disposition: ${got.headers.get('content-disposition') ?? '(none)'} is not ${pattern.source}`);
    if (!/^\d+$/.test(got.headers.get('x-uncompressed-content-length') ?? '')) diffs.push('header x-uncompressed-content-length: not a number');
    if (got.headers.get('content-encoding') !== null) diffs.push('header content-encoding: present');
  } else if (rec.body !== '') {
    const shape = shapeDiff(JSON.parse(rec.body), got.json, emu.url);
    diffs.push(...shape.diffs);
    emptyRecorded.push(...shape.emptyRecorded);
  } else if (got.text !== '') {
    diffs.push('body: recorded empty, emulator not');
  }
  return { diffs, emptyRecorded };
}

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: seed(), clock: clock.read, transitionMs: TRANSITION }));
  c = client(emu, OWNER);
  const compared = ROWS.filter((r) => notCompared(r.file) === undefined).sort((a, b) => orderOf(a) - orderOf(b));
  for (const row of compared) {
    if (orderOf(row) === 5 && hostMap.size === 0) {
      // The watch's last poll: the clusters have come up; their processes name the hosts.
      clock.advance(TRANSITION + 1000);
      for (const [recorded, ours] of Object.entries(PROJECTS)) {
        if (!HOSTS[recorded]) continue;
        const listed = await c.request('GET', `/api/atlas/v2/groups/${ours}/processes`, { headers: { Accept: 'application/vnd.atlas.2023-01-01+json' } });
        const first = (listed.json.results as Doc[]).find((p) => String(p.hostname).includes('shard-00-00'));
        expect(first, `a shard-00-00 process in ${ours}`).toBeDefined();
        hostMap.set(HOSTS[recorded]!, String(first!.hostname));
      }
    }
    if (orderOf(row) === 14 && configId !== '') {
      // The recorded lists of alert configurations had more than a page (a next link): as many here.
      const group = `/api/atlas/v2/groups/${PROJECTS.b0123456789abcdef012345b!}/alertConfigs`;
      const accept = { Accept: 'application/vnd.atlas.2023-01-01+json' };
      const count = Number((await c.request('GET', `${group}?includeCount=true`, { headers: accept })).json.totalCount);
      for (let i = count; i <= 100; i += 1) {
        const made = await c.request('POST', group, { headers: accept, body: { eventTypeName: 'NO_PRIMARY', enabled: true, notifications: [{ typeName: 'GROUP', intervalMin: 5, delayMin: 0, emailEnabled: true, smsEnabled: false }] } });
        expect(made.status).toBe(201);
      }
    }
    outcomes.set(row.file, await compareRow(row));
  }
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('every recorded diagnostics response reproduced in shape (INDEX.md)', () => {
  it('reads the whole table: one row per recorded file', () => {
    expect(ROWS.map((r) => r.file).sort()).toEqual([...RECORDED.keys()].sort());
    expect(ROWS.length).toBe(67);
  });

  it('every row is compared or listed with a reason', () => {
    for (const row of ROWS) expect(outcomes.has(row.file) || notCompared(row.file) !== undefined, row.file).toBe(true);
    const listed = ROWS.filter((r) => notCompared(r.file) !== undefined);
    expect(listed.length + outcomes.size).toBe(ROWS.length);
    // Reported by the helper that wrote this file: how many rows each way.
    expect([outcomes.size, listed.length]).toEqual([59, 8]);
  });

  for (const row of ROWS) {
    const reason = notCompared(row.file);
    if (reason !== undefined) continue;
    it(`${row.file.split('__').slice(0, -1).join(' ') || row.file}: ${row.method} ${row.path.split('?')[0]} → ${row.status} ${row.version}`, () => {
      const outcome = outcomes.get(row.file)!;
      const known = KNOWN[row.file] ?? {};
      expect(outcome.diffs.sort()).toEqual(Object.keys(known).sort());
      // Where the recording's list is empty its items' shape cannot be compared (the emulator's is a list too: shapeDiff holds the kind).
      expect(outcome.emptyRecorded.sort()).toEqual([...(EMPTY_IN_RECORDING.find(([re]) => re.test(row.file))?.[1] ?? [])].sort());
    });
  }
});
