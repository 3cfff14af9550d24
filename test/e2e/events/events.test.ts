// `cdba events list|get` in process against an emulator whose journal the commands
// themselves fill: the document passed through, the table, the filters sent as the
// service's query, bad input refused before any request with one line (exit 2), the
// organization's events, and --follow: each event once, oldest first, until Ctrl-C (130)
// or until --until has passed (0). Transitions of 0 ms: nothing waits on a clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, start } from '../../helpers/inProcess.js';
import { DigestClient, withEmulator } from '../../helpers/emulator.js';
import { waitFor } from '../../helpers/waitFor.js';
import { OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID, digestEnv, expectOneErrorLine, knownSeed } from '../../reliability/support.js';

const ORG = 'a1b2c3d4e5f6a7b8c9d0e1f2';
let emu: RunningEmulator;
let env: Record<string, string>;
let api: DigestClient;
const requests = (): number => emu.stats().total;
const json = (text: string): Record<string, any> => JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const V = { Accept: 'application/vnd.atlas.2023-01-01+json' };

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: knownSeed({ orgs: [{ id: ORG, name: 'acme' }], projects: [{ id: PROJECT_ID, name: 'reliability', orgId: ORG }] }), transitionMs: 0 }));
  env = digestEnv(emu.url);
  api = new DigestClient(emu.url, OWNER_PUBLIC, OWNER_PRIVATE);
  const added = await cdba(['access-list', 'add', '203.0.113.7', '-o', 'json'], { env });
  expect(added.exitCode, added.stderr).toBe(0);
  const deleted = await cdba(['clusters', 'delete', 'seeded', '--yes', '-o', 'json'], { env });
  expect(deleted.exitCode, deleted.stderr).toBe(0);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('events list and get', () => {
  it('-o json is the service\'s document: what the commands did, newest first', async () => {
    const result = await cdba(['events', 'list', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const document = json(result.stdout);
    expect(Object.keys(document).sort()).toEqual(['links', 'results', 'totalCount']);
    expect(document.results.map((e: { eventTypeName: string }) => e.eventTypeName)).toEqual(['CLUSTER_DELETED', 'CLUSTER_DELETE_SUBMITTED', 'NETWORK_PERMISSION_ENTRY_ADDED']);
    expect(document.results[1]).toMatchObject({ clusterName: 'seeded', publicKey: OWNER_PUBLIC });
  });

  it('the table: created, type, cluster, who, id', async () => {
    const result = await cdba(['events', 'list', '-o', 'table'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const [header, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header).toBe('CREATED\tTYPE\tCLUSTER\tWHO\tID');
    expect(rows[1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\tCLUSTER_DELETE_SUBMITTED\\tseeded\\t${OWNER_PUBLIC}\\t[0-9a-f]{24}$`));
    expect(rows[0]).toMatch(/\tCLUSTER_DELETED\tseeded\t\t[0-9a-f]{24}$/);
  });

  it('--type (any case, repeated), --cluster, --since and --until go as the service\'s filters', async () => {
    const types = await cdba(['events', 'list', '--type', 'cluster_deleted', '--type', 'NETWORK_PERMISSION_ENTRY_ADDED', '-o', 'json', '--query', 'results[].eventTypeName'], { env });
    expect(types.exitCode, types.stderr).toBe(0);
    expect(JSON.parse(types.stdout)).toEqual(['CLUSTER_DELETED', 'NETWORK_PERMISSION_ENTRY_ADDED']);
    const cluster = await cdba(['events', 'list', '--cluster', 'seeded', '-o', 'json', '--query', 'length(results)'], { env });
    expect(JSON.parse(cluster.stdout)).toBe(2);
    const none = await cdba(['events', 'list', '--until', '2020-01-01T00:00:00Z', '-o', 'json', '--query', 'length(results)'], { env });
    expect(JSON.parse(none.stdout)).toBe(0);
    const recent = await cdba(['events', 'list', '--since', '1h', '-o', 'json', '--query', 'length(results)'], { env });
    expect(JSON.parse(recent.stdout)).toBe(3);
  });

  it('get: one event by id, as the list has it', async () => {
    const listed = json((await cdba(['events', 'list', '-o', 'json'], { env })).stdout).results[0];
    const result = await cdba(['events', 'get', listed.id, '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(json(result.stdout)).toEqual(listed);
    expectOneErrorLine(await cdba(['events', 'get', '0123456789abcdef01234567'], { env }), 4, /EVENT_NOT_FOUND/);
  });

  it('--all --no-count: every event, though without the count the service sends no next link (and totalCount 0)', async () => {
    const counted = json((await cdba(['events', 'list', '--all', '--limit', '1', '-o', 'json'], { env })).stdout);
    expect(counted.results.length).toBeGreaterThanOrEqual(3);
    const result = await cdba(['events', 'list', '--all', '--no-count', '--limit', '1', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const document = json(result.stdout);
    expect(document.results).toEqual(counted.results);
    expect(document.totalCount).toBe(counted.results.length);
    expect(document.links[0].href).toContain('includeCount=false');
  });

  it('the organization\'s events: a project made with cdba is GROUP_CREATED there', async () => {
    const made = await cdba(['projects', 'create', 'gamma', '--org-id', ORG, '-o', 'json'], { env });
    expect(made.exitCode, made.stderr).toBe(0);
    const result = await cdba(['events', 'list', '--org', ORG, '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(json(result.stdout).results[0]).toMatchObject({ eventTypeName: 'GROUP_CREATED', groupId: json(made.stdout).id, orgId: ORG });
  });

  it('bad input: one line, exit 2, before any request', async () => {
    const before = requests();
    const cases: Array<[string[], RegExp]> = [
      [['events', 'list', '--type', 'CLUSTR_READY'], /invalid --type "CLUSTR_READY".*did you mean CLUSTER_READY/],
      [['events', 'list', '--org', ORG, '--type', 'CLUSTER_READY'], /not an event type of an organization/],
      [['events', 'list', '--org', ORG, '--cluster', 'c1'], /--cluster cannot be used with --org/],
      [['events', 'list', '--org', 'acme'], /invalid --org "acme"/],
      [['events', 'list', '--since', '5'], /invalid --since "5"/],
      [['events', 'list', '--since', '2026-02-30T00:00:00Z'], /invalid --since/],
      [['events', 'list', '--since', '1h', '--until', '2h'], /--since 1h is after --until 2h/],
      [['events', 'list', '--cluster', 'bad name'], /invalid --cluster/],
      [['events', 'list', '--limit', '501'], /--limit/],
      [['events', 'get', 'nothex'], /invalid event ID "nothex"/],
    ];
    for (const [args, pattern] of cases) expectOneErrorLine(await cdba(args, { env }), 2, pattern);
    expect(requests()).toBe(before);
  });
});

describe('events list --follow', () => {
  const addEntry = async (address: string): Promise<void> => {
    const response = await api.request('POST', `/api/atlas/v2/groups/${PROJECT_ID}/accessList`, { headers: V, body: [{ ipAddress: address }] });
    expect(response.status).toBe(201);
  };

  it('prints each event once, oldest first, as they come, until Ctrl-C (exit 130)', async () => {
    const run = start(['events', 'list', '--follow', '--type', 'NETWORK_PERMISSION_ENTRY_ADDED', '-o', 'json'], { env, watchIntervalMs: 5 });
    await run.seen(/following the project's events/);
    const printed = (): Array<Record<string, string>> => run.stdout().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, string>);
    // The latest page first: the entry added before.
    await waitFor('the first batch', () => printed().length >= 1);
    await addEntry('198.51.100.1');
    await waitFor('the second entry', () => printed().length >= 2);
    await addEntry('198.51.100.2');
    await addEntry('198.51.100.3');
    await waitFor('the fourth entry', () => printed().length >= 4);
    run.interrupt();
    const result = await run.result;
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toMatch(/interrupted while following events/);
    const events = printed();
    expect(events).toHaveLength(4);
    expect(new Set(events.map((e) => e.id)).size).toBe(4);
    expect(events.map((e) => e.created)).toEqual(events.map((e) => e.created).sort());
    expect(events.every((e) => e.eventTypeName === 'NETWORK_PERMISSION_ENTRY_ADDED')).toBe(true);
  });

  it('with --until already past: one poll reads up to it, then exit 0; the table has its header once', async () => {
    const result = await cdba(['events', 'list', '--follow', '--since', '1h', '--until', new Date(Date.now() - 1).toISOString(), '-o', 'table'], { env, watchIntervalMs: 5 });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('CREATED\t'))).toHaveLength(1);
    expect(lines.slice(1).map((l) => l.split('\t')[1])).toContain('CLUSTER_DELETED');
    const ids = lines.slice(1).map((l) => l.split('\t')[4]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
