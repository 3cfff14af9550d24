// `cdba clusters upgrade <name> --tier`: a shared-tier (M0) cluster through the clusters API's
// tenant upgrade, a flex cluster through the flex API's, both to M10 in the emulator: the exact
// requests, the question on a terminal (from -> to), --watch ending IDLE, the output as
// `clusters get` prints it; and every refusal with its exit code, before any request where the
// flags alone tell (the witness emulator is never reached).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBase, cluster, expectNoRequest, expectUsage, plain, PROFILE, PROJECT, requestsFor, run, startWorld, type World } from './world.js';

type Doc = Record<string, unknown>;

const tenant = (name: string): Doc => ({
  name,
  replicationSpecs: [{ regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0' } }] }],
});
const dedicated = (name: string): Doc => ({
  name,
  replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }],
});
const flex = (name: string, region = 'US_EAST_1'): { projectId: string; cluster: Doc } => ({
  projectId: PROJECT,
  cluster: { name, providerSettings: { backingProviderName: 'AWS', regionName: region }, tags: [{ key: 'team', value: 'ci' }] },
});

let world: World;
beforeAll(async () => {
  world = await startWorld({
    clusters: ['free-tty', 'free-v1', 'free-gcp', 'free-busy'].map((name) => ({ projectId: PROJECT, cluster: tenant(name) })).concat([{ projectId: PROJECT, cluster: dedicated('big') }]),
    flexClusters: [flex('flexy'), flex('flex-eu', 'EU_WEST_1')],
  });
});
afterAll(async () => {
  await world.stop();
});

/** Electable tier and provider of a 2024-08-05 document. */
function topology(doc: Doc): [string, string, string] {
  const region = ((doc.replicationSpecs as Doc[])[0]!.regionConfigs as Doc[])[0]!;
  return [(region.electableSpecs as Doc).instanceSize as string, region.providerName as string, region.regionName as string];
}

