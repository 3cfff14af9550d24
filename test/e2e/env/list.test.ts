// `cdba env list` (issue 38): the envs of three runners, found by their marks from a
// fourth with no state files; the table, -o json, --query; an env on a reused cluster;
// --expired judged on the service's clock (an emulator restarted on its --state three
// hours on), not this machine's.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator, SeedDocument } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000004c';
const HOUR = 3_600_000;
const seed: SeedDocument = {
  projects: [{ id: PROJECT, name: 'fleet' }],
  apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
  rateLimit: { perMinute: 100_000 },
};
const statePath = join(tempDir(), 'state.json');
const started = new Date(Math.floor(Date.now() / 1000) * 1000);
let emu: RunningEmulator;
const env = () => ownerEnv(emu.url, PROJECT);

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  // The service's clock starts at this machine's now, so env up's --ttl dates are in its window.
  emu = await startEmulator({ transitionMs: 0, seed, statePath, date: started.toISOString() });
  const runners = [
    { ip: '10.0.0.1', envs: [['a-1', '1h'], ['a-2', '5h']] },
    { ip: '10.0.0.2', envs: [['b-1', '1h']] },
    { ip: '10.0.0.3', envs: [['c-1', '2h', 'M10']] },
  ];
  expect((await cdba(['clusters', 'create', 'shared-db', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], { env: env() })).exitCode).toBe(0);
  for (const runner of runners) {
    const configDir = tempDir(); // each runner its own: its state files stay there
    for (const [name, ttl, tier] of runner.envs) {
      const up = await cdba(['env', 'up', name!, '--ttl', ttl!, '--ip', runner.ip, ...(tier ? ['--tier', tier] : [])], { env: env(), configDir });
      expect(up.exitCode, up.stderr).toBe(0);
    }
  }
  expect((await cdba(['env', 'up', 'shared-db', '--ttl', '1h', '--ip', '10.0.0.9'], { env: env(), configDir: tempDir() })).exitCode).toBe(0);
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

async function listJson(args: string[] = []): Promise<Doc> {
  const r = await cdba(['env', 'list', ...args, '-o', 'json'], { env: env(), configDir: tempDir() });
  expect(r.exitCode, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Doc;
}

describe('env list', () => {
  it('from a fourth runner with no state files: every env, its cluster\'s state and tier, when it ends, whether it made its cluster', async () => {
    const doc = await listJson();
    expect(doc.results.map((e: Doc) => e.name)).toEqual(['a-1', 'a-2', 'b-1', 'c-1', 'shared-db']);
    expect(doc.totalCount).toBe(5);
    const a1 = doc.results[0];
    expect(a1).toMatchObject({ name: 'a-1', state: 'IDLE', tier: 'FLEX', createdCluster: true, expired: false, user: 'cdba-env-a-1', entries: ['10.0.0.1'] });
    expect(Date.parse(a1.expires) - started.getTime()).toBeGreaterThan(0.9 * HOUR);
    expect(Date.parse(a1.expires) - started.getTime()).toBeLessThanOrEqual(HOUR + 60_000);
    expect(a1.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(typeof a1.createDate).toBe('string');
    // a-2 shares runner a's address: the entry is a-1's.
    expect(doc.results[1]).toMatchObject({ name: 'a-2', entries: [] });
    expect(doc.results[3]).toMatchObject({ name: 'c-1', tier: 'M10', createdCluster: true });
    // A cluster that was there before env up: the env did not make it, and has no age.
    expect(doc.results[4]).toMatchObject({ name: 'shared-db', state: 'IDLE', tier: 'FLEX', createdCluster: false, createDate: null, ageSeconds: null });
    expect(doc.serviceTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('a table, and --query on the document', async () => {
    const table = await cdba(['env', 'list', '-o', 'table'], { env: env() });
    expect(table.exitCode).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]!.split('\t')).toEqual(['NAME', 'STATE', 'TIER', 'AGE', 'EXPIRES', 'CREATED CLUSTER']);
    expect(lines[1]).toMatch(/^a-1\tIDLE\tFLEX\t\d+s\tin (59m|1h00m)\tyes$/);
    expect(lines[5]).toMatch(/^shared-db\tIDLE\tFLEX\t-\tin (59m|1h00m)\tno$/);
    const query = await cdba(['env', 'list', '--query', 'results[?!createdCluster].name', '-o', 'json'], { env: env() });
    expect(JSON.parse(query.stdout)).toEqual(['shared-db']);
  });

  it('--expired is judged on the service\'s clock: restarted three hours on, the 1h and 2h envs are past their end, though this machine\'s clock says not', async () => {
    expect((await listJson(['--expired'])).results).toEqual([]);
    const before = (await listJson()).results.find((e: Doc) => e.name === 'shared-db');
    await emu.stop();
    emu = await startEmulator({ transitionMs: 0, seed, statePath, date: new Date(started.getTime() + 3 * HOUR).toISOString() });
    const doc = await listJson(['--expired']);
    expect(Date.parse(before.expires)).toBeGreaterThan(Date.now()); // this machine: not yet
    expect(doc.results.map((e: Doc) => e.name)).toEqual(['a-1', 'b-1', 'c-1']);
    // The service deleted the users and entries at their deleteAfterDate; the clusters the envs made are left, tagged
    // (a-1's entry lives on: a-2, from the same address, made it last as long as itself).
    expect(doc.results[0]).toMatchObject({ name: 'a-1', state: 'IDLE', createdCluster: true, expired: true, user: null, entries: ['10.0.0.1'] });
    expect(doc.results[1]).toMatchObject({ name: 'b-1', user: null, entries: [] });
    // shared-db's user and entry are gone too, and its cluster was never the env's: nothing marks it as an env any more.
    const all = await listJson();
    expect(all.results.map((e: Doc) => [e.name, e.expired])).toEqual([['a-1', true], ['a-2', false], ['b-1', true], ['c-1', true]]);
  });
});
