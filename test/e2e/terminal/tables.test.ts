// Tables fit the terminal: a 34-cluster list in a real pseudo-terminal of 40, 60
// and 120 columns has no line wider than the terminal; names and dates stay whole,
// the least useful columns go first; --wide shows everything; a pipe gets every
// value whole, tab-separated.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdba } from '../../helpers/cli.js';
import { digestEnv, testServer, type TestServer } from '../../reliability/support.js';
import { displayWidth } from '../../../src/output/fit.js';
import { inTerminal, scriptAvailable } from './pty.js';

const REGIONS = ['US_EAST_1', 'EU_WEST_1', 'AP_SOUTHEAST_2'];
const NAMES = Array.from({ length: 34 }, (_, i) => `analytics-${['prod', 'stage', 'dev'][i % 3]}-eu-west-${String(i).padStart(2, '0')}`);

function cluster(name: string, i: number): Record<string, unknown> {
  return {
    id: `65f0c0ffee0000000000${String(i).padStart(4, '0')}`,
    name,
    stateName: i % 5 === 0 ? 'UPDATING' : 'IDLE',
    mongoDBVersion: '7.0.12-ent-rc1',
    clusterType: i % 4 === 0 ? 'GEOSHARDED' : 'REPLICASET',
    createDate: '2024-05-01T00:00:00Z',
    replicationSpecs: [
      {
        zoneName: 'Zone 1',
        regionConfigs: REGIONS.map((regionName, r) => ({ providerName: r === 1 ? 'GCP' : 'AWS', regionName, priority: 7 - r, electableSpecs: { instanceSize: 'M30', nodeCount: 3 } })),
      },
    ],
  };
}

let server: TestServer;
beforeAll(async () => {
  server = await testServer((req: IncomingMessage, res: ServerResponse) => {
    const accept = String(req.headers.accept ?? '');
    res.writeHead(200, { 'content-type': accept.startsWith('application/vnd.atlas.') ? accept : 'application/json' });
    // The table asks the flex API too (issue 26); this project has no flex clusters.
    const flex = String(req.url ?? '').includes('/flexClusters');
    res.end(JSON.stringify(flex ? { results: [], totalCount: 0, links: [] } : { results: NAMES.map(cluster), totalCount: NAMES.length, links: [] }));
  });
});
afterAll(async () => {
  await server?.close();
});

const env = (): Record<string, string> => ({ ...digestEnv(server.url), CDBA_OUTPUT: 'table', NO_COLOR: '1' });

/** The table's lines: the header and one per cluster. */
async function listAt(columns: number, extra: string[] = []): Promise<string[]> {
  const terminal = inTerminal(['clusters', 'list', ...extra], { columns, env: env() });
  const { exitCode, text } = await terminal.done();
  expect(exitCode, text).toBe(0);
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  expect(lines[0]).toMatch(/^NAME\s+STATE/);
  expect(lines).toHaveLength(35);
  return lines;
}

describe.skipIf(!scriptAvailable)('clusters list in a terminal', () => {
  it.each([40, 60, 120])('at %i columns, no line is wider than the terminal and every name is recognisable', async (columns) => {
    const lines = await listAt(columns);
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
    // A name is whole, or cut in its middle: its start and its end (where these names differ) stay.
    const shown = lines.slice(1).map((l) => l.split(/\s{2,}/)[0]!);
    NAMES.forEach((name, i) => {
      const [head, tail] = shown[i]!.split('…');
      if (tail === undefined) return expect(shown[i]).toBe(name);
      expect(name.startsWith(head!) && name.endsWith(tail), shown[i]).toBe(true);
      expect(displayWidth(shown[i]!)).toBeGreaterThanOrEqual(16);
    });
    expect(new Set(shown).size).toBe(NAMES.length);
    // The state is never cut.
    expect(lines.filter((l) => /\sUPDATING(\s|$)/.test(l))).toHaveLength(7);
  });

  it('at 120 columns nothing is cut (issue 43, item 8): CREATED, a date, goes whole, and every other column but DISK stays', async () => {
    const lines = await listAt(120);
    // DISK shows only when the whole table fits (these long values do not): it never makes another value cut.
    expect(lines[0]).toMatch(/^NAME\s+STATE\s+DB VERSION\s+TYPE\s+PROVIDER\s+REGION\s+TIER$/);
    expect(lines[1]).toMatch(/^analytics-prod-eu-west-00 .* 7\.0\.12-ent-rc1 .* M30$/);
    expect(lines.join('\n')).not.toContain('…');
    // With room for it, CREATED is whole too.
    expect((await listAt(160))[1]).toMatch(/ 2024-05-01T00:00:00Z$/);
  });

  it('at 40 columns the least useful columns are dropped first: name and state stay', async () => {
    const lines = await listAt(40);
    expect(lines[0]).toMatch(/^NAME\s+STATE/);
    expect(lines[0]).not.toMatch(/CREATED|DISK|TIER|PROVIDER/);
  });

  it('at 60 columns CREATED goes before the columns that tell clusters apart', async () => {
    const lines = await listAt(60);
    expect(lines[0]).not.toContain('CREATED');
    expect(lines[0]).toMatch(/STATE/);
  });

  it('--wide shows everything in full, whatever the width', async () => {
    const lines = await listAt(60, ['--wide']);
    expect(lines[0]).toMatch(/CREATED$/);
    expect(lines.join('\n')).not.toContain('…');
    expect(lines[1]).toContain(NAMES[0]);
    expect(lines[1]).toContain('7.0.12-ent-rc1');
    expect(lines[1]).toContain('2024-05-01');
    expect(Math.max(...lines.map(displayWidth))).toBeGreaterThan(60);
  });
});

