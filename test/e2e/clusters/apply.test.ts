// `cdba clusters apply` through the built binary under the three API versions:
// create when missing, PATCH only what differs, no write when nothing does (the
// second apply of the same spec), the plan on stderr or as JSON on stdout,
// --dry-run sends no write (the emulator's stats), --exit-code 10, refusals.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/cli.js';
import { apiBase, deprecationWarning, EACH_VERSION, expectNoRequest, expectUsage, PROFILE, PROJECT, linesAfterWarning, requestsFor, run, startWorld, type Version, type World } from './world.js';

/** v1.0 and 2023-01-01 take the legacy shape; 2023-02-01 and the default (2024-10-23) take replicationSpecs (one shard reads the same in both). */
const legacy = (version: Version): boolean => version === 'v1.0' || version === '2023-01-01';

/** A minimal spec in the shape of the version, so apply sends it without a conversion note. */
function spec(name: string, version: Version, tier = 'M10'): Record<string, unknown> {
  return legacy(version)
    ? { name, providerSettings: { providerName: 'AWS', instanceSizeName: tier, regionName: 'US_EAST_1' }, replicationFactor: 3, tags: [{ key: 'env', value: 'ci' }] }
    : {
        name,
        tags: [{ key: 'env', value: 'ci' }],
        replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: tier, nodeCount: 3 } }] }],
      };
}

const dir = tempDir('cdba-apply-');
function specFile(name: string, body: unknown): string {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.stop();
});

const tierPath = (version: Version): string =>
  legacy(version) ? 'providerSettings.instanceSizeName' : 'replicationSpecs[0].regionConfigs[0].electableSpecs.instanceSize';

