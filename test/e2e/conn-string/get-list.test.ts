// `cdba conn-string get|list` (and the `conn-string <cluster>` shorthand) through the
// built binary, against one emulator whose projects have peering, AWS and Azure
// private endpoints (plain and regionalized), sharded clusters and legacy strings.
// A private endpoint serves only the clusters in its own cloud and region, so each
// endpoint belongs to clusters in its region: the two-region clusters carry the plain
// endpoint of their first region and the regionalized one of their second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectHash, replicaSetId } from '../../../src/connstring/index.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, type CliResult } from '../../helpers/inProcess.js';
import { ownerEnv, replicaSet, sharded, spread, tenant, worldSeed } from './world.js';

const FULL = 'b0000000000000000000000a'; // peering + four private endpoints
const BARE = 'b0000000000000000000000b'; // nothing but the standard strings
const H = projectHash(FULL);
// Interface endpoint IDs the API takes (a seed refuses any other): vpce- and 17 hex digits; an Azure resource ID.
const AWS_PE = 'vpce-0a0a0a0a0a0a0a0a0';
const AWS_PE_REG = 'vpce-0b0b0b0b0b0b0b0b0';
const azure = (name: string) => `/subscriptions/4e133d35-e734-4380-a565-c0945535da37/resourceGroups/app/providers/Microsoft.Network/privateEndpoints/${name}`;
const AZURE_PE = azure('pe-azure');
const AZURE_PE_REG = azure('pe-azure-reg');
const reEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const HB = projectHash(BARE);

let emu: RunningEmulator;
const env = (projectId = FULL, extra: Record<string, string> = {}) => ownerEnv(emu.url, projectId, extra);
const run = (args: string[], projectId = FULL, extra: Record<string, string> = {}): Promise<CliResult> =>
  cdba(['conn-string', ...args], { env: env(projectId, extra) });

/** A successful `get`: the bare string, a newline, nothing on stderr. */
function expectString(result: CliResult, expected: string | RegExp): void {
  expect(result.stderr).toBe('');
  expect(result.exitCode).toBe(0);
  if (typeof expected === 'string') expect(result.stdout).toBe(`${expected}\n`);
  else expect(result.stdout).toMatch(expected);
}

function expectNotFound(result: CliResult, message: string): void {
  expect(result.exitCode).toBe(4);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe(`cdba: ${message}\n`);
}

const rsName = (cluster: string, projectId = FULL): string => {
  const model = emu.state().clusters.find((c) => c.projectId === projectId && c.name === cluster)?.model;
  if (!model) throw new Error(`no cluster ${cluster}`);
  return `${replicaSetId(model.id)}-shard-0`;
};
const rsHosts = (cluster: string, suffix: string, hash = H) =>
  [0, 1, 2].map((n) => `${cluster}-shard-00-0${n}${suffix}.${hash}.mongodb.net:27017`).join(',');
const plHosts = (host: string, count: number) => Array.from({ length: count }, (_, i) => `${host}:${1024 + i}`).join(',');

