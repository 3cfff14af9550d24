// `cdba clusters delete` and `cdba clusters watch` through the built binary:
// confirmation on a TTY, refusal without one, the DELETE request per version,
// waiting until IDLE or gone, timeouts (exit 8) and Ctrl-C (exit 130).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiBase,
  begin,
  cluster,
  EACH_VERSION,
  expectNoRequest,
  expectUsage,
  plain,
  PROJECT,
  requestsFor,
  run,
  spawn,
  startWorld,
  TAG,
  VERSIONS,
  type World,
  interruptWhen,
  deprecationWarning,
  PROFILE,
} from './world.js';
import { heldDeadline } from '../../helpers/inProcess.js';

const aws = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name,
  ...extra,
  replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }],
});

const SEEDED = ['del', 'tty', 'no', 'gone', 'idle', 'still'];

let world: World;
beforeAll(async () => {
  world = await startWorld({
    clusters: [
      ...VERSIONS.flatMap((version) => SEEDED.map((prefix) => ({ projectId: PROJECT, cluster: aws(`${prefix}-${TAG[version]}`) }))),
      { projectId: PROJECT, cluster: aws('guarded', { terminationProtectionEnabled: true }) },
      { projectId: PROJECT, cluster: aws('keep') },
    ],
  });
});
afterAll(async () => {
  await world.stop();
});

/** stderr without the 2023-01-01 deprecation warning (asserted in list-get.test.ts), wherever it falls. */
const noWarning = (text: string): string => text.replace(/cdba: warning: API version 2023-0[12]-01 of clusters is deprecated[^\n]*\n/g, '');

describe.concurrent.each(EACH_VERSION)('delete at $version', ({ version, tag }) => {
  it('with --yes in a pipe: one DELETE, nothing on stdout, what happened on stderr', async () => {
    const name = `del-${tag}`;
    const result = await run(world, ['clusters', 'delete', name, '--yes'], { version, on: 'slow' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(noWarning(result.stderr)).toBe(`cdba: deletion of cluster ${name} requested; follow it with \`cdba -P ${PROFILE[version]} clusters watch ${name} --until DELETED\`\n`);
    const [request, ...more] = requestsFor(world.emulators.slow, name);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: 'DELETE', url: `${apiBase(version)}/groups/${PROJECT}/clusters/${name}`, raw: '' });
    expect(cluster(world.emulators.slow, name)?.model.stateName).toBe('DELETING');
  });

  it('on a TTY: asks, and deletes on "y"; --watch waits until it is gone', async () => {
    const name = `tty-${tag}`;
    const result = await run(world, ['clusters', 'delete', name, '--watch'], { version, tty: true, input: 'y\n' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    const err = plain(noWarning(result.stderr));
    expect(err.startsWith(`cdba: Delete cluster "${name}" of project ${PROJECT} (profile "${PROFILE[version]}") and all its data? [y/N] cdba: deletion of cluster ${name} requested\n`)).toBe(true);
    expect(err).toMatch(new RegExp(`cdba: cluster ${name} is DELETED \\(waited \\d+(ms|s)\\)\\n$`));
    expect(cluster(world.emulators.fast, name)).toBeUndefined();
  });
});

describe.concurrent('delete (each under one of the versions)', () => {
  it('on a TTY, "n" (v1.0): cancelled, exit 2, nothing sent', async () => {
    const result = await run(world, ['clusters', 'delete', 'no-v1'], { version: 'v1.0', tty: true, input: 'n\n', on: 'witness' });
    expect(result.exitCode).toBe(15);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: Delete cluster "no-v1" of project ${PROJECT} (profile "legacy-v1") and all its data? [y/N] cdba: cancelled; nothing was changed\n`);
    expectNoRequest(world);
  });

  it('without a TTY and without --yes: exit 2, nothing sent', async () => {
    expectUsage(
      await run(world, ['clusters', 'delete', 'no-m23'], { on: 'witness' }),
      /^cdba: refusing to continue without confirmation: pass --yes when not on a terminal\n$/,
    );
    expectUsage(await run(world, ['clusters', 'delete', 'bad name', '--yes'], { on: 'witness' }), /^cdba: invalid cluster name "bad name"/);
    expectNoRequest(world);
  });

  it('-y before the command works the same (2023-01-01)', async () => {
    const result = await run(world, ['-y', 'clusters', 'delete', 'no-l23', '--watch'], { version: '2023-01-01' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(noWarning(result.stderr)).toMatch(/^cdba: deletion of cluster no-l23 requested\ncdba: cluster no-l23 is DELETED \(waited \d+(ms|s)\)\n$/);
  });

  it('a cluster that does not exist: exit 4', async () => {
    const result = await run(world, ['clusters', 'delete', 'ghost', '--yes'], { version: '2023-02-01' });
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: No cluster named ghost exists in group ${PROJECT}. (CLUSTER_NOT_FOUND, HTTP 404)\n`);
  });

  it('termination protection: the service refuses, exit 1', async () => {
    const result = await run(world, ['clusters', 'delete', 'guarded', '--yes'], { on: 'slow' });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      /^cdba: [^\n]*\(CANNOT_TERMINATE_CLUSTER_WHEN_TERMINATION_PROTECTION_ENABLED, HTTP 400\); turn protection off first: cdba -P modern clusters patch guarded --no-termination-protection\n$/,
    );
    expect(cluster(world.emulators.slow, 'guarded')?.model.stateName).toBe('IDLE');
  });

  it('--watch-timeout: exit 8 while DELETING', async () => {
    const result = await run(world, ['clusters', 'delete', 'gone-v1', '--yes', '--watch-timeout', '250ms'], { version: 'v1.0', on: 'slow' });
    expect(result.exitCode).toBe(8);
    expect(result.stderr).toBe(
      'cdba: deletion of cluster gone-v1 requested\n' +
        'cdba: gave up waiting for cluster gone-v1 after 250ms; it is still DELETING; the operation goes on at the service; follow it with `cdba -P legacy-v1 clusters watch gone-v1 --until DELETED`\n',
    );
  });
});

