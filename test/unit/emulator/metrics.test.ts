// The emulator's measurements (processes/{id}/measurements, databases, disks; 2023-01-01):
// shaped as recorded (reference/recorded-diagnostics/TestMetrics__*: keys, links, the
// 141 / 21 / 9 series with their units, null and empty series), valid against the
// diagnostics cut of the 2026-08 description (with the live units it does not list), one
// point per step on the service clock, values deterministic per process and time, the
// refusals of a bad query (400 INVALID_QUERY_PARAMETER), and one rate-limit count with the
// processes, as recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient } from '../../helpers/emulator.js';
import { readRecorded } from '../../helpers/reference.js';
import { OpenApiValidator } from './openapiValidator.js';
import { PROJECT_A, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';

type Doc = Record<string, unknown>;
type Series = { name: string; units: string; dataPoints: Array<{ timestamp: string; value: number | null }> };
const V = v2('2023-01-01');
const group = `/api/atlas/v2/groups/${PROJECT_A}`;
const recorded = readRecorded('recorded-diagnostics');
const recordedBody = (prefix: string): Doc => JSON.parse(recorded.find((r) => r.file.startsWith(prefix))!.body) as Doc;
/** The live service's units that the description's MetricsMeasurement_Atlas.units does not list. */
const LIVE_UNITS = ['SECONDS', 'KILOBYTES', 'MEGABYTES'];

function patch(schemas: Record<string, unknown>): void {
  for (const name of ['MetricsMeasurement_Atlas', 'MetricsMeasurement']) {
    const units = ((schemas[name] as Doc).properties as Doc).units as { enum: string[] };
    units.enum = [...units.enum, ...LIVE_UNITS];
  }
  for (const name of ['MetricDataPoint_Atlas', 'MetricDataPoint']) {
    // "If no data point exists for a particular moment in time, the value parameter returns null" (its own words).
    ((schemas[name] as Doc).properties as Record<string, Doc>).value!.type = ['number', 'null'];
  }
  // The description's granularity enum (PT1M, PT5M, PT1H, P1D) leaves out PT30M, which the live service answered.
  const view = (schemas.ApiMeasurementsGeneralView_Atlas as Doc).properties as Record<string, Doc>;
  (view.granularity as { enum: string[] }).enum.push('PT30M');
}

describe('emulator: measurements', () => {
  const clock = new TestClock();
  let emu: RunningEmulator;
  let c: DigestClient;
  let processId = '';
  let mongosFree = '';
  const validator = new OpenApiValidator({ v2: 'v2-2026-08-diagnostics', patch });

  beforeAll(async () => {
    const seed = testSeed({
      clusters: [{ projectId: PROJECT_A, cluster: modernCreate('metrics-659') }],
      clusterData: [{ projectId: PROJECT_A, clusterName: 'metrics-659', collections: ['app.items'] }],
    });
    ({ emu } = await withEmulator({ seed, clock: clock.read, transitionMs: 1000 }));
    c = client(emu);
    const list = (await c.request('GET', `${group}/processes`, { headers: V })).json as { results: Doc[] };
    processId = String(list.results[0]!.id);
    mongosFree = String(list.results[1]!.id);
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  async function get(path: string): Promise<{ status: number; json: Doc; headers: Headers }> {
    const response = await c.request('GET', path, { headers: V });
    const openApiPath = validator.pathOf(path)!;
    expect(openApiPath, path).toBeDefined();
    expect(validator.validate({ method: 'GET', path: openApiPath, status: response.status, contentType: response.headers.get('content-type') ?? '', body: response.json })).toEqual([]);
    return { status: response.status, json: response.json as Doc, headers: response.headers };
  }
  const series = (doc: Doc): Series[] => doc.measurements as Series[];

  it('a new process: the recorded series, units, keys and links, one point each, null and empty where recorded', async () => {
    const cases: Array<[string, string]> = [
      [`/processes/${processId}/measurements?granularity=PT30M&period=P1DT12H`, 'TestMetrics__processes__'],
      [`/processes/${processId}/disks/data/measurements?granularity=PT30M&period=P1DT12H`, 'TestMetrics__disks_describe__'],
      [`/processes/${processId}/databases/config/measurements?granularity=PT30M&period=P1DT12H`, 'TestMetrics__databases_describe__'],
    ];
    for (const [path, prefix] of cases) {
      const answer = await get(`${group}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe('300');
      const live = recordedBody(prefix);
      expect(Object.keys(answer.json)).toEqual(Object.keys(live));
      expect(series(answer.json).map((s) => [s.name, s.units])).toEqual(series(live).map((s) => [s.name, s.units]));
      expect(series(answer.json).map((s) => s.dataPoints.length)).toEqual(series(live).map((s) => s.dataPoints.length));
      for (const [i, s] of series(answer.json).entries()) {
        const liveValue = series(live)[i]!.dataPoints[0]?.value;
        if (liveValue === null) expect(s.dataPoints[0]!.value).toBeNull();
        if (typeof liveValue === 'number') expect(typeof s.dataPoints[0]!.value).toBe('number');
      }
      const links = answer.json.links as Doc[];
      expect(links[0]).toEqual({ href: `${emu.url}${group}${path}`, rel: 'self' });
      expect(links[1]).toEqual({ href: `${emu.url}${group}/processes/${processId}`, rel: 'https://cloud.mongodb.com/host' });
      expect([answer.json.hostId, answer.json.processId, answer.json.granularity]).toEqual([processId, processId, 'PT30M']);
    }
  });

  it('m= picks the series, and the self link echoes the query in the service order', async () => {
    const answer = await get(`${group}/processes/${processId}/measurements?period=P1DT12H&m=MAX_PROCESS_CPU_USER&granularity=PT30M`);
    expect(series(answer.json).map((s) => s.name)).toEqual(['MAX_PROCESS_CPU_USER']);
    expect((answer.json.links as Doc[])[0]!.href).toBe(`${emu.url}${group}/processes/${processId}/measurements?granularity=PT30M&m=MAX_PROCESS_CPU_USER&period=P1DT12H`);
    const live = recordedBody('TestMetrics__processes_with_type__');
    expect(Object.keys(answer.json)).toEqual(Object.keys(live));
  });

  it('one point per step as time passes, the same values for the same process and time, plausible ranges', async () => {
    clock.advance(3 * 3600_000);
    const path = `${group}/processes/${processId}/measurements?granularity=PT5M&period=PT1H&m=PROCESS_CPU_USER&m=DISK_PARTITION_SPACE_USED&m=CONNECTIONS&m=MEMORY_MAPPED&m=FTS_DISK_USAGE`.replace('&m=DISK_PARTITION_SPACE_USED', '');
    const first = await get(path);
    const again = await get(path);
    expect(again.json.measurements).toEqual(first.json.measurements);
    const cpu = series(first.json).find((s) => s.name === 'PROCESS_CPU_USER')!;
    expect(cpu.dataPoints.length).toBe(12);
    const stamps = cpu.dataPoints.map((p) => Date.parse(p.timestamp));
    expect(stamps.every((t, i) => i === 0 || t - stamps[i - 1]! === 300_000)).toBe(true);
    expect(stamps.every((t) => t % 300_000 === 0)).toBe(true);
    expect(cpu.dataPoints.every((p) => typeof p.value === 'number' && p.value >= 0 && p.value <= 100)).toBe(true);
    expect(new Set(cpu.dataPoints.map((p) => p.value)).size).toBeGreaterThan(1);
    expect(series(first.json).find((s) => s.name === 'MEMORY_MAPPED')!.dataPoints.every((p) => p.value === null)).toBe(true);
    expect(series(first.json).find((s) => s.name === 'FTS_DISK_USAGE')!.dataPoints).toEqual([]);
    expect(first.json.start).toBe(cpu.dataPoints[0]!.timestamp);
    expect(first.json.end).toBe(cpu.dataPoints.at(-1)!.timestamp);
    // Another process's series differ.
    const other = await get(path.replace(processId, mongosFree));
    expect(series(other.json)[0]!.dataPoints.map((p) => p.value)).not.toEqual(cpu.dataPoints.map((p) => p.value));
    // Disk space: used and free add up to the disk.
    const disk = await get(`${group}/processes/${processId}/disks/data/measurements?granularity=PT1H&period=PT2H&m=DISK_PARTITION_SPACE_PERCENT_USED&m=DISK_PARTITION_SPACE_PERCENT_FREE`);
    const [used, free] = series(disk.json);
    for (const [i, point] of used!.dataPoints.entries()) expect(point.value! + free!.dataPoints[i]!.value!).toBeCloseTo(100, 6);
  });

  it('start and end: only the points in the window, none before the process came up', async () => {
    const now = clock.now;
    const start = new Date(now - 2 * 3600_000).toISOString();
    const end = new Date(now - 3600_000).toISOString();
    const answer = await get(`${group}/processes/${processId}/measurements?granularity=PT30M&start=${start}&end=${end}&m=CONNECTIONS`);
    const points = series(answer.json)[0]!.dataPoints.map((p) => Date.parse(p.timestamp));
    // Each step's end after the start: an hour at PT30M is two points.
    expect(points.length).toBe(2);
    expect(points.every((t) => t > now - 2 * 3600_000 && t <= now - 3600_000)).toBe(true);
    const before = await get(`${group}/processes/${processId}/measurements?granularity=PT1H&start=2020-01-01T00:00:00Z&end=2020-01-02T00:00:00Z&m=CONNECTIONS`);
    expect(series(before.json)[0]!.dataPoints).toEqual([]);
  });

  it('lists config and local and the databases the emulator knows the cluster holds; the one partition, data', async () => {
    const dbs = await get(`${group}/processes/${processId}/databases?includeCount=true&pageNum=1&itemsPerPage=100`);
    expect((dbs.json.results as Doc[]).map((d) => d.databaseName)).toEqual(['app', 'config', 'local']);
    const live = recordedBody('TestMetrics__databases_list__');
    expect(Object.keys((dbs.json.results as Doc[])[0]!)).toEqual(Object.keys((live.results as Doc[])[0]!));
    const disks = await get(`${group}/processes/${processId}/disks`);
    expect(disks.json.results).toEqual([{ links: [{ href: `${emu.url}${group}/processes/${processId}/disks/data`, rel: 'self' }], partitionName: 'data' }]);
    expect((await get(`${group}/processes/${processId}/databases/app/measurements?granularity=PT1M&period=PT5M`)).status).toBe(200);
    expect((await get(`${group}/processes/${processId}/databases/nope/measurements?granularity=PT1M&period=PT5M`)).status).toBe(404);
    expect((await get(`${group}/processes/${processId}/disks/journal/measurements?granularity=PT1M&period=PT5M`)).status).toBe(404);
  });

  it('refuses a bad query with 400 INVALID_QUERY_PARAMETER; an unknown process with 404 HOST_NOT_FOUND', async () => {
    const base = `${group}/processes/${processId}/measurements`;
    for (const query of ['period=PT1H', 'granularity=PT2M&period=PT1H', 'granularity=1M&period=PT1H', 'granularity=PT1M', 'granularity=PT1M&period=P1Y', 'granularity=PT1M&period=PT1H&start=2026-08-10T00:00:00Z', 'granularity=PT1M&start=2026-08-10T00:00:00Z', 'granularity=PT1M&start=2026-08-10T02:00:00Z&end=2026-08-10T01:00:00Z', 'granularity=PT1M&period=PT1H&m=NOT_A_SERIES', `granularity=PT1M&period=PT1H&${Array.from({ length: 11 }, () => 'm=CONNECTIONS').join('&')}`]) {
      const answer = await get(`${base}?${query}`);
      expect([answer.status, answer.json.errorCode], query).toEqual([400, 'INVALID_QUERY_PARAMETER']);
    }
    const missing = await get(`${group}/processes/nohost.example.net:27017/measurements?granularity=PT1M&period=PT1H`);
    expect([missing.status, missing.json.errorCode]).toEqual([404, 'HOST_NOT_FOUND']);
  });

  it('counts against the processes limit, as one RateLimit-Remaining falls across both', async () => {
    clock.advance(120_000);
    const a = await c.request('GET', `${group}/processes`, { headers: V });
    const b = await c.request('GET', `${group}/processes/${processId}/disks`, { headers: V });
    const d = await c.request('GET', `${group}/processes`, { headers: V });
    const remaining = [a, b, d].map((r) => Number(r.headers.get('ratelimit-remaining')));
    expect(remaining).toEqual([remaining[0], remaining[0]! - 1, remaining[0]! - 2]);
  });
});
