// `cdba peering ...` in-process against one emulator on a test clock: create finds or
// makes the container, --watch stops where the user must act (exit 13, what to do and
// the values it needs), goes on to AVAILABLE, FAILED is exit 14; list (every provider,
// fitted), get, delete --watch until the 404, containers list|delete; hints carry the
// user's flags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, heldDeadline, start } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'd0000000000000000000000a';
const OTHER = 'd0000000000000000000000b';
const T = 60_000;
const AWS_FLAGS = ['--aws-account-id', '123456789012', '--vpc-id', 'vpc-0a1b2c3d4e5f60718', '--route-table-cidr', '10.0.0.0/16'];
const GCP_FLAGS = ['--gcp-project-id', 'my-app-project', '--network', 'app-net'];

let emu: RunningEmulator;
let held: RunningEmulator;
let now = Date.UTC(2026, 7, 10, 9, 0, 0);
const env = (projectId = PROJECT, url = emu.url) => ownerEnv(url, projectId);
const seed = () => ({
  projects: [{ id: PROJECT, name: 'p' }, { id: OTHER, name: 'other' }],
  apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' as const }, { projectId: OTHER, roleName: 'GROUP_OWNER' as const }] }],
  rateLimit: { perMinute: 100_000 },
});

beforeAll(async () => {
  emu = await startEmulator({ clock: () => now, transitionMs: T, seed: seed() });
  held = await startEmulator({ clock: () => now, transitionMs: T, seed: seed(), holdWaits: true });
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await Promise.all([emu.stop(), held.stop()]);
});