describe.concurrent('watch', () => {
  it.each(EACH_VERSION)('--until IDLE at $version, in a pipe: state lines on stderr, the document on stdout', async ({ version, tag }) => {
    const name = `idle-${tag}`;
    const patched = await run(world, ['clusters', 'patch', name, '--disk-size-gb', '30'], { version });
    expect(patched.exitCode, patched.stderr).toBe(0);
    const result = await run(world, ['clusters', 'watch', name], { version });
    expect(result.exitCode, result.stderr).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document).toMatchObject({ name, stateName: 'IDLE' });
    const legacy = version === 'v1.0' || version === '2023-01-01';
    expect(legacy ? 'providerSettings' in document : 'replicationSpecs' in document && !('providerSettings' in document)).toBe(true);
    // The default reads at 2024-08-05: the disk size is in each hardware spec, not at the top.
    expect(version === 'default' ? document.replicationSpecs[0].regionConfigs[0].electableSpecs.diskSizeGB : document.diskSizeGB).toBe(30);
    expect(noWarning(result.stderr)).toMatch(new RegExp(`^(cdba: cluster ${name} is UPDATING\\n)?cdba: cluster ${name} is IDLE \\(waited \\d+(ms|s)\\)\\n$`));
  });

  it('--until IDLE on a TTY: spinner, then the readable view', async () => {
    await run(world, ['clusters', 'patch', 'still-m23', '--disk-size-gb', '30']);
    const result = await run(world, ['clusters', 'watch', 'still-m23'], { tty: true });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Name: +still-m23\nState: +IDLE\n/);
    expect(plain(result.stderr)).toMatch(/cdba: cluster still-m23 is IDLE \(waited \d+(ms|s)\)\n$/);
  });

  it('--until deleted (any case): nothing on stdout once it is gone', async () => {
    const deleted = await run(world, ['clusters', 'delete', 'gone-m23', '--yes']);
    expect(deleted.exitCode, deleted.stderr).toBe(0);
    const result = await run(world, ['clusters', 'watch', 'gone-m23', '--until', 'deleted']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(noWarning(result.stderr)).toMatch(/^(cdba: cluster gone-m23 is DELETING\n)?cdba: cluster gone-m23 is DELETED \(waited \d+(ms|s)\)\n$/);
  });

  it('--until DELETED for a name that does not exist: done at once; --until IDLE: exit 4', async () => {
    const [deleted, idle] = await Promise.all([
      run(world, ['clusters', 'watch', 'never-was', '--until', 'DELETED'], { version: 'v1.0' }),
      run(world, ['clusters', 'watch', 'never-was'], { version: 'v1.0' }),
    ]);
    expect(deleted.exitCode).toBe(0);
    expect(deleted.stdout).toBe('');
    expect(deleted.stderr).toMatch(/^cdba: cluster never-was is DELETED \(waited \d+(ms|s)\)\n$/);
    expect(idle.exitCode).toBe(4);
    expect(idle.stderr).toBe(`cdba: No cluster named never-was exists in group ${PROJECT}. (CLUSTER_NOT_FOUND, HTTP 404)\n`);
  });

  it('--watch-timeout: exit 8, with how to keep following', async () => {
    await run(world, ['clusters', 'patch', 'still-l23', '--disk-size-gb', '30'], { version: '2023-01-01', on: 'slow' });
    // The deadline runs out once the state was seen, however long the first look took.
    const deadline = heldDeadline();
    const watching = begin(world, ['clusters', 'watch', 'still-l23', '--watch-timeout', '0.3'], { version: '2023-01-01', on: 'slow', watchDeadline: deadline.timer });
    await watching.seen(/is UPDATING\n/);
    expect(await deadline.armed).toBe(300);
    deadline.expire();
    const result = await watching.result;
    expect(result.exitCode).toBe(8);
    expect(result.stdout).toBe('');
    expect(noWarning(result.stderr)).toBe(
      'cdba: cluster still-l23 is UPDATING\n' +
        'cdba: gave up waiting for cluster still-l23 after 300ms; it is still UPDATING; the operation goes on at the service; follow it with `cdba -P legacy-2023 clusters watch still-l23`\n',
    );
  });

  it('Ctrl-C: exit 130, the operation goes on at the service', async () => {
    await run(world, ['clusters', 'delete', 'still-v1', '--yes'], { on: 'slow', version: 'v1.0' });
    const child = spawn(world, ['clusters', 'watch', 'still-v1', '--until', 'DELETED'], { on: 'slow', version: 'v1.0' });
    interruptWhen(child, 'is DELETING\n');
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'cdba: cluster still-v1 is DELETING\n' +
        'cdba: interrupted while waiting for cluster still-v1 (DELETING); the operation goes on at the service; follow it with `cdba -P legacy-v1 clusters watch still-v1 --until DELETED`\n',
    );
    expect(cluster(world.emulators.slow, 'still-v1')?.model.stateName).toBe('DELETING');
  });

  it('an IDLE cluster: printed at once', async () => {
    const result = await run(world, ['clusters', 'watch', 'keep', '-o', 'json', '--query', 'stateName']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('"IDLE"\n');
    expect(result.stderr.replace(deprecationWarning('2023-02-01'), '')).toMatch(/^cdba: cluster keep is IDLE \(waited \d+(ms|s)\)\n$/);
  });

  it('bad --until or --watch-timeout, a bad name: exit 2, nothing sent', async () => {
    const [until, timeout, name] = await Promise.all([
      run(world, ['clusters', 'watch', 'keep', '--until', 'GONE'], { on: 'witness' }),
      run(world, ['clusters', 'watch', 'keep', '--watch-timeout', 'forever'], { on: 'witness' }),
      run(world, ['clusters', 'watch', 'kéép'], { on: 'witness' }),
    ]);
    expectUsage(until, /^cdba: invalid --until "GONE": expected one of IDLE, DELETED\n$/);
    expectUsage(timeout, /^cdba: invalid --watch-timeout "forever": expected a duration like 90, 90s, 5m or 1h\n$/);
    expectUsage(name, /^cdba: invalid cluster name "kéép"/);
    expectNoRequest(world);
  });
});