describe.concurrent.each(EACH_VERSION)('apply at $version', ({ version, tag }) => {
  it('creates a missing cluster; the same spec again sends no write; a changed tier is one PATCH of only that; then nothing again', async () => {
    const name = `ap-${tag}`;
    const file = specFile(name, spec(name, version));
    const created = await run(world, ['clusters', 'apply', '--file', file], { version, tty: true });
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout).toBe('');
    expect(linesAfterWarning(created.stderr, version)).toEqual([`cdba: + create cluster ${name}`, `cdba: cluster ${name} is CREATING; follow it with \`cdba -P ${PROFILE[version]} clusters watch ${name}\``]);
    expect(requestsFor(world.emulators.fast, name).map((r) => [r.method, r.url])).toEqual([['POST', `${apiBase(version)}/groups/${PROJECT}/clusters`]]);

    const again = await run(world, ['clusters', 'apply', '--file', file], { version, tty: true });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(linesAfterWarning(again.stderr, version)).toEqual([`cdba: cluster ${name} matches the document; nothing to change`]);
    expect(requestsFor(world.emulators.fast, name)).toHaveLength(1);

    const bigger = specFile(`${name}-m30`, spec(name, version, 'M30'));
    const updated = await run(world, ['clusters', 'apply', '--file', bigger, '--watch'], { version, tty: true });
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(linesAfterWarning(updated.stderr, version)).toContain(`cdba: ~ ${tierPath(version)}: M10 → M30`);
    const patch = requestsFor(world.emulators.fast, name).at(-1)!;
    expect(patch.method).toBe('PATCH');
    expect(Object.keys(patch.body as object)).toEqual([legacy(version) ? 'providerSettings' : 'replicationSpecs']);

    const settled = await run(world, ['clusters', 'apply', '--file', bigger, '-o', 'json'], { version });
    expect(settled.exitCode, settled.stderr).toBe(0);
    expect(JSON.parse(settled.stdout)).toEqual({ action: 'none', changes: [] });
    expect(requestsFor(world.emulators.fast, name)).toHaveLength(2);
  });

  // Only the versions that carry per-node sizes have the case at all: registered for them alone, not skipped for the others.
  if (!legacy(version)) {
    it('a tier change of the electable nodes takes the sizes the service keeps in step along; the full spec then applies as no change', async () => {
      const name = `ap-${tag}-step`;
      expect((await run(world, ['clusters', 'apply', '--file', specFile(name, spec(name, version))], { version })).exitCode).toBe(0);
      const region = (path: string): string => `replicationSpecs[0].regionConfigs[0].${path}.instanceSize`;
      // Read-only nodes always share the electable size; analytics nodes too before 2024-08-05.
      const inStep = version === 'default' ? ['electableSpecs', 'readOnlySpecs'] : ['electableSpecs', 'readOnlySpecs', 'analyticsSpecs'];
      const bigger = await run(world, ['clusters', 'apply', '--file', specFile(`${name}-m20`, spec(name, version, 'M20')), '-o', 'json'], { version });
      expect(bigger.exitCode, bigger.stderr).toBe(0);
      expect(JSON.parse(bigger.stdout).changes).toEqual(inStep.map((kind) => ({ path: region(kind), from: 'M10', to: 'M20' })));
      const sent = requestsFor(world.emulators.fast, name).at(-1)!.body as { replicationSpecs: Array<{ regionConfigs: Array<Record<string, { instanceSize: string }>> }> };
      for (const kind of inStep) expect(sent.replicationSpecs[0]!.regionConfigs[0]![kind]!.instanceSize).toBe('M20');

      const full = spec(name, version, 'M20') as { replicationSpecs: Array<{ regionConfigs: Array<Record<string, unknown>> }> };
      Object.assign(full.replicationSpecs[0]!.regionConfigs[0]!, { readOnlySpecs: { instanceSize: 'M20', nodeCount: 0 } });
      if (version !== 'default') Object.assign(full.replicationSpecs[0]!.regionConfigs[0]!, { analyticsSpecs: { instanceSize: 'M20', nodeCount: 0 } });
      const again = await run(world, ['clusters', 'apply', '--file', specFile(`${name}-full`, full), '-o', 'json'], { version });
      expect(again.exitCode, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toEqual({ action: 'none', changes: [] });
    });
  }

  if (!legacy(version)) {
    it('a saved `get -o json` with only the electable size edited: the sizes in step move with it, in the plan and the PATCH', async () => {
      const name = `ap-${tag}-saved`;
      expect((await run(world, ['clusters', 'apply', '--file', specFile(name, spec(name, version))], { version })).exitCode).toBe(0);
      const got = await run(world, ['clusters', 'get', name, '-o', 'json'], { version });
      expect(got.exitCode, got.stderr).toBe(0);
      const saved = JSON.parse(got.stdout) as { replicationSpecs: Array<{ regionConfigs: Array<Record<string, { instanceSize: string }>> }> };
      const region = saved.replicationSpecs[0]!.regionConfigs[0]!;
      const inStep = ['readOnlySpecs', ...(version === 'default' ? [] : ['analyticsSpecs'])];
      for (const kind of inStep) expect(region[kind]!.instanceSize).toBe('M10');
      region.electableSpecs!.instanceSize = 'M20';
      const edited = await run(world, ['clusters', 'apply', '--file', '-', '-o', 'json'], { version, input: JSON.stringify(saved) });
      expect(edited.exitCode, edited.stderr).toBe(0);
      const path = (kind: string): string => `replicationSpecs[0].regionConfigs[0].${kind}.instanceSize`;
      const byPath = (a: { path: string }, b: { path: string }): number => a.path.localeCompare(b.path);
      // In the saved document's order of keys.
      expect((JSON.parse(edited.stdout).changes as Array<{ path: string }>).sort(byPath)).toEqual(['electableSpecs', ...inStep].map((kind) => ({ path: path(kind), from: 'M10', to: 'M20' })).sort(byPath));
      const sent = requestsFor(world.emulators.fast, name).at(-1)!.body as typeof saved;
      for (const kind of ['electableSpecs', ...inStep]) expect(sent.replicationSpecs[0]!.regionConfigs[0]![kind]!.instanceSize).toBe('M20');
      // A size the user changed too is theirs: sent as given.
      const own = JSON.parse(got.stdout) as typeof saved;
      own.replicationSpecs[0]!.regionConfigs[0]!.electableSpecs!.instanceSize = 'M30';
      own.replicationSpecs[0]!.regionConfigs[0]!.readOnlySpecs!.instanceSize = 'M40';
      const planned = await run(world, ['clusters', 'apply', '--file', '-', '--dry-run', '-o', 'json'], { version, input: JSON.stringify(own) });
      expect(planned.exitCode, planned.stderr).toBe(0);
      expect(JSON.parse(planned.stdout).changes).toContainEqual({ path: path('readOnlySpecs'), from: 'M20', to: 'M40' });
    });
  }

  it('what `get -o json` prints applies as no change (read-only and server-filled fields are not drift)', async () => {
    const name = `ap-${tag}-rt`;
    expect((await run(world, ['clusters', 'apply', '--file', specFile(name, spec(name, version))], { version })).exitCode).toBe(0);
    const got = await run(world, ['clusters', 'get', name, '-o', 'json'], { version });
    const result = await run(world, ['clusters', 'apply', '--file', '-', '-o', 'json'], { version, input: got.stdout });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ action: 'none', changes: [] });
    expect(requestsFor(world.emulators.fast, name)).toHaveLength(1);
  });
});