describe('peering', () => {
  let awsPeer = '';

  it('create without --watch: makes the container, prints the peer, says how to follow it', async () => {
    const created = await cdba(['peering', 'create', '--provider', 'aws', '--region', 'us-east-1', '--atlas-cidr', '192.168.248.0/21', ...AWS_FLAGS, '-o', 'json'], { env: env() });
    expect(created.exitCode, created.stderr).toBe(0);
    const peer = JSON.parse(created.stdout) as Record<string, string>;
    expect(peer).toMatchObject({ providerName: 'AWS', statusName: 'INITIATING', accepterRegionName: 'us-east-1', vpcId: 'vpc-0a1b2c3d4e5f60718' });
    awsPeer = peer.id!;
    expect(created.stderr).toMatch(/^cdba: created the project's AWS US_EAST_1 container [0-9a-f]{24} \(192\.168\.248\.0\/21\)\ncdba: peer [0-9a-f]{24} is INITIATING; follow it with `cdba peering watch [0-9a-f]{24}`\n$/);
  });

  it('a second peer in the region reuses the container: no "container already exists"', async () => {
    const second = await cdba(['peering', 'create', '--provider', 'AWS', '--region', 'US_EAST_1', ...AWS_FLAGS.slice(0, 2), '--vpc-id', 'vpc-0a1b2c3d4e5f60719', '--route-table-cidr', '10.1.0.0/16', '-o', 'json'], { env: env() });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stderr).not.toMatch(/created the project's/);
    const containers = await cdba(['peering', 'containers', 'list', '-o', 'json', '--query', 'results[].[providerName,regionName,provisioned]'], { env: env() });
    expect(JSON.parse(containers.stdout)).toEqual([['AWS', 'US_EAST_1', true]]);
    const id = (JSON.parse(second.stdout) as { id: string }).id;
    const deleted = await cdba(['peering', 'delete', id, '--yes'], { env: env() });
    expect(deleted.stderr).toBe(`cdba: peer ${id} is being deleted; it is gone when \`cdba peering get ${id}\` answers not found\n`);
  });

  it('watch stops where the user must act: exit 13, the connection to accept and how; watched again, AVAILABLE', async () => {
    now += T; // PENDING_ACCEPTANCE
    const stopped = await cdba(['peering', 'watch', awsPeer, '-o', 'json'], { env: env(), watchIntervalMs: 5 });
    expect(stopped.exitCode).toBe(13);
    const peer = JSON.parse(stopped.stdout) as { connectionId: string; statusName: string };
    expect(peer.statusName).toBe('PENDING_ACCEPTANCE');
    expect(peer.connectionId).toMatch(/^pcx-[0-9a-f]{17}$/);
    expect(stopped.stderr).toBe(
      `cdba: peer ${awsPeer} is PENDING_ACCEPTANCE: accept VPC peering connection ${peer.connectionId} in AWS account 123456789012, region us-east-1 (VPC console, Peering connections); aws ec2 accept-vpc-peering-connection --vpc-peering-connection-id ${peer.connectionId} --region us-east-1; then \`cdba peering watch ${awsPeer} --accepted\`\n`,
    );
    // The user accepts; the service sees it one transition later (the emulator plays the step).
    const run = start(['peering', 'watch', awsPeer, '--accepted', '-o', 'json', '--query', 'statusName'], { env: env(), watchIntervalMs: 5 });
    await run.seen(/ is PENDING_ACCEPTANCE\n/);
    now += T; // FINALIZING
    await run.seen(/ is FINALIZING\n/);
    now += T; // AVAILABLE
    const result = await run.result;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('"AVAILABLE"\n');
  });

  it('watch --accepted that times out keeps --accepted in its follow-up (without it the next watch stops at the step the user did)', async () => {
    const created = await cdba(['peering', 'create', '--provider', 'AWS', '--region', 'US_EAST_1', '--atlas-cidr', '10.4.0.0/21', ...AWS_FLAGS, '-o', 'json', '--query', 'id'], { env: env(OTHER, held.url) });
    expect(created.exitCode, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout) as string;
    now += T; // PENDING_ACCEPTANCE, held there (nobody accepts in the held emulator)
    const deadline = heldDeadline();
    const run = start(['--project-id', OTHER, 'peering', 'watch', id, '--accepted', '--watch-timeout', '3s'], { env: env(PROJECT, held.url), watchIntervalMs: 5, watchDeadline: deadline.timer });
    await run.seen(/ is PENDING_ACCEPTANCE\n/);
    deadline.expire();
    const result = await run.result;
    expect(result.exitCode).toBe(8);
    expect(result.stderr).toContain(`; the peering goes on at the service; follow it with \`cdba --project-id ${OTHER} peering watch ${id} --accepted\`\n`);
  });

  it('GCP: --watch stops at WAITING_FOR_USER with the gcloud command and the container\'s project and network', async () => {
    const run = start(['peering', 'create', '--provider', 'GCP', '--atlas-cidr', '10.128.0.0/18', ...GCP_FLAGS, '--watch', '-o', 'json'], { env: env(), watchIntervalMs: 5 });
    await run.seen(/ is ADDING_PEER/);
    now += T;
    const result = await run.result;
    expect(result.exitCode).toBe(13);
    const container = JSON.parse((await cdba(['peering', 'containers', 'list', '-o', 'json', '--query', "results[?providerName=='GCP'] | [0]"], { env: env() })).stdout) as { gcpProjectId: string; networkName: string };
    expect(result.stderr).toContain(`in GCP project my-app-project, peer network app-net with project ${container.gcpProjectId}, network ${container.networkName}; gcloud`);
    expect(result.stderr).toMatch(new RegExp(`; gcloud compute networks peerings create atlas-[0-9a-f]{6} --project my-app-project --network app-net --peer-project ${container.gcpProjectId} --peer-network ${container.networkName}; then \`cdba peering watch [0-9a-f]{24} --accepted\`\n$`));
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'WAITING_FOR_USER', providerName: 'GCP' });
  });

  it('around peering: a security group needs an AVAILABLE AWS peer (the refusal names peering create), and private strings come with a peer', async () => {
    const refused = await cdba(['access-list', 'add', '--aws-security-group', 'sg-903004f8'], { env: env(OTHER) });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/\(CANNOT_USE_AWS_SECURITY_GROUP_WITHOUT_VPC_PEERING_CONNECTION, HTTP 400\); peer the project's AWS network with your VPC first: cdba peering create --provider AWS \.\.\. --watch \(see cdba peering list\)\n$/);
    const added = await cdba(['access-list', 'add', '--aws-security-group', 'sg-903004f8', '-o', 'json', '--query', 'awsSecurityGroup'], { env: env() });
    expect([added.exitCode, added.stdout]).toEqual([0, '"sg-903004f8"\n']);
    const project = await cdba(['projects', 'delete', PROJECT, '--yes'], { env: env() });
    expect(project.exitCode).toBe(5);
    expect(project.stderr).toMatch(/\(CANNOT_CLOSE_GROUP_ACTIVE_PEERING_CONNECTIONS, HTTP 409\); delete its network peering connections first: cdba --project-id d0{22}a peering list\n$/);
  });

  it('a request nobody accepts (held) lapses after a week: exit 14, FAILED with EXPIRED', async () => {
    const created = await cdba(['peering', 'create', '--provider', 'AWS', '--region', 'EU_WEST_1', '--atlas-cidr', '10.2.0.0/21', ...AWS_FLAGS, '-o', 'json', '--query', 'id'], { env: env(PROJECT, held.url) });
    const id = JSON.parse(created.stdout) as string;
    now += 8 * 24 * 3600_000;
    const failed = await cdba(['peering', 'watch', id], { env: env(PROJECT, held.url) });
    expect(failed.exitCode).toBe(14);
    expect(failed.stderr).toMatch(new RegExp(`^cdba: peer ${id} FAILED: EXPIRED; delete it and try again: cdba peering delete ${id}\n$`));
  });

  it('list: every provider in one table, fitted to 60 columns with the IDs whole; -o json for scripts', async () => {
    const table = await cdba(['peering', 'list', '--no-color'], { env: env(), tty: true, columns: 60 });
    expect(table.exitCode, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(lines[0]).toMatch(/^ID\s+PROVIDER\s+STATUS/);
    expect(table.stdout).toContain(awsPeer);
    expect(table.stdout).toMatch(/GCP\s+AVAILABLE/); // a week later, its user's step played
    const json = await cdba(['peering', 'list', '-o', 'json', '--query', 'results[].providerName'], { env: env() });
    expect(JSON.parse(json.stdout)).toEqual(['AWS', 'GCP']); // the second AWS peer is gone
    const gcp = await cdba(['peering', 'list', '--provider', 'gcp', '-o', 'json', '--query', 'totalCount'], { env: env() });
    expect(gcp.stdout).toBe('1\n');
    // One provider's: the service's list document, links and all; every provider's: merged, without links (README, Output).
    const aws = JSON.parse((await cdba(['peering', 'list', '--provider', 'AWS', '-o', 'json'], { env: env() })).stdout) as { results: unknown[]; totalCount: number; links: Array<{ rel: string; href: string }> };
    expect(Object.keys(aws).sort()).toEqual(['links', 'results', 'totalCount']);
    expect(aws.links.map((link) => link.rel)).toEqual(['self']);
    expect(aws.links[0]!.href).toContain(`/api/atlas/v2/groups/${PROJECT}/peers?`);
    expect(aws.results).toHaveLength(aws.totalCount);
    const merged = JSON.parse((await cdba(['peering', 'list', '-o', 'json'], { env: env() })).stdout) as Record<string, unknown>;
    expect(Object.keys(merged)).toEqual(['results', 'totalCount']);
  });

  it('get, then delete --watch until the peer is gone (404); the container can go after', async () => {
    const get = await cdba(['peering', 'get', awsPeer, '-o', 'json', '--query', 'statusName'], { env: env() });
    expect(get.stdout).toBe('"AVAILABLE"\n');
    const run = start(['peering', 'delete', awsPeer, '--yes', '--watch'], { env: env(), watchIntervalMs: 5 });
    await run.seen(/ is TERMINATING\n/);
    now += T;
    const result = await run.result;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/is DELETED \(waited .+\)\n$/);
    const gone = await cdba(['peering', 'get', awsPeer], { env: env() });
    expect(gone.exitCode).toBe(4);
    const container = JSON.parse((await cdba(['peering', 'containers', 'list', '-o', 'json', '--query', "results[?regionName=='US_EAST_1'].id | [0]"], { env: env() })).stdout) as string;
    const removed = await cdba(['peering', 'containers', 'delete', container, '--yes'], { env: env() });
    expect([removed.exitCode, removed.stderr]).toEqual([0, `cdba: container ${container} deleted\n`]);
  });

  it('a container in use: the refusal names peering list, with the user\'s --project-id and --base-url', async () => {
    const gcp = JSON.parse((await cdba(['peering', 'containers', 'list', '-o', 'json', '--query', "results[?providerName=='GCP'].id | [0]"], { env: env() })).stdout) as string;
    const refused = await cdba(['--project-id', PROJECT, '--base-url', emu.url, 'peering', 'containers', 'delete', gcp, '--yes'], { env: { ...env(), CDBA_PROJECT_ID: OTHER } });
    expect(refused.exitCode).toBe(5);
    expect(refused.stderr).toContain(`(CONTAINER_IN_USE, HTTP 409); delete its peers first: cdba --project-id ${PROJECT} --base-url ${emu.url} peering list\n`);
  });

  it('without a container there and without --atlas-cidr: says to give it, exit 4 (known from the service\'s containers: 2 would say nothing was sent)', async () => {
    const before = emu.stats().total;
    const missing = await cdba(['peering', 'create', '--provider', 'AZURE', '--region', 'eastus2', '--directory-id', '35f2fa72-7a34-44ea-9ea6-2e6c8cbad3fd', '--subscription-id', 'a2e0f7c5-03cf-4a0a-a0f1-05e1e5d8c1e4', '--resource-group', 'app', '--vnet', 'app-vnet'], { env: env(OTHER) });
    expect(emu.stats().total).toBeGreaterThan(before); // the containers were asked for
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toBe("cdba: the project has no AZURE US_EAST_2 container yet: give --atlas-cidr, the block of its network there; see the containers it has: cdba peering containers list\n");
  });

  it('refuses bad input with one line and exit 2, before any request', async () => {
    const before = emu.stats().total;
    const cases: Array<[string[], RegExp]> = [
      [['--provider', 'AWS', '--region', 'US_EAST_1', '--atlas-cidr', '8.8.8.0/21', ...AWS_FLAGS], /^cdba: invalid --atlas-cidr "8\.8\.8\.0\/21": it is not private/],
      [['--provider', 'AWS', '--region', 'US_EAST_1', '--atlas-cidr', '10.0.0.0/16', ...AWS_FLAGS], /an AWS container takes a \/21 to \/24 block/],
      [['--provider', 'GCP', '--atlas-cidr', '10.0.0.0/20', ...GCP_FLAGS], /a GCP container takes a \/18 or larger block/],
      [['--provider', 'AWS', '--region', 'US_EAST_1', '--aws-account-id', '12345678901', '--vpc-id', 'vpc-0a1b2c3d4e5f60718', '--route-table-cidr', '10.0.0.0/16'], /^cdba: invalid --aws-account-id "12345678901": expected a 12-digit AWS account ID\n$/],
      [['--provider', 'AWS', '--region', 'US_EAST_1', '--aws-account-id', '123456789012'], /^cdba: AWS needs --vpc-id, --route-table-cidr\n$/],
      [['--provider', 'AWS', '--region', 'us-middle-1', ...AWS_FLAGS], /^cdba: unknown --region "us-middle-1" for AWS: expected one of its regions, such as US_EAST_1 or us-east-1\n$/],
      [['--provider', 'GCP', '--vpc-id', 'vpc-0a1b2c3d4e5f60718', ...GCP_FLAGS], /^cdba: --vpc-id is for AWS, not GCP\n$/],
      [['--region', 'US_EAST_1', ...AWS_FLAGS], /^cdba: name the cloud: --provider AWS, AZURE or GCP\n$/],
      [['--provider', 'AZURE', '--directory-id', 'x'], /^cdba: AZURE needs --region/],
    ];
    for (const [flags, stderr] of cases) {
      const result = await cdba(['peering', 'create', ...flags], { env: env() });
      expect(result.exitCode, flags.join(' ')).toBe(2);
      expect(result.stderr, flags.join(' ')).toMatch(stderr);
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
    for (const args of [['peering', 'get', 'nope'], ['peering', 'delete', 'nope', '--yes'], ['peering', 'watch', 'x'], ['peering', 'containers', 'delete', '123']]) {
      const result = await cdba(args, { env: env() });
      expect([result.exitCode, result.stderr.split('\n').length]).toEqual([2, 2]);
    }
    expect(emu.stats().total).toBe(before);
  });
});