describe('upgrades', () => {
  it('an M0 on a terminal: asks from -> to, sends the legacy body, prints the cluster as clusters get does', async () => {
    const before = JSON.parse((await run(world, ['clusters', 'get', 'free-tty', '-o', 'json'], { version: 'default' })).stdout) as Doc;
    const result = await run(world, ['clusters', 'upgrade', 'free-tty', '--tier', 'm10', '-o', 'json'], { version: 'default', tty: true, input: 'y\n' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(plain(result.stderr)).toBe(
      `cdba: Upgrade cluster "free-tty" of project ${PROJECT} (profile "current") from M0 (shared, AWS US_EAST_1) to M10 on AWS US_EAST_1? Dedicated tiers are billed by the hour. [y/N] ` +
        `cdba: cluster free-tty is being upgraded from M0 to M10 (UPDATING); follow it with \`cdba -P current clusters watch free-tty\`\n`,
    );
    const sent = requestsFor(world.emulators.fast, 'free-tty').at(-1)!;
    expect([sent.method, sent.url, sent.raw]).toEqual([
      'POST',
      `/api/atlas/v2/groups/${PROJECT}/clusters/tenantUpgrade`,
      '{"name":"free-tty","providerSettings":{"providerName":"AWS","instanceSizeName":"M10","regionName":"US_EAST_1"}}',
    ]);
    expect(sent.contentType).toContain('application/vnd.atlas.2023-01-01+json');
    const printed = JSON.parse(result.stdout) as Doc;
    const got = JSON.parse((await run(world, ['clusters', 'get', 'free-tty', '-o', 'json'], { version: 'default' })).stdout) as Doc;
    expect(printed).toEqual(got);
    // The fast emulator's change takes no time: the look after the answer finds it done.
    expect([printed.name, printed.stateName, ...topology(printed)]).toEqual(['free-tty', 'IDLE', 'M10', 'AWS', 'US_EAST_1']);
    expect(printed.id).not.toBe(before.id);
    expect(printed.connectionStrings).toEqual(before.connectionStrings);
  });

  it('a flex cluster with --watch and --yes: the flex API\'s upgrade, then the clusters API serves it, IDLE', async () => {
    const before = JSON.parse((await run(world, ['clusters', 'get', 'flexy', '-o', 'json'], { version: 'default' })).stdout) as Doc;
    expect((before.providerSettings as Doc).providerName).toBe('FLEX');
    const result = await run(world, ['clusters', 'upgrade', 'flexy', '--tier', 'M10', '--watch', '--yes', '-o', 'json'], { version: 'default' });
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = plain(result.stderr).split('\n').filter(Boolean);
    // --yes: no question; the note names from and to.
    expect(lines[0]).toBe('cdba: cluster flexy is being upgraded from FLEX to M10');
    expect(lines.at(-1)).toMatch(/^cdba: cluster flexy is IDLE \(waited \d+(ms|s)\)$/);
    const sent = requestsFor(world.emulators.fast, 'flexy').at(-1)!;
    expect([sent.method, sent.url, JSON.parse(sent.raw)]).toEqual([
      'POST',
      `/api/atlas/v2/groups/${PROJECT}/flexClusters:tenantUpgrade`,
      { name: 'flexy', clusterType: 'REPLICASET', replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }] },
    ]);
    expect(sent.contentType).toContain('application/vnd.atlas.2024-11-13+json');
    const printed = JSON.parse(result.stdout) as Doc;
    expect([printed.name, printed.stateName, ...topology(printed)]).toEqual(['flexy', 'IDLE', 'M10', 'AWS', 'US_EAST_1']);
    expect(printed.tags).toEqual([{ key: 'team', value: 'ci' }]);
    expect(printed.connectionStrings).toEqual(before.connectionStrings);
    const state = world.emulators.fast.state();
    expect(state.flexClusters.map((f) => f.name)).not.toContain('flexy');
    expect(cluster(world.emulators.fast, 'flexy')?.model.stateName).toBe('IDLE');
    // Later runs find it in the clusters API, not from the flex names cdba remembered.
    const listed = await run(world, ['clusters', 'list', '-o', 'json', '--query', "results[?name=='flexy'].stateName"], { version: 'default' });
    expect(JSON.parse(listed.stdout)).toEqual(['IDLE']);
    // The flex API answers its name as another kind's, as the service does; `clusters get`, which
    // remembered flexy as flex, asks the flex API first, hears that, and reads it from the clusters API.
    const old = await run(world, ['api', 'getFlexCluster', '--name', 'flexy'], { version: 'default' });
    expect(old.exitCode).not.toBe(0);
    expect(old.stderr).toContain('CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API');
    const got = await run(world, ['clusters', 'get', 'flexy', '-o', 'json'], { version: 'default' });
    expect(got.exitCode, got.stderr).toBe(0);
    // A flex cluster's backups are always on; the dedicated cluster's stay on.
    expect(JSON.parse(got.stdout)).toMatchObject({ name: 'flexy', stateName: 'IDLE', backupEnabled: true });
  });

  it('v1.0: the same shared-tier upgrade at /api/atlas/v1.0, to another cloud and region', async () => {
    const result = await run(world, ['clusters', 'upgrade', 'free-v1', '--tier', 'M20', '--provider', 'gcp', '--region', 'central_us', '--yes', '-o', 'json'], { version: 'v1.0' });
    expect(result.exitCode, result.stderr).toBe(0);
    const sent = requestsFor(world.emulators.fast, 'free-v1').at(-1)!;
    expect([sent.url, sent.raw]).toEqual([
      `${apiBase('v1.0')}/groups/${PROJECT}/clusters/tenantUpgrade`,
      '{"name":"free-v1","providerSettings":{"providerName":"GCP","instanceSizeName":"M20","regionName":"CENTRAL_US"}}',
    ]);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'free-v1', providerSettings: { providerName: 'GCP', instanceSizeName: 'M20', regionName: 'CENTRAL_US' } });
  });
});