describe('clusters list in a pipe', () => {
  it('tab-separated, never cut, whatever COLUMNS says', async () => {
    const result = await cdba(['clusters', 'list', '-o', 'table'], { env: { ...env(), COLUMNS: '40' } });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(35);
    expect(lines[0]).toBe('NAME\tSTATE\tDB VERSION\tTYPE\tPROVIDER\tREGION\tTIER\tDISK\tCREATED');
    expect(result.stdout).not.toContain('…');
    expect(lines[1]!.split('\t')[0]).toBe(NAMES[0]);
    expect(lines[1]!.split('\t')[2]).toBe('7.0.12-ent-rc1');
  });
});

describe.skipIf(!scriptAvailable)('clusters get in a terminal', () => {
  let single: TestServer;
  const longHost = 'analytics-prod-eu-west-00-shard-00-00.abcde.mongodb.net';
  beforeAll(async () => {
    single = await testServer((req: IncomingMessage, res: ServerResponse) => {
      const accept = String(req.headers.accept ?? '');
      res.writeHead(200, { 'content-type': accept.startsWith('application/vnd.atlas.') ? accept : 'application/json' });
      res.end(
        JSON.stringify({
          ...cluster(NAMES[0]!, 0),
          connectionStrings: {
            standard: `mongodb://${longHost}:27017,${longHost.replace('00-00', '00-01')}:27017/?ssl=true&authSource=admin`,
            standardSrv: 'mongodb+srv://analytics-prod-eu-west-00.abcde.mongodb.net',
          },
        }),
      );
    });
  });
  afterAll(async () => {
    await single?.close();
  });

  it.each([40, 60])('at %i columns the readable view fits, but for what users copy: the name and the connection strings whole (issue 43, item 8)', async (columns) => {
    const terminal = inTerminal(['clusters', 'get', NAMES[0]!], { columns, env: { ...digestEnv(single.url), CDBA_OUTPUT: 'table', NO_COLOR: '1' } });
    const { exitCode, text } = await terminal.done();
    expect(exitCode, text).toBe(0);
    // The terminal wraps what is wider than it: the view's lines joined again.
    const flat = text.replace(/\r/g, '');
    expect(flat.replace(/\n/g, '')).toContain(`mongodb://${longHost}:27017,${longHost.replace('00-00', '00-01')}:27017/?ssl=true&authSource=admin`);
    expect(flat.replace(/\n/g, '')).toContain('mongodb+srv://analytics-prod-eu-west-00.abcde.mongodb.net');
    // The topology lines are not copied: cut with … to fit.
    const topology = flat.split('\n').filter((l) => /^ {4}AWS /.test(l));
    expect(topology.length).toBeGreaterThan(0);
    for (const line of topology) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
  });

  it('--wide prints the view unshortened', async () => {
    const terminal = inTerminal(['clusters', 'get', NAMES[0]!, '--wide'], { columns: 40, env: { ...digestEnv(single.url), CDBA_OUTPUT: 'table', NO_COLOR: '1' } });
    const { exitCode, text } = await terminal.done();
    expect(exitCode, text).toBe(0);
    expect(text).toContain(`mongodb://${longHost}:27017,`);
  });
});
