// The issue-16 verbs (pause, resume/start, connect, apply, termination protection and
// tags, auth status) at the default version, with no apiVersion anywhere: reads at
// 2024-08-05, writes at 2024-10-23, one replication spec per shard, no warning.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdba as cdbaProcess } from '../../helpers/cli.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { cluster, OWNER, PROJECT, requestsFor, startWorld, type World } from './world.js';
import { statusLinesAt } from '../../helpers/operations.js';

const WRITE = 'application/vnd.atlas.2024-10-23+json';

const dedicated = (name: string, tags: Array<{ key: string; value: string }> = []): Record<string, unknown> => ({
  name,
  tags,
  replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }],
});

let world: World;
const bin = tempDir('cdba-mongosh-');
beforeAll(async () => {
  world = await startWorld({
    clusters: [
      { projectId: PROJECT, cluster: dedicated('dnap') },
      { projectId: PROJECT, cluster: dedicated('drun') },
      { projectId: PROJECT, cluster: dedicated('dsh') },
      { projectId: PROJECT, cluster: dedicated('dtags', [{ key: 'owner', value: 'ana' }, { key: 'env', value: 'dev' }, { key: 'team', value: 'core' }]) },
    ],
  });
  // A stand-in mongosh that records its argv.
  writeFileSync(join(bin, 'mongosh'), '#!/bin/sh\nprintf "%s\\n" "$@" > "$RECORD.argv"\necho "err from mongosh" >&2\n', { mode: 0o755 });
});
afterAll(async () => {
  await world.stop();
});

/** A run with no profile and no version: the default, on the fast emulator. */
// In-process, but for connect: mongosh inherits stdio, which needs a real process.
const current = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
  (args[1] === 'connect' ? cdbaProcess : cdba)(args, {
    env: {
      CDBA_BASE_URL: world.emulators.fast.url,
      CDBA_PUBLIC_KEY: OWNER.publicKey,
      CDBA_PRIVATE_KEY: OWNER.privateKey,
      CDBA_PROJECT_ID: PROJECT,
      NO_COLOR: '1',
      CDBA_WATCH_INTERVAL_MS: '50',
      ...options.env,
    },
    input: options.input ?? '',
  });

const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');