beforeAll(async () => {
  emu = await startEmulator({
    seed: worldSeed(
      [
        {
          id: FULL,
          name: 'full',
          peering: true,
          privateEndpoints: [
            { provider: 'AWS', region: 'us-east-1', endpointId: AWS_PE },
            { provider: 'AWS', region: 'eu-west-1', endpointId: AWS_PE_REG, regionalized: true },
            { provider: 'AZURE', region: 'eastus2', endpointId: AZURE_PE },
            { provider: 'AZURE', region: 'westeurope', endpointId: AZURE_PE_REG, regionalized: true },
          ],
        },
        { id: BARE, name: 'bare' },
      ],
      [
        // Azure with peering: offered the Private IP for Peering strings. Three nodes, two regions.
        { projectId: FULL, cluster: spread('rs-azure', [['AZURE', 'US_EAST_2', 2], ['AZURE', 'EUROPE_WEST', 1]]) },
        { projectId: FULL, cluster: spread('rs-aws', [['AWS', 'US_EAST_1', 2], ['AWS', 'EU_WEST_1', 1]]) },
        { projectId: FULL, cluster: spread('sh-aws', [['AWS', 'US_EAST_1', 2], ['AWS', 'EU_WEST_1', 1]], 2) },
        { projectId: FULL, cluster: spread('sh-azure', [['AZURE', 'US_EAST_2', 2], ['AZURE', 'EUROPE_WEST', 1]], 2) },
        // Multi-cloud: in the region of every endpoint, five electable nodes.
        {
          projectId: FULL,
          cluster: spread('sh-multi', [['AWS', 'US_EAST_1', 2], ['AWS', 'EU_WEST_1', 1], ['AZURE', 'US_EAST_2', 1], ['AZURE', 'EUROPE_WEST', 1]], 2),
        },
        { projectId: FULL, cluster: sharded('sh-legacy'), legacyStrings: true },
        { projectId: FULL, cluster: replicaSet('legacy-gcp', 'GCP'), legacyStrings: true },
        { projectId: FULL, cluster: replicaSet('legacy-azure', 'AZURE'), legacyStrings: true },
        { projectId: FULL, cluster: spread('list', [['AWS', 'US_EAST_1', 2], ['AWS', 'EU_WEST_1', 1]]) },
        { projectId: BARE, cluster: replicaSet('plain') },
        { projectId: BARE, cluster: replicaSet('plain-gcp', 'GCP') },
        { projectId: BARE, cluster: tenant('free') },
      ],
    ),
    // Clusters created during the tests stay CREATING.
    transitionMs: 600_000,
  });
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe.concurrent('conn-string get: every --type', () => {
  it('standard: SRV by default, host list with --no-srv', async () => {
    expectString(await run(['get', 'rs-azure']), `mongodb+srv://rs-azure.${H}.mongodb.net`);
    expectString(
      await run(['get', 'rs-azure', '--type', 'standard', '--no-srv']),
      `mongodb://${rsHosts('rs-azure', '')}/?ssl=true&authSource=admin&replicaSet=${rsName('rs-azure')}`,
    );
  });

  it('private (Private IP for Peering): the -pri hosts', async () => {
    expectString(await run(['get', 'rs-azure', '--type', 'private']), `mongodb+srv://rs-azure-pri.${H}.mongodb.net`);
    expectString(
      await run(['get', 'rs-azure', '--type', 'private', '--no-srv']),
      `mongodb://${rsHosts('rs-azure', '-pri')}/?ssl=true&authSource=admin&replicaSet=${rsName('rs-azure')}`,
    );
  });

  it('private-endpoint on a replica set: the first endpoint, or the one --endpoint names (AWS, Azure, plain and regionalized)', async () => {
    const [azureFirst, azure, azureReg, azureList, awsFirst, aws, awsReg, awsRegList] = await Promise.all([
      run(['get', 'rs-azure', '--type', 'private-endpoint']),
      run(['get', 'rs-azure', '--endpoint', AZURE_PE]),
      run(['get', 'rs-azure', '--type', 'private-endpoint', '--endpoint', AZURE_PE_REG]),
      run(['get', 'rs-azure', '--endpoint', AZURE_PE, '--no-srv']),
      run(['get', 'rs-aws', '--type', 'private-endpoint']),
      run(['get', 'rs-aws', '--endpoint', AWS_PE]),
      run(['get', 'rs-aws', '--endpoint', AWS_PE_REG]),
      run(['get', 'rs-aws', '--endpoint', AWS_PE_REG, '--no-srv']),
    ]);
    expectString(azureFirst, `mongodb+srv://pl-0-eastus2.${H}.mongodb.net`);
    expectString(azure, `mongodb+srv://pl-0-eastus2.${H}.mongodb.net`);
    expectString(azureReg, `mongodb+srv://rs-azure-pl-0-westeurope.${H}.mongodb.net`);
    expectString(azureList, `mongodb://${plHosts(`pl-0-eastus2.${H}.mongodb.net`, 3)}/?ssl=true&authSource=admin&replicaSet=${rsName('rs-azure')}`);
    expectString(awsFirst, `mongodb+srv://pl-0-us-east-1a.${H}.mongodb.net`);
    expectString(aws, `mongodb+srv://pl-0-us-east-1a.${H}.mongodb.net`);
    expectString(awsReg, `mongodb+srv://rs-aws-pl-0-eu-west-1.${H}.mongodb.net`);
    expectString(awsRegList, `mongodb://${plHosts(`pl-0-eu-west-1.${H}.mongodb.net`, 3)}/?ssl=true&authSource=admin&replicaSet=${rsName('rs-aws')}`);
  });

  it('private-endpoint on a sharded cluster: optimized SRV by default, --no-optimized for the other', async () => {
    const [byDefault, regOptimized, azureRegOptimized, plain, hostList] = await Promise.all([
      run(['get', 'sh-aws', '--type', 'private-endpoint']),
      run(['get', 'sh-aws', '--endpoint', AWS_PE_REG, '--optimized']),
      run(['get', 'sh-azure', '--endpoint', AZURE_PE_REG]),
      run(['get', 'sh-aws', '--endpoint', AWS_PE, '--no-optimized']),
      run(['get', 'sh-aws', '--endpoint', AWS_PE, '--no-srv']),
    ]);
    expectString(byDefault, `mongodb+srv://sh-aws-pl-0-lb.${H}.mongodb.net`);
    expectString(regOptimized, `mongodb+srv://sh-aws-pl-0-eu-west-1-lb.${H}.mongodb.net`);
    expectString(azureRegOptimized, `mongodb+srv://sh-azure-pl-0-westeurope-lb.${H}.mongodb.net`);
    expectString(plain, `mongodb+srv://pl-0-us-east-1a.${H}.mongodb.net`);
    // Six query routers (two shards of three), one port each.
    expectString(hostList, `mongodb://${plHosts(`pl-0-us-east-1a.${H}.mongodb.net`, 6)}/?ssl=true&authSource=admin`);
  });

  it('private-endpoint on a sharded cluster with legacy strings keeps the legacy SRV by default (seed rule 4)', async () => {
    expectString(await run(['get', 'sh-legacy', '--type', 'private-endpoint']), `mongodb+srv://pl-0-us-east-1a.${H}.mongodb.net`);
    expectString(await run(['get', 'sh-legacy', '--optimized']), `mongodb+srv://sh-legacy-pl-0-lb.${H}.mongodb.net`);
  });

  it('legacy: with the .gcp and .azure labels, SRV and host list; an AWS one has no label', async () => {
    expectString(await run(['get', 'legacy-gcp', '--type', 'legacy']), `mongodb+srv://legacy-gcp-${H}.gcp.mongodb.net`);
    expectString(
      await run(['get', 'legacy-gcp', '--type', 'legacy', '--no-srv']),
      `mongodb://${[0, 1, 2].map((n) => `legacy-gcp-shard-00-0${n}-${H}.gcp.mongodb.net:27017`).join(',')}/?ssl=true&authSource=admin&replicaSet=${rsName('legacy-gcp')}`,
    );
    expectString(await run(['get', 'legacy-azure', '--type', 'legacy']), `mongodb+srv://legacy-azure-${H}.azure.mongodb.net`);
    expectString(await run(['get', 'sh-legacy', '--type', 'legacy']), `mongodb+srv://sh-legacy-${H}.mongodb.net`);
  });
});

describe.concurrent('conn-string get: shorthand, output forms, names like subcommands', () => {
  it('`conn-string <cluster>` is `conn-string get <cluster>`, flags included', async () => {
    expectString(await run(['rs-azure']), `mongodb+srv://rs-azure.${H}.mongodb.net`);
    expectString(await run(['rs-azure', '--type', 'private']), `mongodb+srv://rs-azure-pri.${H}.mongodb.net`);
  });

  it('a cluster named "list" is reached with `get list`, and `list list` lists it', async () => {
    expectString(await run(['get', 'list']), `mongodb+srv://list.${H}.mongodb.net`);
    const listed = await run(['list', 'list', '-o', 'json', '--query', '[].connectionString']);
    expect(listed.exitCode).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      `mongodb://${rsHosts('list', '')}/?ssl=true&authSource=admin&replicaSet=${rsName('list')}`,
      `mongodb+srv://list.${H}.mongodb.net`,
      expect.stringContaining(`mongodb://pl-0-us-east-1a.${H}.mongodb.net:1024,`),
      `mongodb+srv://pl-0-us-east-1a.${H}.mongodb.net`,
      expect.stringContaining(`mongodb://pl-0-eu-west-1.${H}.mongodb.net:1024,`),
      `mongodb+srv://list-pl-0-eu-west-1.${H}.mongodb.net`,
    ]);
  });

  it('prints the bare string whatever the default format: on a TTY, with CDBA_OUTPUT=json, with -o table', async () => {
    const expected = `mongodb+srv://rs-azure.${H}.mongodb.net`;
    expectString(await run(['get', 'rs-azure'], FULL, { CDBA_FORCE_TTY: '1', FORCE_COLOR: '1' }), expected);
    expectString(await run(['get', 'rs-azure'], FULL, { CDBA_OUTPUT: 'json' }), expected);
    expectString(await run(['get', 'rs-azure', '-o', 'table']), expected);
  });

  it('-o json gives the document; --query picks from it', async () => {
    const json = await run(['get', 'sh-aws', '--endpoint', AWS_PE_REG, '-o', 'json']);
    expect(json.exitCode).toBe(0);
    expect(json.stderr).toBe('');
    expect(json.stdout.endsWith('}\n')).toBe(true);
    expect(JSON.parse(json.stdout)).toEqual({
      cluster: 'sh-aws',
      type: 'private-endpoint',
      srv: true,
      optimized: true,
      endpointIds: [AWS_PE_REG],
      shape: 'privateLinkOptimized',
      // The AWS endpoint map repeats the optimized string (OpenAPI: awsPrivateLinkSrv).
      fields: ['privateEndpoint[1].srvShardOptimizedConnectionString', `awsPrivateLinkSrv.${AWS_PE_REG}`],
      connectionString: `mongodb+srv://sh-aws-pl-0-eu-west-1-lb.${H}.mongodb.net`,
    });
    const query = await run(['get', 'legacy-gcp', '--type', 'legacy', '--query', 'shape']);
    expect(query).toEqual({ exitCode: 0, stdout: '"legacy"\n', stderr: '' });
  });

  it('works under a v1.0 profile (the legacy cluster document carries the same strings)', async () => {
    expectString(await run(['get', 'rs-azure', '--type', 'private'], FULL, { CDBA_API_VERSION: 'v1.0' }), `mongodb+srv://rs-azure-pri.${H}.mongodb.net`);
    expectString(await run(['get', 'plain'], BARE, { CDBA_API_VERSION: 'v1.0' }), `mongodb+srv://plain.${HB}.mongodb.net`);
  });
});