describe('refusals', () => {
  it('a dedicated cluster: exit 5, one line and a hint, no upgrade sent', async () => {
    const result = await run(world, ['clusters', 'upgrade', 'big', '--tier', 'M30', '--yes'], { version: 'default' });
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'cdba: cluster big is a dedicated cluster already (M10 on AWS); upgrade moves shared-tier and flex clusters; to change its tier: cdba -P current clusters patch big --tier M30\n',
    );
    expect(requestsFor(world.emulators.fast, 'big')).toEqual([]);
  });

  it.each([
    [['--tier', 'M0'], /^cdba: invalid --tier M0: it is a shared tier; an upgrade moves to a dedicated tier \(M10 and up\)\n$/],
    [['--tier', 'flex'], /^cdba: invalid --tier FLEX: it is a shared tier/],
    [['--tier', 'M7'], /^cdba: invalid --tier M7: expected a dedicated tier such as M10, M20 or M30\n$/],
    [['--tier', 'M90', '--provider', 'AWS', '--region', 'US_EAST_1'], /^cdba: invalid --tier M90 for AWS: expected one of M10, /],
    [['--tier', 'M10', '--provider', 'AZURE', '--region', 'US_EAST_1'], /^cdba: unknown --region US_EAST_1 for AZURE; region names look like/],
    [['--tier', 'M10', '--provider', 'TENANT'], /--provider/],
    [[], /--tier/],
  ])('%j: exit 2 before any request', async (flags, message) => {
    const result = await run(world, ['clusters', 'upgrade', 'free-busy', ...flags, '--yes'], { on: 'witness' });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expectNoRequest(world);
  });

  it('without a terminal and without --yes: exit 2, nothing sent', async () => {
    expectUsage(
      await run(world, ['clusters', 'upgrade', 'free-busy', '--tier', 'M10'], { on: 'witness' }),
      /^cdba: refusing to continue without confirmation: pass --yes when not on a terminal\n$/,
    );
    expectNoRequest(world);
  });

  it('on a terminal, "n": cancelled, nothing changed', async () => {
    const result = await run(world, ['clusters', 'upgrade', 'free-busy', '--tier', 'M10'], { tty: true, input: 'n\n' });
    expect(result.exitCode).toBe(15);
    expect(plain(result.stderr)).toMatch(/from M0 \(shared, AWS US_EAST_1\) to M10 on AWS US_EAST_1\? .*\[y\/N\] cdba: cancelled; nothing was changed\n$/);
    expect(requestsFor(world.emulators.fast, 'free-busy')).toEqual([]);
  });

  it('a flex cluster in a region the new cloud lacks: --region is required, before the upgrade is sent', async () => {
    const result = await run(world, ['clusters', 'upgrade', 'flex-eu', '--tier', 'M10', '--provider', 'AZURE', '--yes'], { version: 'default' });
    expectUsage(result, /^cdba: --region is required: the cluster runs in EU_WEST_1, which AZURE does not have\n$/);
    expect(world.emulators.fast.state().flexClusters.map((f) => f.name)).toContain('flex-eu');
  });

  it('an unknown cluster: 404, exit 4', async () => {
    const result = await run(world, ['clusters', 'upgrade', 'nope', '--tier', 'M10', '--yes'], { version: 'default' });
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/^cdba: No cluster named nope exists in group c0000000000000000000000a\. \(CLUSTER_NOT_FOUND, HTTP 404\)/);
  });

  it('a cluster being upgraded already: the service\'s 409, exit 5, with what to do', async () => {
    const first = await run(world, ['clusters', 'upgrade', 'free-gcp', '--tier', 'M10', '--yes', '-o', 'json'], { version: 'default', on: 'slow' });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ name: 'free-gcp', stateName: 'UPDATING' });
    const again = await run(world, ['clusters', 'upgrade', 'free-gcp', '--tier', 'M20', '--yes'], { version: 'default', on: 'slow' });
    expect(again.exitCode).toBe(5);
    expect(again.stderr).toBe(
      `cdba: Cannot upgrade cluster free-gcp while it has pending changes; wait until it is IDLE. (CANNOT_UPGRADE_CLUSTER_WITH_PENDING_CHANGES, HTTP 409); wait until it is IDLE (cdba -P ${PROFILE.default} clusters watch free-gcp), then upgrade it\n`,
    );
  });
});
