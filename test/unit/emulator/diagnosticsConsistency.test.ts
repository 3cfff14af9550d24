// The emulator's diagnostics agree with one another and with the rest of its state (issue
// 45, "What to build, in the emulator"): the access history and the log download's
// connection lines are one derivation (accessLogs module, connectionsOf), so each history
// entry of a host in a window is an authentication line of that host's log for the window
// and each such line an entry; the workload says who connects from where; startup lines
// mark when a host came up (ready, resumed, scaled), and nothing is logged while the
// cluster is paused; the slow query lines are the advisor's; processes, measurements and
// logs follow a scale-up and a pause/resume. No timing: the store's clock is a TestClock.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient } from '../../helpers/emulator.js';
import { PROJECT_A, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const group = `/api/atlas/v2/groups/${PROJECT_A}`;
const V = v2('2023-01-01');
const GZIP = { Accept: 'application/vnd.atlas.2023-02-01+gzip' };
const HOUR = 3_600_000;
const AUTH_IDS = new Set([5286306, 5286307]);

describe('emulator diagnostics: one record, consistent answers', () => {
  const clock = new TestClock(Date.UTC(2026, 7, 10, 9, 0, 0));
  const T0 = clock.now;
  let emu: RunningEmulator;
  let c: DigestClient;

  beforeAll(async () => {
    const base = testSeed();
    const seed = testSeed({
      projects: [{ ...base.projects[0]!, ipAccessList: [{ ipAddress: '203.0.113.7' }, { cidrBlock: '198.51.100.0/24' }] }, base.projects[1]!],
      clusters: [
        { projectId: PROJECT_A, cluster: modernCreate('plain') },
        { projectId: PROJECT_A, cluster: modernCreate('busy') },
      ],
      databaseUsers: [{ projectId: PROJECT_A, user: { databaseName: 'admin', username: 'app', roles: [{ roleName: 'readWrite', databaseName: 'shop' }] } }],
      workload: [
        {
          projectId: PROJECT_A,
          cluster: 'busy',
          namespace: 'shop.orders',
          queries: [{ filter: { status: 'open', total: { $gt: 100 } }, perDay: 96, millis: 400 }],
          clients: [{ username: 'app', ipAddress: '192.0.2.50', perDay: 48 }, { username: 'ghost', ipAddress: '192.0.2.66', perDay: 24 }],
        },
      ],
      accessLogs: [{ groupId: PROJECT_A, clusterName: 'plain', username: 'intruder', ipAddress: '192.0.2.9', timestamp: '2026-08-10T10:30:00Z', authResult: false, failureReason: 'UserNotFound' }],
    });
    ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: 1000 }));
    c = client(emu);
    clock.advance(3 * HOUR);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  async function get(path: string): Promise<{ status: number; json: Doc }> {
    const r = await c.request('GET', path, { headers: V });
    return { status: r.status, json: r.json as Doc };
  }
  const processesOf = async (cluster: string): Promise<Doc[]> =>
    ((await get(`${group}/processes`)).json.results as Doc[]).filter((p) => String(p.userAlias).startsWith(`${cluster}-`));
  /** A host's mongod log for [from, to) (ms, whole seconds), as parsed lines; undefined on a 404. */
  async function logOf(host: string, from: number, to: number, name = 'mongodb'): Promise<Doc[] | undefined> {
    const r = await c.request('GET', `${group}/clusters/${host}/logs/${name}.gz?startDate=${from / 1000}&endDate=${to / 1000}`, { headers: GZIP });
    if (r.status === 404) return undefined;
    expect(r.status).toBe(200);
    const text = r.bytes.length === 0 ? '' : gunzipSync(r.bytes).toString('utf8');
    return text.trimEnd().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Doc);
  }
  /** The host's access history for the same window ([from, to): `end` is inclusive). */
  const historyOf = async (host: string, from: number, to: number): Promise<Doc[]> =>
    (await get(`${group}/dbAccessHistory/processes/${host}?start=${from}&end=${to - 1}`)).json.accessLogs as Doc[];

  async function expectAgreement(hosts: string[], from: number, to: number): Promise<number> {
    let seen = 0;
    for (const host of hosts) {
      const lines = (await logOf(host, from, to))!;
      const auth = lines.filter((l) => AUTH_IDS.has(l.id)).map((l) => JSON.stringify(l));
      const history = await historyOf(host, from, to);
      expect(history.every((e) => e.hostname === host)).toBe(true);
      // Each entry's logLine is an authentication line of the host's log for the window, and each such line an entry.
      expect([...auth].sort()).toEqual(history.map((e) => e.logLine as string).sort());
      seen += history.length;
    }
    return seen;
  }

  it('each access-history entry of a host in a window is an authentication line of its log, and each line an entry', async () => {
    const hosts = (await processesOf('plain')).map((p) => String(p.hostname));
    expect(hosts).toHaveLength(3);
    const to = Math.floor(clock.now / 1000) * 1000;
    expect(await expectAgreement(hosts, to - 3 * HOUR, to)).toBeGreaterThan(3);
    // The connections come from the access list's addresses (a CIDR block's first) and the seed's attempt, by the users that exist.
    const all = (await get(`${group}/dbAccessHistory/clusters/plain`)).json.accessLogs as Doc[];
    expect(new Set(all.map((e) => e.ipAddress))).toEqual(new Set(['203.0.113.7', '198.51.100.0', '192.0.2.9']));
    expect(new Set(all.map((e) => e.username))).toEqual(new Set(['app', 'intruder']));
    expect(all.find((e) => !e.authResult)).toMatchObject({ username: 'intruder', failureReason: 'UserNotFound', timestamp: '2026-08-10T10:30:00Z' });
    // No fixed address of the old fixtures remains in a log.
    const log = (await logOf(hosts[0]!, to - 3 * HOUR, to))!;
    expect(JSON.stringify(log)).not.toContain('203.0.113.1');
    const failed = log.concat(...(await Promise.all(hosts.slice(1).map(async (h) => (await logOf(h, to - 3 * HOUR, to))!)))).filter((l) => l.id === 5286307);
    expect(failed.map((l) => l.attr.user)).toEqual(['intruder']);
  });

  it('the workload says who connects to its cluster and from where; a client that is no user fails; the audit log agrees', async () => {
    const hosts = (await processesOf('busy')).map((p) => String(p.hostname));
    const to = Math.floor(clock.now / 1000) * 1000;
    expect(await expectAgreement(hosts, to - 3 * HOUR, to)).toBeGreaterThan(3);
    const all = (await get(`${group}/dbAccessHistory/clusters/busy`)).json.accessLogs as Doc[];
    expect(new Set(all.map((e) => `${e.username}@${e.ipAddress}:${e.authResult}`))).toEqual(new Set(['app@192.0.2.50:true', 'ghost@192.0.2.66:false']));
    expect(all.filter((e) => !e.authResult).every((e) => e.failureReason === 'UserNotFound')).toBe(true);
    let audited = 0;
    for (const host of hosts) {
      const audit = (await logOf(host, to - 3 * HOUR, to, 'mongodb-audit-log'))!;
      const history = await historyOf(host, to - 3 * HOUR, to);
      expect(audit.map((e) => `${e.param.user}@${e.remote.ip}:${e.result === 0}`).sort()).toEqual(history.map((e) => `${e.username}@${e.ipAddress}:${e.authResult}`).sort());
      audited += audit.length;
    }
    expect(audited).toBeGreaterThan(0);
  });

  it('a host\'s log starts with its startup when its cluster became ready', async () => {
    const [first] = await processesOf('plain');
    const lines = (await logOf(String(first!.hostname), T0 - HOUR, T0 + HOUR))!;
    expect(lines[0]!.msg).toBe('***** SERVER RESTARTED *****');
    expect(Date.parse(lines[0]!.t.$date)).toBe(Date.parse(String(first!.created)));
    expect(lines.filter((l) => l.msg === '***** SERVER RESTARTED *****')).toHaveLength(1);
  });

  it('scaling up: the processes, their measurements and their logs follow; a new host starts when it was added', async () => {
    expect(await processesOf('plain')).toHaveLength(3);
    const scaledAt = clock.now;
    const patched = await c.request('PATCH', `${group}/clusters/plain`, {
      headers: v2('2024-08-05'),
      body: { replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 5 } }] }] },
    });
    expect(patched.status).toBe(200);
    clock.advance(2000);
    const after = await processesOf('plain');
    expect(after).toHaveLength(5);
    const added = after.filter((p) => /-shard-00-0[34]\./.test(String(p.hostname)));
    expect(added).toHaveLength(2);
    for (const p of added) {
      const measured = await get(`${group}/processes/${String(p.id)}/measurements?granularity=PT5M&period=PT1H`);
      expect(measured.status).toBe(200);
      expect(measured.json.processId).toBe(p.id);
    }
    clock.advance(2 * HOUR);
    const to = Math.floor(clock.now / 1000) * 1000;
    const from = Math.floor((scaledAt - 2 * HOUR) / 1000) * 1000;
    const lines = (await logOf(String(added[0]!.hostname), from, to))!;
    const starts = lines.filter((l) => l.msg === '***** SERVER RESTARTED *****').map((l) => Date.parse(l.t.$date));
    expect(starts).toEqual([scaledAt]);
    // Nothing on it before it was added.
    expect(lines.every((l) => Date.parse(l.t.$date) >= scaledAt)).toBe(true);
    // The old hosts did not restart.
    const old = after.find((p) => /-shard-00-00\./.test(String(p.hostname)))!;
    expect(((await logOf(String(old.hostname), from, to))!).some((l) => l.msg === '***** SERVER RESTARTED *****')).toBe(false);
    expect(await expectAgreement(after.map((p) => String(p.hostname)), from, to)).toBeGreaterThan(0);
  });

  it('pause and resume: no processes, measurements or logs while paused; nothing logged in the pause; a startup at the resume; slow queries as the advisor lists them', async () => {
    const before = await processesOf('busy');
    expect(before).toHaveLength(3);
    const primary = before.find((p) => p.typeName === 'REPLICA_PRIMARY')!;
    const host = String(primary.hostname);
    const pausedAt = clock.now;
    expect((await c.request('PATCH', `${group}/clusters/busy`, { headers: v2('2024-08-05'), body: { paused: true } })).status).toBe(200);
    clock.advance(2000);
    expect(await processesOf('busy')).toEqual([]);
    expect((await get(`${group}/processes/${String(primary.id)}`)).status).toBe(404);
    expect((await get(`${group}/processes/${String(primary.id)}/measurements?granularity=PT5M&period=PT1H`)).status).toBe(404);
    expect(await logOf(host, pausedAt - HOUR, pausedAt + 1000)).toBeUndefined();
    clock.advance(3 * HOUR);
    const resumedAt = clock.now;
    expect((await c.request('PATCH', `${group}/clusters/busy`, { headers: v2('2024-08-05'), body: { paused: false } })).status).toBe(200);
    clock.advance(2000);
    expect((await processesOf('busy')).map((p) => p.id).sort()).toEqual(before.map((p) => p.id).sort());
    clock.advance(2 * HOUR);
    const from = Math.floor((pausedAt - 2 * HOUR) / 1000) * 1000;
    const to = Math.floor(clock.now / 1000) * 1000;
    const lines = (await logOf(host, from, to))!;
    const inPause = lines.filter((l) => Date.parse(l.t.$date) >= pausedAt && Date.parse(l.t.$date) < resumedAt);
    expect(inPause.map((l) => l.msg)).toEqual([]);
    expect(lines.filter((l) => l.msg === '***** SERVER RESTARTED *****').map((l) => Date.parse(l.t.$date))).toEqual([resumedAt]);
    // Connections before the pause and after the resume, on one host or another (the hosts a connection lands on are drawn from the cluster's ids).
    const every = (await Promise.all(before.map(async (p) => (await logOf(String(p.hostname), from, to))!))).flat();
    expect(every.filter((l) => AUTH_IDS.has(l.id) && Date.parse(l.t.$date) >= pausedAt && Date.parse(l.t.$date) < resumedAt)).toEqual([]);
    expect(every.some((l) => AUTH_IDS.has(l.id) && Date.parse(l.t.$date) < pausedAt)).toBe(true);
    expect(every.some((l) => AUTH_IDS.has(l.id) && Date.parse(l.t.$date) > resumedAt)).toBe(true);
    // The slow query lines of the window are the advisor's, before and after the pause and none in it.
    const slow = (await get(`${group}/processes/${String(primary.id)}/performanceAdvisor/slowQueryLogs?since=${from}&duration=${to - from}`)).json.slowQueries as Doc[];
    const logged = lines.filter((l) => l.id === 51803).map((l) => JSON.stringify(l));
    expect(slow.length).toBeGreaterThan(4);
    expect(slow.map((q) => q.line as string).sort()).toEqual(logged.sort());
    expect(slow.every((q) => { const at = Date.parse(JSON.parse(q.line).t.$date); return at < pausedAt || at >= resumedAt; })).toBe(true);
    // The access history of the same window agrees with every host's log.
    expect(await expectAgreement(before.map((p) => String(p.hostname)), from, to)).toBeGreaterThan(0);
  });
});