describe('new cluster verbs at the default version', () => {
  it('pause sends {"paused":true} alone at 2024-10-23; a change while paused is refused; resume --watch runs it again', async () => {
    const paused = await current(['clusters', 'pause', 'dnap', '-o', 'json']);
    expect(paused.exitCode, paused.stderr).toBe(0);
    expect(JSON.parse(paused.stdout)).toMatchObject({ name: 'dnap', paused: true, stateName: 'UPDATING' });
    expect(paused.stderr).toBe('cdba: cluster dnap is pausing (UPDATING); follow it with `cdba clusters watch dnap`\n');
    const sent = requestsFor(world.emulators.fast, 'dnap').at(-1)!;
    expect([sent.method, sent.url, sent.contentType, sent.raw]).toEqual(['PATCH', `/api/atlas/v2/groups/${PROJECT}/clusters/dnap`, WRITE, '{"paused":true}']);

    const change = await current(['clusters', 'patch', 'dnap', '--tier', 'M20']);
    expect(change.exitCode).toBe(5);
    expect(change.stdout).toBe('');
    expect(change.stderr).toMatch(/^cdba: [^\n]*\(CANNOT_UPDATE_PAUSED_CLUSTER, HTTP 409\); resume it first: cdba clusters resume dnap --watch\n$/);

    const resumed = await current(['clusters', 'resume', 'dnap', '--watch', '-o', 'json']);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ name: 'dnap', paused: false, stateName: 'IDLE' });
    expect(resumed.stderr).not.toMatch(/warning/);
    const last = requestsFor(world.emulators.fast, 'dnap').at(-1)!;
    expect([last.contentType, last.raw]).toEqual([WRITE, '{"paused":false}']);
    expect(cluster(world.emulators.fast, 'dnap')?.model).toMatchObject({ paused: false, stateName: 'IDLE' });
  });

  it('start (the alias) of a running cluster: one line, exit 5, no write sent', async () => {
    const result = await current(['clusters', 'start', 'drun']);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('cdba: cluster drun is not paused; there is nothing to resume; to pause it: cdba clusters pause drun\n');
    expect(requestsFor(world.emulators.fast, 'drun')).toEqual([]);
  });

  it('connect runs mongosh with the string conn-string get gives; --print shows the command', async () => {
    const uri = await current(['conn-string', 'get', 'dsh']);
    expect(uri.exitCode, uri.stderr).toBe(0);
    expect(uri.stdout).toMatch(/^mongodb(\+srv)?:\/\//);
    const dir = tempDir('cdba-record-');
    mkdirSync(dir, { recursive: true });
    const record = join(dir, 'run');
    const env = { PATH: `${bin}:${process.env.PATH}`, RECORD: record };
    const result = await current(['clusters', 'connect', 'dsh', '--username', 'app', '--', '--quiet'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('err from mongosh\n');
    expect(readFileSync(`${record}.argv`, 'utf8')).toBe(`${uri.stdout.trim()}\n--username\napp\n--quiet\n`);

    const printRecord = join(dir, 'print');
    const printed = await current(['clusters', 'connect', 'dsh', '--print'], { env: { ...env, RECORD: printRecord } });
    expect(printed.exitCode, printed.stderr).toBe(0);
    expect(printed.stderr).toBe('');
    expect(printed.stdout).toBe(`mongosh ${uri.stdout.trim()}\n`);
    expect(existsSync(`${printRecord}.argv`)).toBe(false);
  });

  it('apply: create at 2024-10-23, the same spec again sends nothing, a changed tier is one PATCH of replicationSpecs, get | apply is no change', async () => {
    const spec = (tier: string): string =>
      JSON.stringify({
        name: 'dap',
        tags: [{ key: 'env', value: 'ci' }],
        replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: tier, nodeCount: 3 } }] }],
      });
    const created = await current(['clusters', 'apply', '--file', '-', '--watch', '-o', 'table'], { input: spec('M10') });
    expect(created.exitCode, created.stderr).toBe(0);
    expect(lines(created.stderr).slice(0, 2)).toEqual(['cdba: + create cluster dap', 'cdba: cluster dap is CREATING']);
    expect(created.stderr).not.toMatch(/warning/);
    const [post] = requestsFor(world.emulators.fast, 'dap');
    expect([post!.method, post!.contentType]).toEqual(['POST', WRITE]);

    const again = await current(['clusters', 'apply', '--file', '-', '-o', 'json'], { input: spec('M10') });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ action: 'none', changes: [] });
    expect(again.stderr).toBe('');
    expect(requestsFor(world.emulators.fast, 'dap')).toHaveLength(1);

    const bigger = await current(['clusters', 'apply', '--file', '-', '--watch', '-o', 'json'], { input: spec('M30') });
    expect(bigger.exitCode, bigger.stderr).toBe(0);
    expect(JSON.parse(bigger.stdout.split('\n')[0]!)).toEqual({
      action: 'update',
      // The read-only nodes share the electable size at 2024-10-23; the analytics nodes keep theirs.
      changes: [
        { path: 'replicationSpecs[0].regionConfigs[0].electableSpecs.instanceSize', from: 'M10', to: 'M30' },
        { path: 'replicationSpecs[0].regionConfigs[0].readOnlySpecs.instanceSize', from: 'M10', to: 'M30' },
      ],
    });
    const patch = requestsFor(world.emulators.fast, 'dap').at(-1)!;
    expect([patch.method, patch.contentType, Object.keys(patch.body as object)]).toEqual(['PATCH', WRITE, ['replicationSpecs']]);
    expect(cluster(world.emulators.fast, 'dap')!.model.replicationSpecs[0]!.regionConfigs[0]!.electableSpecs.instanceSize).toBe('M30');

    const got = await current(['clusters', 'get', 'dap', '-o', 'json']);
    expect(got.exitCode, got.stderr).toBe(0);
    const round = await current(['clusters', 'apply', '--file', '-', '-o', 'json'], { input: got.stdout });
    expect(round.exitCode, round.stderr).toBe(0);
    expect(JSON.parse(round.stdout)).toEqual({ action: 'none', changes: [] });
    expect(requestsFor(world.emulators.fast, 'dap')).toHaveLength(2);

    // The per-shard field: disk size in the hardware spec is writable at 2024-10-23.
    const doc = JSON.parse(got.stdout) as { replicationSpecs: Array<{ regionConfigs: Array<{ electableSpecs: { diskSizeGB: number } }> }> };
    const before = doc.replicationSpecs[0]!.regionConfigs[0]!.electableSpecs.diskSizeGB;
    doc.replicationSpecs[0]!.regionConfigs[0]!.electableSpecs.diskSizeGB = before + 30;
    const disk = await current(['clusters', 'apply', '--file', '-', '-o', 'json'], { input: JSON.stringify(doc) });
    expect(disk.exitCode, disk.stderr).toBe(0);
    expect(JSON.parse(disk.stdout)).toEqual({
      action: 'update',
      changes: [{ path: 'replicationSpecs[0].regionConfigs[0].electableSpecs.diskSizeGB', from: before, to: before + 30 }],
    });
    expect(requestsFor(world.emulators.fast, 'dap')).toHaveLength(3);
    expect(Object.keys(requestsFor(world.emulators.fast, 'dap').at(-1)!.body as object)).toEqual(['replicationSpecs']);
  });

  it('apply: a legacy or a 2023-02-01 document is converted to the per-shard shape with a note; a two-shard zone becomes two specs', async () => {
    const legacy = { name: 'dap-legacy', providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' }, replicationFactor: 3 };
    const fromLegacy = await current(['clusters', 'apply', '--file', '-', '--dry-run', '--exit-code', '-o', 'json'], { input: JSON.stringify(legacy) });
    expect(fromLegacy.exitCode, fromLegacy.stderr).toBe(10);
    expect(JSON.parse(fromLegacy.stdout)).toEqual({ action: 'create', changes: [] });
    expect(fromLegacy.stderr).toBe('cdba: stdin is a legacy (v1.0 / 2023-01-01) body; converted to 2024-10-23 (see `cdba clusters convert --to 2024-10-23`)\n');

    const modern = {
      name: 'dap-modern',
      clusterType: 'SHARDED',
      diskSizeGB: 40,
      replicationSpecs: [{ numShards: 2, regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 3 } }] }],
    };
    const created = await current(['clusters', 'apply', '--file', '-'], { input: JSON.stringify(modern) });
    expect(created.exitCode, created.stderr).toBe(0);
    expect(lines(created.stderr)[0]).toBe('cdba: stdin is a 2023-02-01 body; converted to 2024-10-23 (see `cdba clusters convert --to 2024-10-23`)');
    const [post] = requestsFor(world.emulators.fast, 'dap-modern');
    const specs = (post!.body as { replicationSpecs: Array<{ regionConfigs: Array<{ electableSpecs: Record<string, unknown> }> }> }).replicationSpecs;
    expect(specs.map((s) => s.regionConfigs[0]!.electableSpecs)).toEqual([
      { instanceSize: 'M30', nodeCount: 3, diskSizeGB: 40 },
      { instanceSize: 'M30', nodeCount: 3, diskSizeGB: 40 },
    ]);
    // The same 2023-02-01 document again: converted the same way, it matches; nothing is sent.
    const again = await current(['clusters', 'apply', '--file', '-', '-o', 'json'], { input: JSON.stringify(modern) });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ action: 'none', changes: [] });
    expect(requestsFor(world.emulators.fast, 'dap-modern')).toHaveLength(1);
  });

  it('create --termination-protection --tag at 2024-10-23; delete refused with the command that turns it off; patch --tag/--untag keeps the others', async () => {
    const created = await current(['clusters', 'create', 'dguard', '--provider', 'AWS', '--region', 'US_EAST_1', '--termination-protection', '--tag', 'env=prod']);
    expect(created.exitCode, created.stderr).toBe(0);
    const post = requestsFor(world.emulators.fast, 'dguard').at(-1)!;
    expect(post.contentType).toBe(WRITE);
    expect(post.body).toMatchObject({ terminationProtectionEnabled: true, tags: [{ key: 'env', value: 'prod' }] });

    const refused = await current(['clusters', 'delete', 'dguard', '--yes']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/\(CANNOT_TERMINATE_CLUSTER_WHEN_TERMINATION_PROTECTION_ENABLED, HTTP 400\); turn protection off first: cdba clusters patch dguard --no-termination-protection\n$/);
    const off = await current(['clusters', 'patch', 'dguard', '--no-termination-protection', '-o', 'json']);
    expect(off.exitCode, off.stderr).toBe(0);
    const sent = requestsFor(world.emulators.fast, 'dguard').at(-1)!;
    expect([sent.contentType, sent.raw]).toEqual([WRITE, '{"terminationProtectionEnabled":false}']);

    const tagged = await current(['clusters', 'patch', 'dtags', '--tag', 'env=prod', '--tag', 'cost=42', '--untag', 'owner', '-o', 'json', '--query', 'tags']);
    expect(tagged.exitCode, tagged.stderr).toBe(0);
    const expected = [
      { key: 'env', value: 'prod' },
      { key: 'team', value: 'core' },
      { key: 'cost', value: '42' },
    ];
    const patch = requestsFor(world.emulators.fast, 'dtags').at(-1)!;
    expect([patch.contentType, patch.body]).toEqual([WRITE, { tags: expected }]);
    expect(JSON.parse(tagged.stdout)).toEqual(expected);
    expect(tagged.stderr).toBe('cdba: cluster dtags is UPDATING; follow it with `cdba clusters watch dtags`\n');
  });

  it('auth status -o json: each operation at the default version (reads 2024-08-05, writes 2024-10-23, flex 2024-11-13), no warning', async () => {
    const result = await current(['auth', 'status', '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const doc = JSON.parse(result.stdout);
    expect(doc.apiVersion).toEqual({ value: '2024-11-13', source: 'default' });
    // Every operation at its newest version not after the default pin (test/helpers/operations.ts).
    expect(doc.operations).toEqual(statusLinesAt('2024-11-13'));
    for (const [operation, version] of [['clusters list', '2024-08-05'], ['clusters get', '2024-08-05'], ['clusters create', '2024-10-23'], ['clusters update', '2024-10-23'], ['clusters delete', '2023-02-01'], ['flexClusters list', '2024-11-13'], ['searchIndexes create', '2024-05-30'], ['backups getSchedule', '2024-08-05'], ['backups listSnapshots', '2023-01-01']]) {
      expect(doc.operations).toContainEqual({ operation, version, sunset: null, removed: false });
    }
  });
});
