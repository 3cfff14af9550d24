// `cdba private-endpoints ...` in-process against one emulator on a test clock, per
// provider: create a service (--watch to AVAILABLE), add an endpoint with --watch (it
// waits for the endpoint, then for the clusters to settle, then prints their
// private-endpoint SRV strings), conn-string get --type private-endpoint, remove the
// endpoint and the service (--watch to the 404). Also list, get, regional-mode, the
// refusals and bad input before any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from '../../../src/connstring/index.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, start, type Running } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv, replicaSet, sharded } from '../conn-string/world.js';

const PROJECT = 'e0000000000000000000000a';
const T = 60_000;
const VPCE = 'vpce-0a1b2c3d4e5f60718';
const AZURE_ENDPOINT = '/subscriptions/4e133d35-e734-4380-a565-c0945535da37/resourceGroups/app/providers/Microsoft.Network/privateEndpoints/app-pe';

let emu: RunningEmulator;
let now = Date.UTC(2026, 7, 10, 9, 0, 0);
const env = () => ownerEnv(emu.url, PROJECT);

beforeAll(async () => {
  emu = await startEmulator({
    clock: () => now,
    transitionMs: T,
    seed: {
      projects: [{ id: PROJECT, name: 'p' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      clusters: [
        { projectId: PROJECT, cluster: replicaSet('aws-rs') },
        { projectId: PROJECT, cluster: sharded('aws-sh') },
        { projectId: PROJECT, cluster: replicaSet('az-rs', 'AZURE') },
      ],
      rateLimit: { perMinute: 100_000 },
    },
  });
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

/** Advances the emulator's clock one transition each time the run shows one of the states, in order. */
async function through(run: Running, states: RegExp[]): Promise<void> {
  for (const state of states) {
    await run.seen(state);
    now += T;
  }
}

describe.each([
  { provider: 'AWS', region: 'us-east-1', cluster: 'aws-rs', add: ['--endpoint-id', VPCE], endpointId: VPCE, endpointStates: [/PENDING_ACCEPTANCE\n/, /is PENDING\n/], shape: 'privateLinkAws' },
  { provider: 'AZURE', region: 'eastus2', cluster: 'az-rs', add: ['--endpoint-id', AZURE_ENDPOINT, '--ip', '10.0.0.4'], endpointId: AZURE_ENDPOINT, endpointStates: [/is INITIATING\n/], shape: 'privateLinkAzure' },
])('private endpoints on $provider', ({ provider, region, cluster, add, endpointId, endpointStates, shape }) => {
  let service = '';

  it('create --watch: INITIATING, then AVAILABLE, printed', async () => {
    const run = start(['private-endpoints', 'create', '--provider', provider, '--region', region, '--watch', '-o', 'json'], { env: env(), watchIntervalMs: 5 });
    await through(run, [/is INITIATING\n/]);
    const result = await run.result;
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = JSON.parse(result.stdout) as { id: string; status: string; cloudProvider: string };
    expect([doc.status, doc.cloudProvider]).toEqual(['AVAILABLE', provider]);
    service = doc.id;
  });

  it('interfaces add --watch: the endpoint AVAILABLE, the clusters settled, then the private-endpoint SRV of each cluster it serves', async () => {
    const none = await cdba(['conn-string', 'get', cluster, '--type', 'private-endpoint'], { env: env() }); // nothing yet
    expect(none.exitCode).toBe(4);
    expect(none.stderr).toMatch(new RegExp(`; they come with an AVAILABLE private endpoint in the cluster's region \\(see \`cdba private-endpoints list\`\\); see cdba conn-string list ${cluster}\\n$`));
    const run = start(['private-endpoints', 'interfaces', 'add', service, ...add, '--watch', '-o', 'json'], { env: env(), watchIntervalMs: 5 });
    await through(run, [...endpointStates, /is UPDATING \(\d of 3 clusters\)\n/]);
    const result = await run.result;
    expect(result.exitCode, result.stderr).toBe(0);
    const strings = JSON.parse(result.stdout) as { results: Array<{ cluster: string; endpointId: string; connectionString: string }> };
    const mine = strings.results.find((r) => r.cluster === cluster)!;
    expect(mine.endpointId).toBe(endpointId);
    expect(parse(mine.connectionString).type).toBe(shape);
    expect(result.stderr).toMatch(/is AVAILABLE \(waited .+\)\ncdba: project e0{22}a is UPDATING \(\d of 3 clusters\)\ncdba: project e0{22}a is IDLE \(waited .+\)\n$/);
    // conn-string finds the same string, from the resources alone (no seed declared them).
    const srv = await cdba(['conn-string', 'get', cluster, '--type', 'private-endpoint'], { env: env() });
    expect(srv.stdout.trim()).toBe(mine.connectionString);
  });

  it('interfaces get, then interfaces delete --watch until it is gone; the string goes with it; the service after', async () => {
    const got = await cdba(['private-endpoints', 'interfaces', 'get', service, endpointId, '-o', 'json'], { env: env() });
    expect(got.exitCode, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ cloudProvider: provider, deleteRequested: false });
    const refused = await cdba(['private-endpoints', 'delete', service, '--yes'], { env: env() });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(`delete its endpoints first: cdba private-endpoints get ${service} lists them`);
    const run = start(['private-endpoints', 'interfaces', 'delete', service, endpointId, '--yes', '--watch'], { env: env(), watchIntervalMs: 5 });
    await through(run, [/is DELETING\n/]);
    expect((await run.result).exitCode).toBe(0);
    expect((await cdba(['conn-string', 'get', cluster, '--type', 'private-endpoint'], { env: env() })).exitCode).toBe(4);
    const gone = start(['private-endpoints', 'delete', service, '--yes', '--watch'], { env: env(), watchIntervalMs: 5 });
    await through(gone, [/is DELETING\n/]);
    const result = await gone.result;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/is DELETED \(waited .+\)\n$/);
  });
});

describe('private endpoints: list, GCP, regional mode, refusals', () => {
  it('list: every provider in one table fitted to the terminal; get finds the provider', async () => {
    await cdba(['private-endpoints', 'create', '--provider', 'GCP', '--region', 'us-east4'], { env: env() });
    await cdba(['private-endpoints', 'create', '--provider', 'aws', '--region', 'EU_WEST_1'], { env: env() });
    now += T;
    const table = await cdba(['private-endpoints', 'list', '--no-color'], { env: env(), tty: true, columns: 60 });
    expect(table.exitCode, table.stderr).toBe(0);
    for (const line of table.stdout.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(60);
    expect(table.stdout).toMatch(/AWS\s+EU_WEST_1\s+AVAILABLE/);
    expect(table.stdout).toMatch(/GCP\s+US_EAST_4\s+AVAILABLE/);
    // One provider's list is the service's answer as received, a bare array; every provider's, merged into {results, totalCount}.
    const gcpList = await cdba(['private-endpoints', 'list', '--provider', 'GCP', '-o', 'json'], { env: env() });
    const asSent = await cdba(['api', `/groups/${PROJECT}/privateEndpoint/GCP/endpointService`], { env: env() });
    expect(JSON.parse(gcpList.stdout)).toEqual(JSON.parse(asSent.stdout));
    expect(Array.isArray(JSON.parse(gcpList.stdout))).toBe(true);
    const merged = JSON.parse((await cdba(['private-endpoints', 'list', '-o', 'json'], { env: env() })).stdout) as Record<string, unknown>;
    expect(Object.keys(merged)).toEqual(['results', 'totalCount']);
    expect(merged.totalCount).toBe(2);
    const oneTable = await cdba(['private-endpoints', 'list', '--provider', 'AWS', '--no-color'], { env: env(), tty: true, columns: 60 });
    expect(oneTable.stdout).toMatch(/AWS\s+EU_WEST_1\s+AVAILABLE/);
    expect(oneTable.stdout).not.toContain('GCP');
    const gcp = JSON.parse((await cdba(['private-endpoints', 'list', '--provider', 'GCP', '-o', 'json', '--query', '[0].id'], { env: env() })).stdout) as string;
    const got = await cdba(['private-endpoints', 'get', gcp, '-o', 'json', '--query', 'cloudProvider'], { env: env() });
    expect(got.stdout).toBe('"GCP"\n');
    const added = await cdba(['private-endpoints', 'interfaces', 'add', gcp, '--endpoint-group', 'app-group', '--gcp-project-id', 'my-app-project', '--endpoint', 'app-rule-0=10.0.0.5', '-o', 'json'], { env: env() });
    expect(added.exitCode, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ endpointGroupName: 'app-group', status: 'INITIATING' });
    expect(added.stderr).toBe(`cdba: endpoint app-group is INITIATING; its clusters' private-endpoint strings appear once it is AVAILABLE and they are IDLE (see \`cdba private-endpoints interfaces get ${gcp} app-group\`)\n`);
    const missing = await cdba(['private-endpoints', 'get', 'f'.repeat(24)], { env: env() });
    expect([missing.exitCode, missing.stderr]).toEqual([4, `cdba: project ${PROJECT} has no private endpoint service ${'f'.repeat(24)}; see cdba private-endpoints list\n`]);
  });

  it('regional-mode get, enable, and disable refused while endpoints are in two regions', async () => {
    const get = await cdba(['private-endpoints', 'regional-mode', 'get', '-o', 'json'], { env: env() });
    expect(JSON.parse(get.stdout)).toEqual({ enabled: false });
    const aws = JSON.parse((await cdba(['private-endpoints', 'list', '--provider', 'AWS', '-o', 'json', '--query', '[0].id'], { env: env() })).stdout) as string;
    // Endpoints in two regions: eu-west-1 (AWS) and us-east4 (GCP).
    await cdba(['private-endpoints', 'interfaces', 'add', aws, '--endpoint-id', VPCE], { env: env() });
    expect((await cdba(['private-endpoints', 'regional-mode', 'enable', '-o', 'json'], { env: env() })).stdout).toBe('{"enabled":true}\n');
    const refused = await cdba(['private-endpoints', 'regional-mode', 'disable'], { env: env() });
    expect(refused.exitCode).toBe(5);
    expect(refused.stderr).toMatch(/CANNOT_DISABLE_REGIONALIZED_PRIVATE_ENDPOINTS, HTTP 409\); remove the endpoints of all regions but one first: cdba private-endpoints list\n$/);
  });

  it('create --watch says every exit of its wait, as private-endpoints watch does: 13 at WAITING_FOR_USER too', async () => {
    const [create, watch] = await Promise.all([cdba(['private-endpoints', 'create', '--help']), cdba(['private-endpoints', 'watch', '--help'])]);
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    expect(flat(create.stdout)).toContain('--watch wait: exit 0 at AVAILABLE, 13 at WAITING_FOR_USER (create your endpoint, then add it), 14 at FAILED');
    expect(flat(watch.stdout)).toContain('exit 0 at AVAILABLE, 13 where you must act, 14 at FAILED');
  });

  it('refuses bad input with one line and exit 2, before any request', async () => {
    const before = emu.stats().total;
    const service = '6a793f68c0eb9e7a17715835';
    const cases: Array<[string[], RegExp]> = [
      [['private-endpoints', 'interfaces', 'add', service, '--endpoint-id', VPCE, '--ip', '10.0.0.4'], /^cdba: --ip is for an Azure endpoint: an AWS VPC endpoint \(vpce-\.\.\.\) takes none\n$/],
      [['private-endpoints', 'interfaces', 'add', service, '--endpoint-id', AZURE_ENDPOINT], /^cdba: an Azure endpoint needs --ip, its private IP address\n$/],
      [['private-endpoints', 'interfaces', 'add', service, '--endpoint-id', 'vpce-123'], /^cdba: invalid endpoint ID "vpce-123": expected vpce- and 17 hexadecimal digits\n$/],
      [['private-endpoints', 'interfaces', 'add', service, '--endpoint-group', 'g', '--gcp-project-id', 'my-app-project'], /^cdba: GCP needs --endpoint\n$/],
      [['private-endpoints', 'interfaces', 'add', service, '--endpoint-group', 'g', '--gcp-project-id', 'my-app-project', '--endpoint', 'x'], /^cdba: invalid --endpoint "x": expected name=ip/],
      [['private-endpoints', 'interfaces', 'add', service], /^cdba: name your endpoint: /],
      [['private-endpoints', 'interfaces', 'add', 'svc', '--endpoint-id', VPCE], /^cdba: invalid endpoint service ID "svc"/],
      [['private-endpoints', 'create', '--provider', 'AWS', '--region', 'mars-1'], /^cdba: unknown --region "mars-1" for AWS/],
      [['private-endpoints', 'create', '--provider', 'AZURE', '--region', 'us-east-1'], /^cdba: unknown --region "us-east-1" for AZURE: expected one of its regions, such as US_EAST_2 or eastus2\n$/],
      [['private-endpoints', 'create', '--region', 'us-east-1'], /^cdba: name the cloud: --provider AWS, AZURE or GCP\n$/],
      [['private-endpoints', 'interfaces', 'get', service, 'Nope!'], /^cdba: invalid endpoint ID "Nope!"/],
      [['private-endpoints', 'delete', service], /--yes/],
    ];
    for (const [args, stderr] of cases) {
      const result = await cdba(args, { env: env() });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(stderr);
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect(emu.stats().total).toBe(before);
  });
});
