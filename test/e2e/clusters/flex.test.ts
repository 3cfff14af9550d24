// Flex clusters through every clusters command (issue 26), in-process against an
// emulator, at the default API version: create --tier FLEX --watch, get, list on a
// terminal and in JSON, patch tags, conn-string, delete --watch; a flex cluster found by
// name after a fresh start (one extra request, then none); each refusal with 0 requests.
// Request counts come from the emulator's stats, never from timing.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir, type CliResult, type InProcessOptions } from '../../helpers/inProcess.js';

const OWNER = { publicKey: 'flexkeys', privateKey: '0d4c8f1e-7a2b-4c6d-9e3f-5a1b2c3d4e5f' };
const PROJECT = 'f0000000000000000000000a';
const FLEX_ONE = '/api/atlas/v2/groups/{groupId}/flexClusters/{name}';
const FLEX_LIST = '/api/atlas/v2/groups/{groupId}/flexClusters';
const CLUSTER_ONE = '/api/atlas/v2/groups/{groupId}/clusters/{clusterName}';
const CLUSTER_LIST = '/api/atlas/v2/groups/{groupId}/clusters';

let emu: RunningEmulator;

beforeAll(async () => {
  emu = await startEmulator({
    seed: {
      projects: [{ id: PROJECT, name: 'flex' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      clusters: [{ projectId: PROJECT, cluster: { name: 'app', replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M10', nodeCount: 3 } }] }] } }],
      flexClusters: [
        { projectId: PROJECT, cluster: { name: 'seeded-flex', providerSettings: { backingProviderName: 'GCP', regionName: 'CENTRAL_US' }, tags: [{ key: 'env', value: 'ci' }] } },
        { projectId: PROJECT, cluster: { name: 'other-flex', providerSettings: { backingProviderName: 'AZURE', regionName: 'US_EAST_2' } } },
      ],
      rateLimit: { perMinute: 1_000_000 },
      transitionMs: 200,
    },
  });
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

/**
 * A config dir with one profile at the default version (no apiVersion): a fresh start of
 * cdba, which knows no flex cluster. Its digest session is made first (one call to the root),
 * so that request counts below are the commands' own and not the 401 of a first challenge.
 */
async function freshConfig(): Promise<string> {
  const dir = tempDir('cdba-flex-');
  const profile = { baseUrl: emu.url, publicKey: OWNER.publicKey, privateKey: OWNER.privateKey, projectId: PROJECT };
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ currentProfile: 'default', profiles: { default: profile } }), { mode: 0o600 });
  expect((await run(dir, ['api', '/'])).exitCode).toBe(0);
  return dir;
}

function run(configDir: string, args: string[], options: InProcessOptions = {}): Promise<CliResult> {
  return cdba(args, { configDir, env: { NO_COLOR: '1' }, watchIntervalMs: 20, ...options });
}

/** Requests per "METHOD template" made by `action`. */
async function requestsOf(action: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = emu.stats().byPath;
  await action();
  const after = emu.stats().byPath;
  return Object.fromEntries(Object.entries(after).map(([key, n]) => [key, n - (before[key] ?? 0)]).filter(([, n]) => (n as number) > 0));
}

describe('a flex cluster\'s life through the clusters commands', () => {
  let config: string;
  beforeAll(async () => {
    config = await freshConfig();
  });

  it('create --tier FLEX --watch creates it through the flex API and waits until IDLE', async () => {
    let result!: CliResult;
    const requests = await requestsOf(async () => {
      result = await run(config, ['clusters', 'create', 'ci-1', '--tier', 'flex', '--provider', 'AWS', '--region', 'us-east-1', '--tag', 'job=ci', '--watch', '-o', 'json']);
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc).toMatchObject({ name: 'ci-1', stateName: 'IDLE', providerSettings: { providerName: 'FLEX', backingProviderName: 'AWS', regionName: 'US_EAST_1', diskSizeGB: 5 }, tags: [{ key: 'job', value: 'ci' }] });
    expect(result.stderr).toMatch(/^cdba: flex cluster ci-1 is CREATING\n/);
    expect(requests[`POST ${FLEX_LIST}`]).toBe(1);
    expect(requests[`GET ${FLEX_ONE}`]).toBeGreaterThanOrEqual(1);
    expect(Object.keys(requests).filter((key) => key.includes('/clusters'))).toEqual([]);
  });

  it('get on a terminal shows the backing cloud, region and storage, straight from the flex API', async () => {
    let result!: CliResult;
    const requests = await requestsOf(async () => {
      result = await run(config, ['clusters', 'get', 'ci-1'], { tty: true });
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Name: +ci-1/);
    expect(result.stdout).toMatch(/Disk: +5 GB/);
    expect(result.stdout).toMatch(/FLEX \(AWS\) US_EAST_1 · flex tier, shared hosts/);
    expect(result.stdout).toMatch(/standard srv +mongodb\+srv:\/\/ci-1\./);
    expect(requests).toEqual({ [`GET ${FLEX_ONE}`]: 1 });
  });

  it('list on a terminal shows every cluster, flex ones with their tier, from two concurrent requests', async () => {
    let result!: CliResult;
    const requests = await requestsOf(async () => {
      result = await run(config, ['clusters', 'list'], { tty: true, columns: 200 });
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const rows = result.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^NAME +STATE +DB VERSION +TYPE +PROVIDER +REGION +TIER +DISK +CREATED$/);
    expect(rows.slice(1).map((row) => row.split(/ +/)[0])).toEqual(['app', 'seeded-flex', 'other-flex', 'ci-1']);
    expect(rows.find((row) => row.startsWith('seeded-flex'))).toMatch(/FLEX \(GCP\) +CENTRAL_US +FLEX +5 GB /);
    expect(rows.find((row) => row.startsWith('app '))).toMatch(/ M10 +10 GB /);
    expect(requests).toEqual({ [`GET ${CLUSTER_LIST}`]: 1, [`GET ${FLEX_LIST}`]: 1 });
  });

  it('list -o table in a pipe is the same rows, tab-separated', async () => {
    const result = await run(config, ['clusters', 'list', '-o', 'table']);
    expect(result.exitCode, result.stderr).toBe(0);
    const rows = result.stdout.trimEnd().split('\n').map((row) => row.split('\t'));
    expect(rows[0]).toEqual(['NAME', 'STATE', 'DB VERSION', 'TYPE', 'PROVIDER', 'REGION', 'TIER', 'DISK', 'CREATED']);
    expect(rows.find((row) => row[0] === 'ci-1')?.slice(1, 8)).toEqual(['IDLE', '8.0.29', 'REPLICASET', 'FLEX (AWS)', 'US_EAST_1', 'FLEX', '5 GB']);
  });

  it('list in JSON is the clusters API\'s document as sent; --tier FLEX gives the flex API\'s', async () => {
    let dedicated!: CliResult;
    const requests = await requestsOf(async () => {
      dedicated = await run(config, ['clusters', 'list', '-o', 'json']);
    });
    expect(JSON.parse(dedicated.stdout).results.map((c: { name: string }) => c.name)).toEqual(['app']);
    expect(requests).toEqual({ [`GET ${CLUSTER_LIST}`]: 1 });
    const flex = await run(config, ['clusters', 'list', '--tier', 'FLEX', '-o', 'json', '--query', 'results[].name']);
    expect(JSON.parse(flex.stdout)).toEqual(['seeded-flex', 'other-flex', 'ci-1']);
    const all = await run(config, ['clusters', 'list', '--tier', 'FLEX', '--all', '-o', 'json']);
    expect(JSON.parse(all.stdout)).toMatchObject({ totalCount: 3 });
    // --no-count holds with --all, as for dedicated clusters: no total asked for or shown.
    for (const args of [['-o', 'json'], ['-o', 'pretty'], ['-o', 'json', '--query', '@']]) {
      const uncounted = await run(config, ['clusters', 'list', '--tier', 'FLEX', '--all', '--no-count', ...args]);
      expect(uncounted.exitCode, uncounted.stderr).toBe(0);
      expect(Object.keys(JSON.parse(uncounted.stdout) as object).sort(), args.join(' ')).toEqual(['links', 'results']);
    }
  });

  it('patch --tag adds a tag and keeps the others, through the flex API alone', async () => {
    let result!: CliResult;
    const requests = await requestsOf(async () => {
      result = await run(config, ['clusters', 'patch', 'ci-1', '--tag', 'team=search', '--termination-protection', '-o', 'json']);
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ tags: [{ key: 'job', value: 'ci' }, { key: 'team', value: 'search' }], terminationProtectionEnabled: true });
    expect(requests).toEqual({ [`GET ${FLEX_ONE}`]: 1, [`PATCH ${FLEX_ONE}`]: 1 });
    // A `get -o json` document sent back: its read-only fields are ignored, the rest goes to the flex API.
    const doc = (await run(config, ['clusters', 'get', 'ci-1', '-o', 'json'])).stdout;
    const back = await run(config, ['clusters', 'patch', 'ci-1', '--file', '-', '--no-termination-protection', '-o', 'json', '--query', 'terminationProtectionEnabled'], { input: doc });
    expect(back.exitCode, back.stderr).toBe(0);
    expect(back.stdout.trim()).toBe('false');
    expect(back.stderr).toMatch(/ignoring read-only fields: backupSettings, clusterType, connectionStrings/);
    // Asked for what it has: the flex API is read, not written.
    let same!: CliResult;
    const read = await requestsOf(async () => {
      same = await run(config, ['clusters', 'patch', 'ci-1', '--tag', 'team=search', '--no-termination-protection']);
    });
    expect(same.exitCode, same.stderr).toBe(0);
    expect(same.stderr).toBe('cdba: cluster ci-1 already is as asked; nothing to change, nothing sent\n');
    expect(read).toEqual({ [`GET ${FLEX_ONE}`]: 1 });
  });

  it('conn-string get and list give its standard strings', async () => {
    const srv = await run(config, ['conn-string', 'get', 'ci-1']);
    expect(srv.exitCode, srv.stderr).toBe(0);
    expect(srv.stdout).toMatch(/^mongodb\+srv:\/\/ci-1\.[a-z0-9]+\.mongodb\.net\n$/);
    const list = await run(config, ['conn-string', 'list', 'ci-1', '-o', 'json']);
    expect(JSON.parse(list.stdout).map((s: { type: string; srv: boolean }) => `${s.type}${s.srv ? ' srv' : ''}`).sort()).toEqual(['standard', 'standard srv']);
  });

  it('delete --watch deletes it through the flex API and waits until it is gone', async () => {
    let result!: CliResult;
    const requests = await requestsOf(async () => {
      result = await run(config, ['clusters', 'delete', 'ci-1', '--yes', '--watch']);
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/deletion of cluster ci-1 requested/);
    expect(requests[`DELETE ${FLEX_ONE}`]).toBe(1);
    expect(requests[`DELETE ${CLUSTER_ONE}`]).toBeUndefined();
    const gone = await run(config, ['clusters', 'list', '--tier', 'FLEX', '-o', 'json', '--query', 'results[].name']);
    expect(JSON.parse(gone.stdout)).toEqual(['seeded-flex', 'other-flex']);
  });
});

describe('finding a flex cluster by name', () => {
  it('after a fresh start costs one extra request, then none: the answer is kept per project', async () => {
    const config = await freshConfig();
    let first!: CliResult;
    const firstRequests = await requestsOf(async () => {
      first = await run(config, ['clusters', 'get', 'seeded-flex', '-o', 'json']);
    });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ name: 'seeded-flex', providerSettings: { backingProviderName: 'GCP' } });
    expect(firstRequests).toEqual({ [`GET ${CLUSTER_ONE}`]: 1, [`GET ${FLEX_ONE}`]: 1 });
    const secondRequests = await requestsOf(() => run(config, ['clusters', 'get', 'seeded-flex', '-o', 'json']));
    expect(secondRequests).toEqual({ [`GET ${FLEX_ONE}`]: 1 });
    // The names file: 0600, in a 0700 directory, nothing but names.
    const dir = join(config, 'flex');
    expect(lstatSync(dir).mode & 0o777).toBe(0o700);
    const [file] = readdirSync(dir);
    expect(lstatSync(join(dir, file!)).mode & 0o777).toBe(0o600);
  });

  it('watch takes a flex cluster by name too, printing it once IDLE', async () => {
    const config = await freshConfig();
    const result = await run(config, ['clusters', 'watch', 'seeded-flex', '-o', 'json', '--query', 'stateName']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('"IDLE"');
  });

  it('a dedicated cluster costs nothing more, and a flex cluster deleted behind cdba\'s back is found gone', async () => {
    const config = await freshConfig();
    expect(await requestsOf(() => run(config, ['clusters', 'get', 'app', '-o', 'json']))).toEqual({ [`GET ${CLUSTER_ONE}`]: 1 });
    expect((await run(config, ['clusters', 'get', 'nope'])).exitCode).toBe(4);
  });

  it('a refusal learnt from the service is said the same way the next time, which asks again (a cached name is no reason to refuse)', async () => {
    const config = await freshConfig();
    for (const round of [1, 2]) {
      let result!: CliResult;
      const requests = await requestsOf(async () => {
        result = await run(config, ['clusters', 'pause', 'other-flex']);
      });
      expect(result.exitCode, `round ${round}`).toBe(1);
      expect(result.stderr).toMatch(/^cdba: cluster other-flex is a flex cluster: flex clusters cannot be paused or resumed \(CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API, HTTP 400\)\n$/);
      expect(requests).toEqual({ [`PATCH ${CLUSTER_ONE}`]: 1 });
    }
  });
});

describe('refusals of what flex clusters cannot do', () => {
  let config: string;
  beforeAll(async () => {
    config = await freshConfig();
    expect((await run(config, ['clusters', 'get', 'seeded-flex', '-o', 'json'])).exitCode).toBe(0); // now known flex
  });

  it.each([
    [['clusters', 'create', 'f2', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1', '--shards', '2'], /--shards: flex clusters are replica sets/],
    [['clusters', 'create', 'f2', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1', '--type', 'SHARDED'], /--type SHARDED: flex clusters are replica sets/],
    [['clusters', 'create', 'f2', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1', '--members', '5'], /--members: not available for --tier FLEX/],
    [['clusters', 'create', 'f2', '--tier', 'FLEX', '--provider', 'TENANT', '--region', 'US_EAST_1'], /give the cloud the flex cluster runs on/],
    [['clusters', 'create', 'f2', '--tier', 'FLEX', '--region', 'US_EAST_1'], /a flex cluster needs --provider/],
    [['clusters', 'create', 'f2', '--tier', 'FLEX', '--provider', 'GCP', '--region', 'US_EAST_1'], /unknown --region US_EAST_1 for GCP/],
    // v1.0 has no flex clusters: the hint does not offer it.
    [['--api-version', '2024-10-23', 'clusters', 'create', 'f2', '--tier', 'FLEX', '--provider', 'AWS', '--region', 'US_EAST_1'], /older than the first version of flexClusters \(2024-11-13\); use --api-version 2024-11-13 or later$/],
    [['--api-version', '2023-01-01', 'api', 'listFlexClusters'], /older than the first version of listGroupFlexClusters \(2024-11-13\); use --api-version 2024-11-13 or later$/],
  ])('%j: one line, exit 2, no request', async (args, message) => {
    const before = emu.stats().total;
    const result = await run(config, args);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cdba: [^\n]+\n$/);
    expect(result.stderr.trimEnd()).toMatch(message);
    expect(emu.stats().total).toBe(before);
  });

  // Known flex from an earlier run is only where to ask first: each is refused once the service has said so (exit 1, never 2 after a request).
  it.each([
    [['clusters', 'pause', 'seeded-flex'], /flex clusters cannot be paused or resumed/],
    [['clusters', 'resume', 'seeded-flex'], /flex clusters cannot be paused or resumed/],
    [['clusters', 'patch', 'seeded-flex', '--tier', 'M10'], /tier, storage, members and database version are fixed/],
    [['clusters', 'patch', 'seeded-flex', '--disk-size-gb', '10'], /tier, storage, members and database version are fixed/],
    [['clusters', 'patch', 'seeded-flex', '--shard', '2', '--tier', 'M30'], /flex clusters are replica sets; they have no shards/],
    [['clusters', 'patch', 'seeded-flex', '--set', 'replicationSpecs=[]'], /they have no shards \(asked to change replicationSpecs\)/],
    [['clusters', 'connect', 'seeded-flex', '--type', 'private', '--print'], /only the standard connection strings/],
    [['conn-string', 'get', 'seeded-flex', '--type', 'private-endpoint'], /only the standard connection strings/],
    [['--api-version', 'v1.0', 'clusters', 'get', 'seeded-flex'], /only the versioned API serves .*; use --api-version 2024-11-13 or newer: cdba clusters get seeded-flex --api-version 2024-11-13$/],
  ])('%j: refused once the service says it is flex: one line, exit 1, one request', async (args, message) => {
    const before = emu.stats().total;
    const result = await run(config, args);
    expect(result.stderr).toMatch(/^cdba: cluster seeded-flex is a flex cluster[^\n]+\n$/);
    expect(result.stderr.trimEnd()).toMatch(message);
    expect(result.exitCode, result.stderr).toBe(1);
    expect(result.stdout).toBe('');
    expect(emu.stats().total - before).toBe(1);
  });

  it('convert refuses a flex document, and a dedicated body to flex, naming why', async () => {
    const flexDoc = (await run(config, ['clusters', 'get', 'seeded-flex', '-o', 'json'])).stdout;
    const before = emu.stats().total;
    const fromFlex = await run(config, ['clusters', 'convert', '--file', '-'], { input: flexDoc });
    expect(fromFlex.exitCode).toBe(2);
    expect(fromFlex.stderr).toMatch(/is a flex cluster's document: it cannot be converted to a dedicated body/);
    const toFlex = await run(config, ['clusters', 'convert', '--file', '-', '--to', 'flex'], { input: '{"name":"x","replicationSpecs":[]}' });
    expect(toFlex.exitCode).toBe(2);
    expect(toFlex.stderr).toMatch(/cannot be converted to a flex one: a flex cluster has no tier, members, shards or storage/);
    expect(emu.stats().total).toBe(before);
  });
});

describe('flex documents in --file and apply', () => {
  it('create --file with a flex body, then apply: no change, then a tag', async () => {
    const config = await freshConfig();
    const body = JSON.stringify({ providerSettings: { backingProviderName: 'AWS', regionName: 'EU_WEST_1' }, tags: [{ key: 'a', value: '1' }] });
    const created = await run(config, ['clusters', 'create', 'from-file', '--file', '-', '-o', 'json', '--query', 'providerSettings.regionName'], { input: body });
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stdout.trim()).toBe('"EU_WEST_1"');
    const doc = JSON.parse((await run(config, ['clusters', 'get', 'from-file', '-o', 'json'])).stdout);
    const same = await run(config, ['clusters', 'apply', '--file', '-', '--dry-run', '--exit-code'], { input: JSON.stringify(doc) });
    expect(same.exitCode, same.stderr).toBe(0);
    const tagged = await run(config, ['clusters', 'apply', '--file', '-', '-o', 'json'], { input: JSON.stringify({ ...doc, tags: [{ key: 'a', value: '2' }] }) });
    expect(tagged.exitCode, tagged.stderr).toBe(0);
    expect(JSON.parse(tagged.stdout)).toMatchObject({ action: 'update', changes: [{ path: 'tags[0].value' }] });
    const moved = await run(config, ['clusters', 'apply', '--file', '-'], { input: JSON.stringify({ ...doc, providerSettings: { backingProviderName: 'AWS', regionName: 'US_WEST_2' } }) });
    expect(moved.exitCode).toBe(2);
    expect(moved.stderr).toMatch(/a flex cluster cannot move \(providerSettings\.regionName differ\)/);
  });

  it('create --file with a flex body and a dedicated (or shared) --tier: refused, exit 2, before any request; --tier FLEX goes with it', async () => {
    const config = await freshConfig();
    const body = JSON.stringify({ providerSettings: { backingProviderName: 'AWS', regionName: 'US_EAST_1' } });
    for (const tier of ['M30', 'M0']) {
      const before = emu.stats().total;
      const refused = await run(config, ['clusters', 'create', 'fx1', '--file', '-', '--tier', tier], { input: body });
      expect(refused.exitCode, refused.stderr).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toBe(
        `cdba: stdin is a flex cluster's body (providerSettings.backingProviderName), which --tier ${tier} cannot override: leave --tier out (or give --tier FLEX) for a flex cluster, or give a dedicated cluster's body or --provider and --region for a ${tier} one\n`,
      );
      expect(emu.stats().total).toBe(before);
    }
    expect(emu.state().flexClusters?.some((c) => c.name === 'fx1') ?? false).toBe(false);
    const flex = await run(config, ['clusters', 'create', 'fx1', '--file', '-', '--tier', 'flex', '-o', 'json', '--query', 'providerSettings.regionName'], { input: body });
    expect(flex.exitCode, flex.stderr).toBe(0);
    expect(flex.stdout.trim()).toBe('"US_EAST_1"');
  });

  it('the names file is never written through a symlink', async () => {
    const config = await freshConfig();
    mkdirSync(join(config, 'flex'), { mode: 0o700 });
    // Learn the name once to see the file's name, then plant a symlink there.
    await run(config, ['clusters', 'get', 'seeded-flex', '-o', 'json']);
    const [file] = readdirSync(join(config, 'flex'));
    const path = join(config, 'flex', file!);
    const target = join(config, 'elsewhere.json');
    writeFileSync(target, 'untouched');
    const { rmSync, symlinkSync, readFileSync } = await import('node:fs');
    rmSync(path);
    symlinkSync(target, path);
    // A symlink is not read as the names file: the name is learnt again; and it is neither followed nor replaced (writePrivateFileSync).
    const requests = await requestsOf(() => run(config, ['clusters', 'get', 'seeded-flex', '-o', 'json']));
    expect(requests).toEqual({ [`GET ${CLUSTER_ONE}`]: 1, [`GET ${FLEX_ONE}`]: 1 });
    expect(readFileSync(target, 'utf8')).toBe('untouched');
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
  });

  it('the names file is never written into a directory others can write', async () => {
    const config = await freshConfig();
    const { chmodSync } = await import('node:fs');
    mkdirSync(join(config, 'flex'), { mode: 0o700 });
    chmodSync(join(config, 'flex'), 0o777);
    const first = await run(config, ['clusters', 'get', 'seeded-flex', '-o', 'json']);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(readdirSync(join(config, 'flex'))).toEqual([]);
  });
});

/** The names cdba keeps as flex clusters in `config` for the emulator's project (src/core/flexNames.ts). */
function namesFile(config: string): string {
  return join(config, 'flex', `names-${createHash('sha256').update(`${emu.url}\n${PROJECT}`, 'utf8').digest('hex')}.json`);
}
function cachedFlex(config: string): string[] {
  try {
    return (JSON.parse(readFileSync(namesFile(config), 'utf8')) as { names: string[] }).names;
  } catch {
    return [];
  }
}

describe('a name cached as flex is a hint for where to ask first, never a reason to refuse', () => {
  // A dedicated cluster whose name this machine once learnt was flex (the flex cluster was
  // deleted and a dedicated one made under its name from another machine).
  const NAME = 'was-flex';
  beforeAll(async () => {
    const made = await run(tempDir('cdba-flex-other-'), ['clusters', 'create', NAME, '--tier', 'M10', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], {
      env: { NO_COLOR: '1', CDBA_BASE_URL: emu.url, CDBA_PUBLIC_KEY: OWNER.publicKey, CDBA_PRIVATE_KEY: OWNER.privateKey, CDBA_PROJECT_ID: PROJECT },
    });
    expect(made.exitCode, made.stderr).toBe(0);
  });

  /** A config that knows NAME as a flex cluster. */
  async function cachedConfig(): Promise<string> {
    const config = await freshConfig();
    mkdirSync(join(config, 'flex'), { mode: 0o700 });
    writeFileSync(namesFile(config), JSON.stringify({ names: [NAME] }), { mode: 0o600 });
    return config;
  }

  it.each([
    [['clusters', 'get', NAME, '-o', 'json', '--query', 'name'], `"${NAME}"\n`],
    [['clusters', 'pause', NAME, '-o', 'json', '--query', 'paused'], 'true\n'],
    [['clusters', 'resume', NAME, '-o', 'json', '--query', 'paused'], 'false\n'],
    [['clusters', 'patch', NAME, '--tier', 'M20', '-o', 'json', '--query', 'name'], `"${NAME}"\n`],
    [['clusters', 'patch', NAME, '--set', 'backupEnabled=true', '-o', 'json', '--query', 'name'], `"${NAME}"\n`],
    [['conn-string', 'get', NAME, '--type', 'standard'], /^mongodb(\+srv)?:\/\/[^\n]*was-flex/],
    [['--api-version', 'v1.0', 'clusters', 'get', NAME, '-o', 'json', '--query', 'name'], `"${NAME}"\n`],
  ] as const)('%j: done on the dedicated cluster, and the name forgotten', async (args, out) => {
    const config = await cachedConfig();
    const result = await run(config, [...args]);
    expect(result.stderr).not.toMatch(/is a flex cluster/);
    expect(result.exitCode, result.stderr).toBe(0);
    if (typeof out === 'string') expect(result.stdout).toBe(out);
    else expect(result.stdout).toMatch(out);
    expect(cachedFlex(config)).toEqual([]);
    // Forgotten: the next command asks the clusters API alone.
    expect(await requestsOf(() => run(config, ['clusters', 'get', NAME, '-o', 'json']))).toEqual({ [`GET ${CLUSTER_ONE}`]: 1 });
  });

  it('a private string of a cached name is asked for, not refused: the dedicated cluster\'s own answer', async () => {
    const config = await cachedConfig();
    const result = await run(config, ['conn-string', 'get', NAME, '--type', 'private']);
    expect(result.stderr).not.toMatch(/is a flex cluster/);
    expect(result.exitCode).not.toBe(2);
    expect(cachedFlex(config)).toEqual([]);
  });
});
