// `cdba processes list|get` in process against an emulator, and the resolver other groups
// use (a cluster name, host:port or hostname to processes): what each prints, refusals
// before any request, not-found with the near names, and clusters without processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba } from '../../helpers/inProcess.js';
import { withEmulator } from '../../helpers/emulator.js';
import { PROJECT_ID, SEEDED_CLUSTER, digestEnv, expectOneErrorLine, knownSeed, modernBody } from '../../reliability/support.js';

let emu: RunningEmulator;
let env: Record<string, string>;
const json = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;
const requests = (): number => Object.values(emu.stats().byPath).reduce((sum, count) => sum + count, 0);

beforeAll(async () => {
  ({ emu } = await withEmulator({
    seed: knownSeed({
      clusters: [
        { projectId: PROJECT_ID, cluster: modernBody(SEEDED_CLUSTER) },
        { projectId: PROJECT_ID, cluster: modernBody('other') },
        { projectId: PROJECT_ID, cluster: { ...modernBody('sleepy'), paused: true } },
      ],
    }),
    transitionMs: 0,
  }));
  env = digestEnv(emu.url);
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

async function ids(cluster?: string): Promise<string[]> {
  const result = await cdba(['processes', 'list', ...(cluster ? ['--cluster', cluster] : []), '-o', 'json'], { env });
  expect(result.exitCode, result.stderr).toBe(0);
  return (json(result.stdout).results as Array<{ id: string }>).map((p) => p.id);
}

describe('processes list', () => {
  it("lists the project's processes; --cluster only that cluster's", async () => {
    const all = await ids();
    expect(all).toHaveLength(6);
    const seeded = await ids(SEEDED_CLUSTER);
    expect(seeded).toHaveLength(3);
    expect(seeded.every((id) => /^atlas-[a-z0-9]{6}-shard-00-0[0-2]\.[a-z0-9]+\.mongodb\.net:27017$/.test(id))).toBe(true);
    const other = await ids('other');
    expect(other.some((id) => seeded.includes(id))).toBe(false);
  });

  it('prints a table whose IDs are whole', async () => {
    const result = await cdba(['processes', 'list', '--cluster', SEEDED_CLUSTER, '-o', 'table'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^ID\s+TYPE\s+REPLICA SET/);
    for (const id of await ids(SEEDED_CLUSTER)) expect(result.stdout).toContain(id);
    expect(result.stdout).toContain('REPLICA_PRIMARY');
  });

  it('a paused cluster: exit 5 saying so; an unknown one: exit 4 with the near name', async () => {
    expectOneErrorLine(await cdba(['processes', 'list', '--cluster', 'sleepy'], { env }), 5, /cluster sleepy is paused/);
    const missing = await cdba(['processes', 'list', '--cluster', 'seedd'], { env });
    expectOneErrorLine(missing, 4, /no cluster or process named seedd/);
    expect(missing.stderr).toContain('did you mean seeded?');
  });

  it('refuses a bad cluster name before any request', async () => {
    const before = requests();
    expectOneErrorLine(await cdba(['processes', 'list', '--cluster', 'bad_name'], { env }), 2, /invalid cluster name/);
    expect(requests()).toBe(before);
  });
});

describe('processes get', () => {
  it('by host:port, by hostname, by the alias of the connection strings', async () => {
    const [first] = await ids(SEEDED_CLUSTER);
    const byId = await cdba(['processes', 'get', first!, '-o', 'json'], { env });
    expect(byId.exitCode, byId.stderr).toBe(0);
    const doc = json(byId.stdout);
    expect(doc.id).toBe(first);
    const byHost = await cdba(['processes', 'get', String(doc.hostname), '-o', 'json'], { env });
    expect(json(byHost.stdout).id).toBe(first);
    const byAlias = await cdba(['processes', 'get', `${String(doc.userAlias)}:27017`, '-o', 'json'], { env });
    expect(json(byAlias.stdout).id).toBe(first);
  });

  it('not found: exit 4 with the near ID; bad words refused before any request', async () => {
    const [first] = await ids(SEEDED_CLUSTER);
    const typo = first!.replace(/:27017$/, ':27018');
    const missing = await cdba(['processes', 'get', typo], { env });
    expectOneErrorLine(missing, 4, new RegExp(`the project has no process ${typo.replace(/\./g, '\\.')}`));
    expect(missing.stderr).toContain(`did you mean ${first}?`);
    const before = requests();
    for (const bad of ['host:99999', 'a b:27017', 'bad_host.example.com']) {
      expectOneErrorLine(await cdba(['processes', 'get', bad], { env }), 2, /invalid (process|hostname)/);
    }
    expectOneErrorLine(await cdba(['processes', 'get', SEEDED_CLUSTER], { env }), 2, /is not a process.*processes list --cluster seeded/);
    expect(requests()).toBe(before);
  });
});
