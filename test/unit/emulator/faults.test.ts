import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { App } from '../../../src/cli/command.js';
import { buildProgram } from '../../../src/cli/program.js';
import { describe as describeTree, flatten } from '../../../src/cli/tree.js';
import { REPO_ROOT } from '../../helpers/cli.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { plainRequest, withEmulator } from '../../helpers/emulator.js';
import { Faults } from '../../../src/emulator/faults.js';
import { client, modernCreate, v2 } from './fixtures.js';

/** Statuses of `count` unauthenticated root requests: 401 normally, 503 when a fault fires. */
async function statuses(emu: RunningEmulator, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await plainRequest(emu.url, 'GET', '/api/atlas/v1.0')).status);
  return out;
}

describe('fault injection', () => {
  it('hold: every request waits until the hold is released', async () => {
    const faults = new Faults({});
    faults.update({ hold: true });
    let passed = 0;
    const held = [faults.delay(), faults.delay()].map((wait) => wait.then(() => (passed += 1)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(passed).toBe(0);
    faults.update({ hold: false });
    await Promise.all(held);
    expect(passed).toBe(2);
    await faults.delay(); // released: no wait at all
  });

  it('answers a fraction of requests 503 + Retry-After: 1, the same ones for the same fault seed', async () => {
    const runs = await Promise.all([42, 42, 7].map((faultSeed) => withEmulator({ failRate: 0.3, faultSeed })));
    try {
      const [a, b, c] = await Promise.all(runs.map(({ emu }) => statuses(emu, 40)));
      expect(a).toEqual(b);
      expect(a).not.toEqual(c);
      const failed = a!.filter((s) => s === 503).length;
      expect(failed).toBeGreaterThan(4);
      expect(failed).toBeLessThan(24);
      expect(a!.every((s) => s === 503 || s === 401)).toBe(true);
      runs[0]!.emu.setFaults({ failRate: 1 });
      const response = await plainRequest(runs[0]!.emu.url, 'GET', '/api/atlas/v1.0');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(response.json).toMatchObject({ error: 503, errorCode: 'SERVICE_UNAVAILABLE', reason: 'Service Unavailable' });
      // The stats endpoint is never faulted.
      expect((await plainRequest(runs[0]!.emu.url, 'GET', '/_emulator/stats')).status).toBe(200);
    } finally {
      await Promise.all(runs.map(({ emu }) => emu.stop()));
    }
  });

  it('commits a create and drops the connection unanswered; a blind retry then meets 409', async () => {
    const { emu } = await withEmulator();
    try {
      const c = client(emu);
      const path = `/api/atlas/v2/groups/${emu.defaults.projectId}/clusters`;
      await c.request('GET', path, { headers: v2('2023-02-01') }); // take the digest challenge first
      emu.setFaults({ dropAfterCommit: true });
      await expect(c.request('POST', path, { headers: v2('2023-02-01'), body: modernCreate('dropped') })).rejects.toThrow();
      emu.setFaults({ dropAfterCommit: false });
      expect(emu.state().clusters.map((cl) => cl.name)).toEqual(['dropped']);
      const stats = emu.stats();
      expect(stats.dropped).toBe(1);
      expect(stats.byPath[`POST /api/atlas/v2/groups/{groupId}/clusters`]).toBe(1);
      const retry = await c.request('POST', path, { headers: v2('2023-02-01'), body: modernCreate('dropped') });
      expect(retry.status).toBe(409);
    } finally {
      await emu.stop();
    }
  });

  it('drops the answer of the other creates too: a flex cluster and a project, each committed', async () => {
    const { emu } = await withEmulator();
    try {
      const c = client(emu);
      const groups = '/api/atlas/v2/groups';
      await c.request('GET', `${groups}/${emu.defaults.projectId}/clusters`, { headers: v2('2023-02-01') }); // take the digest challenge first
      const orgId = (emu.state().projects as Array<{ id: string; orgId: string }>).find((p) => p.id === emu.defaults.projectId)!.orgId;
      emu.setFaults({ dropAfterCommit: true });
      const flex = { name: 'dropped-flex', providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } };
      await expect(c.request('POST', `${groups}/${emu.defaults.projectId}/flexClusters`, { headers: v2('2024-11-13'), body: flex })).rejects.toThrow();
      await expect(c.request('POST', groups, { headers: v2('2023-01-01'), body: { name: 'dropped-project', orgId } })).rejects.toThrow();
      emu.setFaults({ dropAfterCommit: false });
      expect(emu.stats().dropped).toBe(2);
      expect((emu.state().flexClusters as Array<{ name: string }>).map((f) => f.name)).toContain('dropped-flex');
      expect((emu.state().projects as Array<{ name: string }>).map((p) => p.name)).toContain('dropped-project');
    } finally {
      await emu.stop();
    }
  });

  it('--drop-after-commit says so: its help and the README name every create it drops, not clusters alone', () => {
    const emulator = flatten(describeTree(buildProgram(new App(IO.test(), {}, '0.0.0')) as never)).find((c) => c.path.join(' ') === 'emulator')!;
    const help = emulator.options.find((o) => o.long === '--drop-after-commit')!.description;
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const sentence = /`--drop-after-commit` commits each create of ([^.]+?) and then drops/.exec(readme)?.[1];
    for (const words of [help, sentence]) {
      expect(words).toMatch(/\bcluster\b/);
      expect(words).toMatch(/\bflex cluster\b/);
      expect(words).toMatch(/\bproject\b/);
      expect(words).toMatch(/\baccess-list entr/);
    }
  });

  it('adds latency without changing answers', async () => {
    const { emu } = await withEmulator({ latencyMs: 20 });
    try {
      const response = await client(emu).request('GET', `/api/atlas/v1.0/groups/${emu.defaults.projectId}/clusters`);
      expect(response.status).toBe(200);
      emu.setFaults({ latencyMs: 0 });
      expect((await client(emu).request('GET', '/api/atlas/v1.0')).status).toBe(200);
    } finally {
      await emu.stop();
    }
  });
});

describe('GET /_emulator/stats', () => {
  it('needs no auth and counts total, by status, challenges, by method and by path; resetStats clears it', async () => {
    const { emu } = await withEmulator();
    try {
      const c = client(emu);
      await c.request('GET', `/api/atlas/v1.0/groups/${emu.defaults.projectId}/clusters`);
      await c.request('GET', `/api/atlas/v1.0/groups/${emu.defaults.projectId}/clusters`);
      const stats = await plainRequest(emu.url, 'GET', '/_emulator/stats');
      expect(stats.status).toBe(200);
      expect(stats.json).toEqual({
        total: 3,
        byStatus: { '200': 2, '401': 1 },
        challenges: 1,
        byMethod: { GET: 3 },
        byPath: { 'GET /api/atlas/v1.0/groups/{groupId}/clusters': 3 },
        dropped: 0,
      });
      expect(emu.stats()).toEqual(stats.json);
      emu.resetStats();
      expect(emu.stats().total).toBe(0);
    } finally {
      await emu.stop();
    }
  });
});