describe.concurrent('conn-string get: what is missing', () => {
  it('a type the cluster lacks exits 4 and lists the types it has', async () => {
    expectNotFound(
      await run(['get', 'plain-gcp', '--type', 'private'], BARE),
      'cluster "plain-gcp" has no private SRV connection string; it has: standard (SRV, host list); they come with an AVAILABLE network peering connection (see `cdba peering list`); see cdba conn-string list plain-gcp',
    );
    // On AWS a peer is not enough (the service asks for custom DNS, or private IP mode): the FULL project has an AVAILABLE AWS peer.
    const onAws = (cluster: string) =>
      `on AWS they come with an AVAILABLE network peering connection (see \`cdba peering list\`) and the project's custom DNS for AWS peering on (\`cdba api toggleAwsCustomDns -f enabled=true\`), or with its private IP mode (see \`cdba private-ip status\`); see cdba conn-string list ${cluster}`;
    expectNotFound(await run(['get', 'plain', '--type', 'private'], BARE), `cluster "plain" has no private SRV connection string; it has: standard (SRV, host list); ${onAws('plain')}`);
    const peered = await run(['get', 'rs-aws', '--type', 'private']);
    expect(peered.exitCode).toBe(4);
    expect(peered.stderr).toMatch(/^cdba: cluster "rs-aws" has no private SRV connection string; it has: standard \(SRV, host list\); private-endpoint .*; on AWS they come with an AVAILABLE network peering connection .* or with its private IP mode \(see `cdba private-ip status`\); see cdba conn-string list rs-aws\n$/);
    expectNotFound(
      await run(['get', 'sh-aws', '--type', 'legacy']),
      'cluster "sh-aws" has no legacy SRV connection string; it has: standard (SRV, host list); ' +
        `private-endpoint (SRV, optimized SRV, host list; endpoints ${AWS_PE}, ${AWS_PE_REG}); see cdba conn-string list sh-aws`,
    );
  });

  it('an endpoint the cluster does not have exits 4', async () => {
    const result = await run(['get', 'rs-azure', '--endpoint', 'vpce-nope']);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `cdba: cluster "rs-azure" has no private-endpoint SRV connection string for endpoint vpce-nope; it has: standard (SRV, host list); private (SRV, host list); private-endpoint (SRV, host list; endpoints ${AZURE_PE}, ${AZURE_PE_REG}); see cdba conn-string list rs-azure\n`,
    );
  });

  it('an endpoint of the project in another cloud or region is not the cluster\'s: exit 4', async () => {
    const [otherCloud, otherRegion] = await Promise.all([
      run(['get', 'rs-azure', '--endpoint', AWS_PE]),
      run(['get', 'sh-legacy', '--endpoint', AWS_PE_REG]), // AWS us-east-1 only; the endpoint is in eu-west-1
    ]);
    for (const [result, cluster, endpoint] of [
      [otherCloud, 'rs-azure', AWS_PE],
      [otherRegion, 'sh-legacy', AWS_PE_REG],
    ] as const) {
      expect(result.exitCode).toBe(4);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(new RegExp(`^cdba: cluster "${cluster}" has no private-endpoint SRV connection string for endpoint ${endpoint}; it has: `));
    }
  });

  it('--optimized on a replica set (no optimized string) exits 4', async () => {
    const result = await run(['get', 'rs-azure', '--optimized']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/^cdba: cluster "rs-azure" has no private-endpoint optimized SRV connection string; it has: /);
  });

  it('a cluster still being created has no strings yet: get exits 4, list prints [] and says why', async () => {
    const created = await cdba(['api', '/groups/{projectId}/clusters', '--input', '-'], { env: env(BARE), input: JSON.stringify(replicaSet('fresh')) });
    expect(created.exitCode).toBe(0);
    expectNotFound(await run(['get', 'fresh'], BARE), 'cluster "fresh" has no connection strings yet (it is CREATING)');
    expect(await run(['list', 'fresh', '-o', 'json'], BARE)).toEqual({
      exitCode: 0,
      stdout: '[]\n',
      stderr: 'cdba: cluster "fresh" has no connection strings yet (it is CREATING)\n',
    });
  });

  it('a missing cluster is the API\'s 404: exit 4', async () => {
    const result = await run(['get', 'nope']);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: No cluster named nope exists in group ${FULL}. (CLUSTER_NOT_FOUND, HTTP 404)\n`);
  });

  it('flag conflicts are usage errors (exit 2) found before any request', async () => {
    // The base URL goes nowhere: a request would exit 7, not 2.
    const offline = { CDBA_BASE_URL: 'http://127.0.0.1:9' };
    const cases: Array<[string[], string]> = [
      [['get', 'c1', '--optimized', '--no-srv'], 'cdba: --optimized and --no-srv conflict: the optimized string exists only in SRV form\n'],
      [['get', 'c1', '--type', 'legacy', '--endpoint', 'vpce-1'], 'cdba: --endpoint applies to --type private-endpoint only, not --type legacy\n'],
      [['get', 'c1', '--type', 'standard', '--endpoint', 'x', '--no-optimized'], 'cdba: --endpoint and --no-optimized apply to --type private-endpoint only, not --type standard\n'],
      [['c1', '--type', 'pri'], "cdba: option '--type <type>' argument 'pri' is invalid. Allowed choices are standard, private, private-endpoint, legacy; see 'cdba conn-string --help'\n"],
      [['get'], "cdba: missing required argument 'cluster'; see 'cdba conn-string get --help'\n"],
    ];
    for (const [args, stderr] of cases) {
      const result = await run(args, FULL, offline);
      expect({ args, ...result }).toEqual({ args, exitCode: 2, stdout: '', stderr });
    }
  });
});

describe.concurrent('conn-string list', () => {
  it('-o json: every string with its type, SRV or not, optimized, endpoint IDs and shape', async () => {
    // A multi-cloud cluster in the region of each of the four endpoints: two shards of five nodes.
    const result = await run(['list', 'sh-multi', '-o', 'json']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    const routers = (host: string) => plHosts(host, 10);
    const hosts = [0, 1].flatMap((s) => [0, 1, 2, 3, 4].map((n) => `sh-multi-shard-0${s}-0${n}.${H}.mongodb.net:27016`)).join(',');
    const row = (type: string, srv: boolean, optimized: boolean, endpointIds: string[], shape: string, connectionString: string) =>
      expect.objectContaining({ type, srv, optimized, endpointIds, shape, connectionString });
    expect(JSON.parse(result.stdout)).toEqual([
      row('standard', false, false, [], 'standard', `mongodb://${hosts}/?ssl=true&authSource=admin`),
      row('standard', true, false, [], 'standard', `mongodb+srv://sh-multi.${H}.mongodb.net`),
      row('private-endpoint', false, false, [AWS_PE], 'privateLinkAws', `mongodb://${routers(`pl-0-us-east-1a.${H}.mongodb.net`)}/?ssl=true&authSource=admin`),
      row('private-endpoint', true, false, [AWS_PE], 'privateLinkAws', `mongodb+srv://pl-0-us-east-1a.${H}.mongodb.net`),
      // The plain AWS and the plain Azure endpoint share pl-0 and so the one optimized string.
      row('private-endpoint', true, true, [AWS_PE, AZURE_PE], 'privateLinkOptimized', `mongodb+srv://sh-multi-pl-0-lb.${H}.mongodb.net`),
      row('private-endpoint', false, false, [AWS_PE_REG], 'privateLinkAwsRegionalized', `mongodb://${routers(`pl-0-eu-west-1.${H}.mongodb.net`)}/?ssl=true&authSource=admin`),
      row('private-endpoint', true, false, [AWS_PE_REG], 'privateLinkAwsRegionalized', `mongodb+srv://sh-multi-pl-0-eu-west-1.${H}.mongodb.net`),
      row('private-endpoint', true, true, [AWS_PE_REG], 'privateLinkOptimized', `mongodb+srv://sh-multi-pl-0-eu-west-1-lb.${H}.mongodb.net`),
      // Azure's host list is the same whether regionalized or not, so parse() names both rows.
      row('private-endpoint', false, false, [AZURE_PE], 'privateLink', `mongodb://${routers(`pl-0-eastus2.${H}.mongodb.net`)}/?ssl=true&authSource=admin`),
      row('private-endpoint', true, false, [AZURE_PE], 'privateLinkAzure', `mongodb+srv://pl-0-eastus2.${H}.mongodb.net`),
      row('private-endpoint', false, false, [AZURE_PE_REG], 'privateLink', `mongodb://${routers(`pl-0-westeurope.${H}.mongodb.net`)}/?ssl=true&authSource=admin`),
      row('private-endpoint', true, false, [AZURE_PE_REG], 'privateLinkAzureRegionalized', `mongodb+srv://sh-multi-pl-0-westeurope.${H}.mongodb.net`),
      row('private-endpoint', true, true, [AZURE_PE_REG], 'privateLinkOptimized', `mongodb+srv://sh-multi-pl-0-westeurope-lb.${H}.mongodb.net`),
    ]);
  });

  it('a table on a TTY and tab-separated columns in a pipe', async () => {
    const rs = rsName('legacy-azure');
    const pipe = await run(['list', 'legacy-azure', '-o', 'table', '--query', '[?type!=`private-endpoint`]']);
    // --query reshapes the document, so the generic columns apply.
    expect(pipe.exitCode).toBe(0);
    expect(pipe.stdout.split('\n')[0]).toBe('TYPE\tSRV\tOPTIMIZED\tENDPOINTIDS\tSHAPE\tFIELDS\tCONNECTIONSTRING');

    const table = await run(['list', 'legacy-azure', '-o', 'table']);
    expect(table.exitCode).toBe(0);
    expect(table.stderr).toBe('');
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('TYPE\tSRV\tOPTIMIZED\tENDPOINT\tCONNECTION STRING');
    expect(lines.slice(1, 5)).toEqual([
      `legacy\tno\t\t\tmongodb://${[0, 1, 2].map((n) => `legacy-azure-shard-00-0${n}-${H}.azure.mongodb.net:27017`).join(',')}/?ssl=true&authSource=admin&replicaSet=${rs}`,
      `legacy\tyes\t\t\tmongodb+srv://legacy-azure-${H}.azure.mongodb.net`,
      `private\tno\t\t\tmongodb://${rsHosts('legacy-azure', '-pri')}/?ssl=true&authSource=admin&replicaSet=${rs}`,
      `private\tyes\t\t\tmongodb+srv://legacy-azure-pri.${H}.mongodb.net`,
    ]);
    // Azure eastus2: the one endpoint in its region, as host list and SRV.
    expect(lines[6]).toBe(`private-endpoint\tyes\t\t${AZURE_PE}\tmongodb+srv://pl-0-eastus2.${H}.mongodb.net`);
    expect(lines).toHaveLength(7);

    const tty = await run(['list', 'plain', '--no-color'], BARE, { CDBA_FORCE_TTY: '1' });
    expect(tty.exitCode).toBe(0);
    // On a terminal a column no string fills (no endpoints, none optimized) is left out, header and all.
    expect(tty.stdout).toMatch(/^TYPE {6}SRV {2}CONNECTION STRING\nstandard {2}no {3}mongodb:\/\/plain-shard-00-00\./);
    expect(tty.stdout).toContain(`standard  yes`);
    expect(tty.stdout).not.toContain('\t');
    const endpoints = await run(['list', 'legacy-azure', '--no-color'], FULL, { CDBA_FORCE_TTY: '1' });
    expect(endpoints.stdout).toMatch(/^TYPE +SRV +ENDPOINT +CONNECTION STRING\n/);
    expect(endpoints.stdout).toMatch(new RegExp(`\\nprivate-endpoint +yes +${reEscape(AZURE_PE)} +mongodb\\+srv://pl-0-eastus2\\.`));
  });

  it('a shared-tier cluster lists its strings (host prefix ac-…, not the name)', async () => {
    const result = await run(['ls', 'free', '-o', 'json', '--query', '[].[type, srv, shape]'], BARE);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      ['standard', false, 'standard'],
      ['standard', true, 'standard'],
    ]);
  });

  it('a missing cluster exits 4', async () => {
    const result = await run(['list', 'nope'], BARE);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`cdba: No cluster named nope exists in group ${BARE}. (CLUSTER_NOT_FOUND, HTTP 404)\n`);
  });
});