describe('apply --dry-run', () => {
  it('sends no write at all (the emulator stats); --exit-code: 10 with changes, 0 without; the plan as JSON on stdout', async () => {
    const slow = world.emulators.slow;
    const name = 'dry';
    const file = specFile(name, spec(name, '2023-02-01'));
    slow.resetStats();
    const create = await run(world, ['clusters', 'apply', '--file', file, '--dry-run', '--exit-code', '-o', 'json'], { on: 'slow' });
    expect(create.exitCode, create.stderr).toBe(10);
    expect(JSON.parse(create.stdout)).toEqual({ action: 'create', changes: [] });
    expect(create.stderr).toBe('');
    expect(Object.keys(slow.stats().byMethod)).toEqual(['GET']);

    expect((await run(world, ['clusters', 'apply', '--file', file], { on: 'slow' })).exitCode).toBe(0);
    const bigger = specFile('dry-m20', { ...spec(name, '2023-02-01', 'M20'), diskSizeGB: 40 });
    slow.resetStats();
    const plan = await run(world, ['clusters', 'apply', '--file', bigger, '--dry-run', '--exit-code', '-o', 'json'], { on: 'slow' });
    expect(plan.exitCode).toBe(10);
    expect(JSON.parse(plan.stdout)).toEqual({
      action: 'update',
      changes: [
        { path: 'replicationSpecs[0].regionConfigs[0].electableSpecs.instanceSize', from: 'M10', to: 'M20' },
        // At 2023-02-01 every hardware spec of a region has the one size: the service moves them together.
        { path: 'replicationSpecs[0].regionConfigs[0].readOnlySpecs.instanceSize', from: 'M10', to: 'M20' },
        { path: 'replicationSpecs[0].regionConfigs[0].analyticsSpecs.instanceSize', from: 'M10', to: 'M20' },
        { path: 'diskSizeGB', from: 10, to: 40 },
      ],
    });
    const same = await run(world, ['clusters', 'apply', '--file', file, '--dry-run', '--exit-code'], { on: 'slow' });
    expect(same.exitCode, same.stderr).toBe(0);
    expect(Object.keys(slow.stats().byMethod)).toEqual(['GET']);
  });
});

describe('apply --dry-run of a body in another shape', () => {
  it('says the body was converted, not that it was sent, and sends nothing', async () => {
    const slow = world.emulators.slow;
    const file = specFile('dry-legacy', spec('dry-legacy', 'v1.0'));
    slow.resetStats();
    const result = await run(world, ['clusters', 'apply', '--file', file, '--dry-run'], { on: 'slow', version: 'default' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(linesAfterWarning(result.stderr, 'default', false)).toEqual([
      `cdba: ${file} is a legacy (v1.0 / 2023-01-01) body; converted to 2024-10-23 (see \`cdba clusters convert --to 2024-10-23\`)`,
    ]);
    expect(JSON.parse(result.stdout)).toMatchObject({ action: 'create' });
    expect(Object.keys(slow.stats().byMethod)).toEqual(['GET']);
  });
});

describe('apply: refusals and bad input', () => {
  it('a change to a paused cluster: the service refuses (409) with the hint to resume it', async () => {
    const name = 'ap-paused';
    const file = specFile(name, spec(name, '2023-02-01'));
    expect((await run(world, ['clusters', 'apply', '--file', file, '--watch'])).exitCode).toBe(0);
    expect((await run(world, ['clusters', 'pause', name, '--watch'])).exitCode).toBe(0);
    const result = await run(world, ['clusters', 'apply', '--file', specFile(`${name}-2`, spec(name, '2023-02-01', 'M20'))]);
    expect(result.exitCode).toBe(5);
    expect(JSON.parse(result.stdout).changes.map((c: { path: string }) => c.path)).toEqual(
      ['electableSpecs', 'readOnlySpecs', 'analyticsSpecs'].map((kind) => `replicationSpecs[0].regionConfigs[0].${kind}.instanceSize`),
    );
    expect(result.stderr.slice(0, deprecationWarning('2023-02-01').length)).toBe(deprecationWarning('2023-02-01'));
    expect(result.stderr.slice(deprecationWarning('2023-02-01').length)).toMatch(/^cdba: [^\n]*\(CANNOT_UPDATE_PAUSED_CLUSTER, HTTP 409\); resume it first: cdba -P modern clusters resume ap-paused --watch\n$/);
  });

  it('no --file, no name, a field the version does not take, --exit-code without --dry-run: exit 2, nothing sent', async () => {
    expectUsage(await run(world, ['clusters', 'apply'], { on: 'witness' }), /required option '--file <file>' not specified/);
    expectUsage(await run(world, ['clusters', 'apply', '--file', '-'], { on: 'witness', input: '{"diskSizeGB":10}' }), /^cdba: stdin has no "name"/);
    expectUsage(await run(world, ['clusters', 'apply', '--file', '-'], { on: 'witness', input: '{"name":"x","shardingMode":"y"}' }), /does not accept: shardingMode/);
    expectUsage(await run(world, ['clusters', 'apply', '--file', '-', '--exit-code'], { on: 'witness', input: '{"name":"x"}' }), /--exit-code goes with --dry-run/);
    expectNoRequest(world);
  });

  it('a missing cluster and a document that cannot create it: exit 2 after the one GET', async () => {
    const result = await run(world, ['clusters', 'apply', '--file', '-'], { input: '{"name":"nobody","diskSizeGB":10}' });
    expectUsage(result, /^cdba: stdin: cluster nobody does not exist, and the document lacks replicationSpecs/);
    expect(requestsFor(world.emulators.fast, 'nobody')).toEqual([]);
  });
});
