// `cdba clusters pause` / `resume` (alias `start`) through the built binary under
// the three API versions: the exact PATCH body, the service's refusals as one
// line with a hint (already paused, shared tier, changes while paused), --watch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBase, cluster, deprecationWarning, EACH_VERSION, expectNoRequest, expectUsage, PROFILE, PROJECT, requestsFor, run, startWorld, TAG, VERSIONS, linesAfterWarning, type World } from './world.js';

const dedicated = (name: string): Record<string, unknown> => ({
  name,
  replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }],
});
const tenant = (name: string): Record<string, unknown> => ({
  name,
  replicationSpecs: [{ regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0' } }] }],
});

let world: World;
beforeAll(async () => {
  world = await startWorld({
    clusters: [
      ...VERSIONS.map((version) => ({ projectId: PROJECT, cluster: dedicated(`nap-${TAG[version]}`) })),
      { projectId: PROJECT, cluster: tenant('free') },
      { projectId: PROJECT, cluster: dedicated('running') },
      { projectId: PROJECT, cluster: dedicated('nap-watch') },
    ],
  });
});
afterAll(async () => {
  await world.stop();
});


describe.concurrent.each(EACH_VERSION)('pause and resume at $version', ({ version, tag }) => {
  it('pause sends {"paused":true} alone; a second pause, a change while paused: the service refuses; resume --watch runs it again', async () => {
    const name = `nap-${tag}`;
    const paused = await run(world, ['clusters', 'pause', name, '-o', 'json'], { version });
    expect(paused.exitCode, paused.stderr).toBe(0);
    expect(JSON.parse(paused.stdout)).toMatchObject({ name, paused: true, stateName: 'UPDATING' });
    expect(linesAfterWarning(paused.stderr, version)).toEqual([`cdba: cluster ${name} is pausing (UPDATING); follow it with \`cdba -P ${PROFILE[version]} clusters watch ${name}\``]);
    const sent = requestsFor(world.emulators.fast, name).at(-1)!;
    expect([sent.method, sent.url, sent.raw]).toEqual(['PATCH', `${apiBase(version)}/groups/${PROJECT}/clusters/${name}`, '{"paused":true}']);

    const again = await run(world, ['clusters', 'pause', name], { version });
    expect(again.exitCode).toBe(5);
    expect(again.stdout).toBe('');
    expect(linesAfterWarning(again.stderr, version, false)).toEqual([
      `cdba: Cannot pause a cluster that is already paused. (CLUSTER_ALREADY_PAUSED, HTTP 409); it is paused already; cdba -P ${PROFILE[version]} clusters resume ${name} starts it`,
    ]);

    const change = await run(world, ['clusters', 'patch', name, '--disk-size-gb', '40'], { version });
    expect(change.exitCode).toBe(5);
    expect(change.stdout).toBe('');
    // The GET that patch reads the cluster with succeeds, so the deprecated versions warn.
    expect(linesAfterWarning(change.stderr, version)).toEqual([
      `cdba: Cannot update cluster ${name} while it is paused or being paused. (CANNOT_UPDATE_PAUSED_CLUSTER, HTTP 409); resume it first: cdba -P ${PROFILE[version]} clusters resume ${name} --watch`,
    ]);

    const resumed = await run(world, ['clusters', 'resume', name, '--watch', '-o', 'json'], { version });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ name, paused: false, stateName: 'IDLE' });
    expect(requestsFor(world.emulators.fast, name).at(-1)!.raw).toBe('{"paused":false}');
    expect(cluster(world.emulators.fast, name)?.model).toMatchObject({ paused: false, stateName: 'IDLE' });
  });
});

describe('pause --watch', () => {
  it('ends with the state list shows, PAUSED (the service keeps stateName IDLE and says paused)', async () => {
    const result = await run(world, ['clusters', 'pause', 'nap-watch', '--watch', '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'nap-watch', paused: true, stateName: 'IDLE' });
    const lines = linesAfterWarning(result.stderr, '2023-02-01');
    expect(lines[0]).toBe('cdba: cluster nap-watch is pausing');
    expect(lines.at(-1)).toMatch(/^cdba: cluster nap-watch is PAUSED \(waited \d+(ms|s)\)$/);
    const list = await run(world, ['clusters', 'list', '-o', 'table']);
    expect(list.stdout.split('\n').find((line) => line.startsWith('nap-watch\t'))?.split('\t')[1]).toBe('PAUSED');
  });
});

describe('pause and resume: refusals and bad input', () => {
  it('a shared-tier cluster cannot be paused: the service says so, exit 1', async () => {
    const result = await run(world, ['clusters', 'pause', 'free']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'cdba: Cannot update a M0/M2/M5 cluster through the public API. (TENANT_CLUSTER_UPDATE_UNSUPPORTED, HTTP 400); shared-tier clusters (M0, M2, M5) cannot be paused or changed through the API\n',
    );
    expect(cluster(world.emulators.fast, 'free')?.model.paused).toBe(false);
  });

  it('start (the alias) of a running cluster: one line, exit 5, no write sent', async () => {
    const before = requestsFor(world.emulators.fast, 'running').length;
    const result = await run(world, ['clusters', 'start', 'running']);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(deprecationWarning('2023-02-01') + `cdba: cluster running is not paused; there is nothing to resume; to pause it: cdba -P ${PROFILE['2023-02-01']} clusters pause running\n`);
    expect(requestsFor(world.emulators.fast, 'running').length).toBe(before);
  });

  it('a cluster that does not exist: exit 4', async () => {
    const result = await run(world, ['clusters', 'pause', 'ghost']);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: No cluster named ghost exists in group ${PROJECT}. (CLUSTER_NOT_FOUND, HTTP 404)\n`);
  });

  it('a bad name, a bad --watch-timeout, a missing name: exit 2, nothing sent', async () => {
    expectUsage(await run(world, ['clusters', 'pause', 'bad_name'], { on: 'witness' }), /invalid cluster name "bad_name"/);
    expectUsage(await run(world, ['clusters', 'resume', 'c1', '--watch-timeout', 'soon'], { on: 'witness' }), /--watch-timeout/);
    expectUsage(await run(world, ['clusters', 'pause'], { on: 'witness' }), /missing required argument 'name'/);
    expectNoRequest(world);
  });
});
