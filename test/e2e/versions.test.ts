// `cdba versions`: the table, -o json, --fail-within both ways, and a bad window
// refused before any request. The emulator runs as on a fixed day (--date), and
// the command counts days from the service's Date header, so every figure here is
// fixed whatever today is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { withEmulator } from '../helpers/emulator.js';
import { cdba } from '../helpers/inProcess.js';

interface Row {
  operation: string;
  alias?: string | null;
  method?: string;
  path?: string;
  sends: string | null;
  newest: string | null;
  deprecation: string | null;
  sunset: string | null;
  daysLeft: number | null;
  operationDeprecated: boolean;
}

describe('cdba versions', () => {
  let emu: RunningEmulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    ({ emu, env } = await withEmulator({ date: '2027-05-02' }));
  });
  afterAll(() => emu.stop());

  const json = async (args: string[]): Promise<{ serviceDate: string; apiVersion: string; operations: Row[] }> => {
    const result = await cdba(['versions', '-o', 'json', ...args], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  };
  const row = (rows: Row[], operation: string): Row => rows.find((r) => r.operation === operation)!;

  it('-o json: the service\'s day, and per operation the version sent under the pin, the newest, Deprecation, Sunset and days left', async () => {
    const report = await json(['--api-version', '2024-08-05']);
    expect(report.serviceDate).toBe('2027-05-02');
    expect(report.apiVersion).toBe('2024-08-05');
    expect(report.operations.map((r) => r.operation)).toContain('clusters.create');
    // 2024-08-05 create is past its Sunset (2027-03-01) on 2027-05-02: the service's newest is 2024-10-23.
    expect(row(report.operations, 'clusters.create')).toEqual({
      operation: 'clusters.create', method: 'POST', path: '/groups/{groupId}/clusters',
      sends: '2024-08-05', newest: '2024-10-23', deprecation: '2024-10-23', sunset: '2027-03-01', daysLeft: -62, operationDeprecated: false,
    });
    expect(row(report.operations, 'clusters.get')).toMatchObject({ sends: '2024-08-05', newest: '2024-08-05', deprecation: null, sunset: null, daysLeft: null });
    expect(row(report.operations, 'clusters.delete')).toMatchObject({ sends: '2023-02-01', newest: '2023-02-01', sunset: null });
    expect(row(report.operations, 'privateIpMode.get')).toMatchObject({ sends: '2023-01-01', operationDeprecated: true, sunset: null });
    const pinned = await json(['--api-version', '2023-02-01']);
    expect(row(pinned.operations, 'clusters.list')).toMatchObject({ sends: '2023-02-01', newest: '2024-08-05', deprecation: '2024-08-05', sunset: '2027-07-01', daysLeft: 60 });
    const legacy = await json(['--api-version', 'v1.0']);
    expect(legacy.operations.every((r) => r.sends === 'v1.0' && r.sunset === null)).toBe(true);
  });

  it('the table: one row per operation of the table, days left or gone', async () => {
    const result = await cdba(['versions', '-o', 'table', '--api-version', '2024-08-05'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^OPERATION\s+SENDS\s+NEWEST\s+DEPRECATION\s+SUNSET\s+DAYS LEFT$/);
    expect(lines.find((l) => l.startsWith('clusters.create\t'))).toMatch(/^clusters\.create\s+2024-08-05\s+2024-10-23\s+2024-10-23\s+2027-03-01\s+gone$/);
    expect(lines.find((l) => l.startsWith('clusters.get\t'))).toMatch(/^clusters\.get\s+2024-08-05\s+2024-08-05\s+-\s+-\s+-$/);
    expect(lines.find((l) => l.startsWith('privateIpMode.get\t'))).toMatch(/^privateIpMode\.get\s+2023-01-01\s+2023-01-01\s+deprecated\s+-\s+-$/);
  });

  it('--fail-within: exit 11 with one line naming the first to go and the pin to move to, after the table', async () => {
    const result = await cdba(['versions', '--fail-within', '90d', '-o', 'json', '--api-version', '2023-02-01'], { env });
    expect(result.exitCode).toBe(11);
    const rows = (JSON.parse(result.stdout) as { operations: Row[] }).operations;
    expect(rows.length).toBeGreaterThan(5);
    // clusters list, create, get, update at 2023-02-01 and the backup schedule at 2023-01-01, with any other
    // resource's version due (the count is the report's own, so a resource added later does not change this line).
    const due = rows.filter((r) => r.daysLeft !== null && r.daysLeft <= 90).map((r) => r.operation);
    expect(due).toEqual(expect.arrayContaining(['clusters.list', 'clusters.create', 'clusters.get', 'clusters.update', 'backups.getSchedule']));
    expect(result.stderr).toBe(
      `cdba: ${due.length} of the versions cdba sends reach their Sunset within 90 days: clusters.list 2023-02-01 is removed on 2027-07-01, in 60 days; use --api-version 2024-10-23\n`,
    );
  });

  it('--fail-within: exit 0 when nothing is removed within the window', async () => {
    const result = await cdba(['versions', '--fail-within', '59d', '--api-version', '2023-02-01', '-o', 'json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const current = await cdba(['versions', '--fail-within', '3650d', '-o', 'json'], { env });
    expect(current.exitCode, current.stderr).toBe(0); // the default pin sends every operation a version with no Sunset
  });

  it('--all: every operation of the shipped description by its operationId, from the data refresh-operations writes; the table\'s own agree with it', async () => {
    const { loadDescription, operationOfTemplate } = await import('../../src/api/description.js');
    const description = await loadDescription();
    const all = await json(['--all', '--api-version', '2024-08-05']);
    expect(all.serviceDate).toBe('2027-05-02');
    expect(all.operations).toHaveLength(description.operations.length);
    expect(row(all.operations, 'createGroupCluster')).toEqual({
      operation: 'createGroupCluster', alias: 'createCluster', method: 'POST', path: '/groups/{groupId}/clusters',
      sends: '2024-08-05', newest: '2024-10-23', deprecation: null, sunset: '2027-03-01', daysLeft: -62, operationDeprecated: false,
    });
    // An operation first served after the pin sends nothing; one served only as a preview sends 'preview'.
    expect(row(all.operations, 'createGroupFlexCluster')).toMatchObject({ sends: null, newest: '2024-11-13' });
    expect(row(all.operations, 'createGroupClusterOverloadSimulation')).toMatchObject({ sends: 'preview', newest: null });
    // Each of cdba's own operations: the version sent and its Sunset are the description's.
    const own = await json(['--api-version', '2024-08-05']);
    let compared = 0;
    for (const mine of own.operations) {
      const { OPERATIONS } = await import('../../src/api/operations.js');
      const entry = OPERATIONS[mine.operation as keyof typeof OPERATIONS];
      const described = operationOfTemplate(description, entry.method, entry.path);
      if (!described || mine.sends === null) continue;
      const theirs = row(all.operations, described.id);
      expect({ op: mine.operation, sends: theirs.sends, sunset: theirs.sunset }).toEqual({ op: mine.operation, sends: mine.sends, sunset: mine.sunset });
      compared += 1;
    }
    expect(compared).toBeGreaterThan(40);
    const due = await cdba(['versions', '--all', '--fail-within', '90d', '--api-version', '2024-08-05', '-o', 'json'], { env });
    expect(due.exitCode).toBe(11);
    // The first to go is removed whole (no later version); a later pin moves some of the others.
    expect(due.stderr).toMatch(/^cdba: \d+ operations of the description reach their Sunset within 90 days: \w+ \d{4}-\d{2}-\d{2} was removed on \d{4}-\d{2}-\d{2}.*, and no later version replaces it; \d+ others have one; use --api-version 2025-03-12\n$/);
    const newest = await cdba(['versions', '--all', '--fail-within', '90d', '--api-version', '2026-08-21', '-o', 'json'], { env });
    expect(newest.exitCode).toBe(11);
    expect(newest.stderr).not.toMatch(/use --api-version/);
  });

  it('a --fail-within that is not a number of days: one line, exit 2, nothing sent', async () => {
    emu.resetStats();
    for (const bad of ['90', '90 days', '-1d', 'd', '1.5d']) {
      const result = await cdba(['versions', '--fail-within', bad], { env });
      expect(result.exitCode, bad).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n').filter(Boolean), bad).toHaveLength(1);
      expect(result.stderr).toContain('expected a number of days like 90d');
    }
    expect(emu.stats().total).toBe(0);
  });
});
