// The cluster verbs at the default version (no apiVersion pinned: 2024-10-23): reads at
// 2024-08-05, writes at 2024-10-23, one replication spec per shard, --shard for one shard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdba } from '../../helpers/inProcess.js';
import { cluster, expectNoRequest, expectUsage, OWNER, PROJECT, requestsFor, run, startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.stop();
});

/** A run with no profile: the default version, on the fast emulator. */
const current = (args: string[], input = '') =>
  cdba(args, {
    env: { CDBA_BASE_URL: world.emulators.fast.url, CDBA_PUBLIC_KEY: OWNER.publicKey, CDBA_PRIVATE_KEY: OWNER.privateKey, CDBA_PROJECT_ID: PROJECT, NO_COLOR: '1', CDBA_WATCH_INTERVAL_MS: '50' },
    input,
  });

describe('clusters at the default version', () => {
  it('create --shards 2 sends two replication specs at 2024-10-23; patch --shard 2 scales one; get shows each shard; get | patch round-trips', async () => {
    const created = await current(['clusters', 'create', 'cur-iss', '--provider', 'AWS', '--region', 'US_EAST_1', '--tier', 'M30', '--shards', '2', '--disk-size-gb', '40', '--watch', '-o', 'json']);
    expect(created.exitCode, created.stderr).toBe(0);
    const [post] = requestsFor(world.emulators.fast, 'cur-iss');
    expect(post!.contentType).toBe('application/vnd.atlas.2024-10-23+json');
    const specs = (post!.body as { replicationSpecs: Array<{ regionConfigs: Array<{ electableSpecs: Record<string, unknown> }> }> }).replicationSpecs;
    expect(specs).toHaveLength(2);
    expect(specs.map((s) => s.regionConfigs[0]!.electableSpecs)).toEqual([
      { instanceSize: 'M30', nodeCount: 3, diskSizeGB: 40 },
      { instanceSize: 'M30', nodeCount: 3, diskSizeGB: 40 },
    ]);
    expect(created.stderr).not.toMatch(/warning/);

    const patched = await current(['clusters', 'patch', 'cur-iss', '--shard', '2', '--tier', 'M40', '--disk-size-gb', '80']);
    expect(patched.exitCode, patched.stderr).toBe(0);
    const patch = requestsFor(world.emulators.fast, 'cur-iss').at(-1)!;
    expect(patch.method).toBe('PATCH');
    expect(patch.contentType).toBe('application/vnd.atlas.2024-10-23+json');
    const model = cluster(world.emulators.fast, 'cur-iss')!.model;
    expect(model.replicationSpecs.map((s) => s.regionConfigs[0]!.electableSpecs.instanceSize)).toEqual(['M30', 'M40']);

    const table = await current(['clusters', 'get', 'cur-iss', '-o', 'table']);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toContain('1:M30/40GB 2:M40/80GB');

    const got = await current(['clusters', 'get', 'cur-iss', '-o', 'json']);
    expect(got.exitCode).toBe(0);
    expect(JSON.parse(got.stdout).replicationSpecs).toHaveLength(2);
    const sent = requestsFor(world.emulators.fast, 'cur-iss').length;
    const back = await current(['clusters', 'patch', 'cur-iss', '--file', '-'], got.stdout);
    expect(back.exitCode, back.stderr).toBe(0);
    // The document as it is, shards that differ included: nothing to change, so no PATCH.
    expect(back.stderr).toBe('cdba: cluster cur-iss already is as asked; nothing to change, nothing sent\n');
    expect(requestsFor(world.emulators.fast, 'cur-iss').slice(sent)).toEqual([]);
    expect(cluster(world.emulators.fast, 'cur-iss')!.model.replicationSpecs.map((s) => s.regionConfigs[0]!.electableSpecs.instanceSize)).toEqual(['M30', 'M40']);
  });

  it('--shard at a version without independent shard scaling: exit 2 naming the version that has it, nothing sent', async () => {
    const result = await run(world, ['clusters', 'patch', 'any', '--shard', '1', '--tier', 'M40'], { version: '2023-02-01', on: 'witness' });
    expectUsage(result, /^cdba: --shard needs independent shard scaling, which clusters has from API version 2024-08-05; this call is at 2023-02-01; use --api-version 2024-10-23/);
    expectNoRequest(world);
  });

  it('a legacy --file is sent converted with a note; list reads at 2024-08-05', async () => {
    const legacyFile = { providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' }, replicationFactor: 3 };
    const created = await current(['clusters', 'create', 'cur-legacy', '--file', '-'], JSON.stringify(legacyFile));
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stderr).toContain('cdba: stdin is a legacy (v1.0 / 2023-01-01) body; converted to 2024-10-23');
    const listed = await current(['api', '/groups/{projectId}/clusters', '--include']);
    expect(listed.stdout).toContain('content-type: application/vnd.atlas.2024-08-05+json;charset=utf-8\n');
  });
});