describe('conn-string get --type private on AWS: the project\'s custom DNS for AWS peering, as the hint says', () => {
  const DNS = 'b0000000000000000000000c'; // an AVAILABLE peer on each provider, custom DNS off
  const HD = projectHash(DNS);
  let own: RunningEmulator;
  beforeAll(async () => {
    own = await startEmulator({ seed: worldSeed([{ id: DNS, name: 'dns', peering: true }], [{ projectId: DNS, cluster: replicaSet('app') }]) });
  });
  afterAll(async () => {
    expect(own.unexpectedErrors()).toEqual([]);
    await own.stop();
  });

  it('refuses with the hint before `cdba api toggleAwsCustomDns -f enabled=true`, and prints the private string after it', async () => {
    const env = ownerEnv(own.url, DNS);
    const before = await cdba(['conn-string', 'get', 'app', '--type', 'private'], { env });
    expectNotFound(
      before,
      'cluster "app" has no private SRV connection string; it has: standard (SRV, host list); on AWS they come with an AVAILABLE network peering connection (see `cdba peering list`) ' +
        "and the project's custom DNS for AWS peering on (`cdba api toggleAwsCustomDns -f enabled=true`), or with its private IP mode (see `cdba private-ip status`); see cdba conn-string list app",
    );
    const toggled = await cdba(['api', 'toggleAwsCustomDns', '-f', 'enabled=true'], { env });
    expect(toggled.stderr).toBe('');
    expect(toggled.exitCode).toBe(0);
    expect(JSON.parse(toggled.stdout)).toEqual({ enabled: true });
    expectString(await cdba(['conn-string', 'get', 'app', '--type', 'private'], { env }), `mongodb+srv://app-pri.${HD}.mongodb.net`);
    const read = await cdba(['api', 'getAwsCustomDns'], { env });
    expect(read.exitCode, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout)).toEqual({ enabled: true });
  });
});
