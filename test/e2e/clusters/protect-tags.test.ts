// Termination protection (--[no-]termination-protection on create and patch, and
// the hint on a refused delete) and tags (patch --tag / --untag keep the other
// tags: read, merge, PATCH), through the built binary under the three versions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdba } from '../../helpers/inProcess.js';
import { cluster, EACH_VERSION, linesAfterWarning, expectNoRequest, expectUsage, PROFILE, PROJECT, requestsFor, run, startWorld, TAG, VERSIONS, type World } from './world.js';

const tagged = (name: string): Record<string, unknown> => ({
  name,
  tags: [
    { key: 'owner', value: 'ana' },
    { key: 'env', value: 'dev' },
    { key: 'team', value: 'core' },
  ],
  replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }],
});

let world: World;
beforeAll(async () => {
  world = await startWorld({ clusters: VERSIONS.map((version) => ({ projectId: PROJECT, cluster: tagged(`tags-${TAG[version]}`) })) });
});
afterAll(async () => {
  await world.stop();
});


describe.concurrent.each(EACH_VERSION)('protection and tags at $version', ({ version, tag }) => {
  it('create --termination-protection; delete is refused with the command that turns it off; that command works; then delete goes through', async () => {
    const name = `guard-${tag}`;
    const created = await run(world, ['clusters', 'create', name, '--provider', 'AWS', '--region', 'US_EAST_1', '--termination-protection', '--tag', 'env=prod'], { version });
    expect(created.exitCode, created.stderr).toBe(0);
    const post = requestsFor(world.emulators.fast, name).at(-1)!;
    expect(post.body).toMatchObject({ terminationProtectionEnabled: true, tags: [{ key: 'env', value: 'prod' }] });

    const refused = await run(world, ['clusters', 'delete', name, '--yes'], { version });
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout).toBe('');
    // The hint carries the -P of the refused run, so it works as printed.
    const hint = `cdba -P ${PROFILE[version]} clusters patch ${name} --no-termination-protection`;
    expect(linesAfterWarning(refused.stderr, version, false)).toEqual([
      `cdba: Cannot terminate a cluster when termination protection is enabled. Disable termination protection and try again. (CANNOT_TERMINATE_CLUSTER_WHEN_TERMINATION_PROTECTION_ENABLED, HTTP 400); turn protection off first: ${hint}`,
    ]);

    const off = await cdba([...hint.split(' ').slice(1), '-o', 'json'], { configDir: world.configDir, env: { NO_COLOR: '1' } });
    expect(off.exitCode, off.stderr).toBe(0);
    expect(requestsFor(world.emulators.fast, name).at(-1)!.raw).toBe('{"terminationProtectionEnabled":false}');
    expect(JSON.parse(off.stdout).terminationProtectionEnabled).toBe(false);

    const deleted = await run(world, ['clusters', 'delete', name, '--yes'], { version });
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    expect(deleted.stderr).toContain(`cdba: deletion of cluster ${name} requested`);
    // On the fast emulator a deletion ends at the next look: the cluster is gone.
    expect(cluster(world.emulators.fast, name)).toBeUndefined();
  });

  it('patch --tag replaces or adds, --untag removes; the other tags are kept in order, in one PATCH of tags', async () => {
    const name = `tags-${tag}`;
    const result = await run(world, ['clusters', 'patch', name, '--tag', 'env=prod', '--tag', 'cost=42', '--untag', 'owner', '-o', 'json', '--query', 'tags'], { version });
    expect(result.exitCode, result.stderr).toBe(0);
    const expected = [
      { key: 'env', value: 'prod' },
      { key: 'team', value: 'core' },
      { key: 'cost', value: '42' },
    ];
    expect(requestsFor(world.emulators.fast, name).at(-1)!.body).toEqual({ tags: expected });
    expect(JSON.parse(result.stdout)).toEqual(expected);
    expect(linesAfterWarning(result.stderr, version)).toEqual([`cdba: cluster ${name} is UPDATING; follow it with \`cdba -P ${PROFILE[version]} clusters watch ${name}\``]);
  });
});

describe('protection and tags: bad input and refusals', () => {
  it('--untag of a tag the cluster does not have, --tag to the value it has: no PATCH, a note, the cluster as it is', async () => {
    const sent = requestsFor(world.emulators.fast, 'tags-m23').length;
    const absent = await run(world, ['clusters', 'patch', 'tags-m23', '--untag', 'nope', '-o', 'json', '--query', 'tags']);
    expect(absent.exitCode, absent.stderr).toBe(0);
    expect(linesAfterWarning(absent.stderr, '2023-02-01')).toEqual([
      'cdba: cluster tags-m23 has no tag "nope"; nothing to remove',
      'cdba: cluster tags-m23 already is as asked; nothing to change, nothing sent',
    ]);
    const tags = JSON.parse(absent.stdout) as Array<{ key: string; value: string }>;
    expect(tags.length).toBeGreaterThan(0);
    const [first] = tags;
    const same = await run(world, ['clusters', 'patch', 'tags-m23', '--tag', `${first!.key}=${first!.value}`, '--watch', '-o', 'json', '--query', 'tags']);
    expect(same.exitCode, same.stderr).toBe(0);
    expect(linesAfterWarning(same.stderr, '2023-02-01')).toEqual(['cdba: cluster tags-m23 already is as asked; nothing to change, nothing sent']);
    expect(JSON.parse(same.stdout)).toEqual(tags);
    expect(requestsFor(world.emulators.fast, 'tags-m23')).toHaveLength(sent);
    // With something else to change, the tags are left out of the PATCH.
    const other = await run(world, ['clusters', 'patch', 'tags-m23', '--untag', 'nope', '--termination-protection']);
    expect(other.exitCode, other.stderr).toBe(0);
    expect(requestsFor(world.emulators.fast, 'tags-m23').at(-1)!.body).toEqual({ terminationProtectionEnabled: true });
  });

  it('--tag without =, the same key in --tag and --untag, an empty --untag, nothing to change: exit 2, nothing sent', async () => {
    expectUsage(await run(world, ['clusters', 'patch', 'c1', '--tag', 'env'], { on: 'witness' }), /^cdba: invalid --tag "env": expected key=value\n$/);
    expectUsage(
      await run(world, ['clusters', 'patch', 'c1', '--tag', 'env=a', '--untag', 'env'], { on: 'witness' }),
      /^cdba: --tag and --untag both name the tag "env": give one of them\n$/,
    );
    expectUsage(await run(world, ['clusters', 'patch', 'c1', '--untag', ''], { on: 'witness' }), /empty value for --untag/);
    expectUsage(await run(world, ['clusters', 'patch', 'c1'], { on: 'witness' }), /nothing to change: .*--\[no-\]termination-protection, --\[no-\]backup, --tag or --untag/);
    expectNoRequest(world);
  });

  it('a cluster that does not exist: --tag reads it first, exit 4, no write', async () => {
    const result = await run(world, ['clusters', 'patch', 'ghost', '--tag', 'a=b']);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: No cluster named ghost exists in group ${PROJECT}. (CLUSTER_NOT_FOUND, HTTP 404)\n`);
  });
});
