// Private networking end to end, as a user runs it: cdba processes in a pipe and on a
// real terminal (util-linux `script`), against an emulator whose clock the test moves
// when a state is shown (never a wall-clock race).
// - Per provider (AWS, Azure): create an endpoint service (--watch), add an interface
//   with --watch (it prints the clusters' private-endpoint SRV strings), see the same
//   string from `conn-string get --type private-endpoint`, then delete the interface
//   and the service (--watch each).
// - Peering on AWS: create --watch stops where the user must accept (exit 13, the
//   command to run); once accepted, `peering watch` ends AVAILABLE; then
//   `access-list add --aws-security-group` works.
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from '../../../src/connstring/index.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { CDBA_BIN, cleanEnv } from '../../helpers/cli.js';
import { OWNER, ownerEnv, replicaSet } from '../conn-string/world.js';
import { inTerminal, plain, scriptAvailable } from './pty.js';

const PROJECT = 'f0000000000000000000000a';
const T = 60_000;
const VPCE = 'vpce-0a1b2c3d4e5f60718';
const AZURE_ENDPOINT = '/subscriptions/4e133d35-e734-4380-a565-c0945535da37/resourceGroups/app/providers/Microsoft.Network/privateEndpoints/app-pe';

type Mode = 'pipe' | 'pty';

/** A world of its own per case: one project, a cluster on each provider, a clock the case moves. */
async function world(): Promise<{ emu: RunningEmulator; advance: () => void }> {
  let now = Date.UTC(2026, 7, 10, 9, 0, 0);
  const emu = await startEmulator({
    clock: () => now,
    transitionMs: T,
    seed: {
      projects: [{ id: PROJECT, name: 'p' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      clusters: [{ projectId: PROJECT, cluster: replicaSet('aws-rs') }, { projectId: PROJECT, cluster: replicaSet('az-rs', 'AZURE') }],
      rateLimit: { perMinute: 100_000 },
    },
  });
  return { emu, advance: () => (now += T) };
}

interface Run {
  /** Resolves once what was shown (stderr in a pipe, the screen on a terminal) matches. */
  seen(pattern: RegExp): Promise<void>;
  done(): Promise<{ exitCode: number; out: string; err: string }>;
}

function run(mode: Mode, url: string, args: string[]): Run {
  const env = ownerEnv(url, PROJECT);
  if (mode === 'pty') {
    const t = inTerminal(args, { columns: 120, env });
    return {
      seen: (pattern) => t.seen(pattern),
      done: async () => {
        const { exitCode, text } = await t.done();
        return { exitCode, out: text, err: text };
      },
    };
  }
  const child = execa('node', [CDBA_BIN, ...args], { env: cleanEnv(env), extendEnv: false, reject: false, buffer: false, timeout: 30_000 });
  let out = '';
  let err = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  // Decoded as streams: a character of several bytes may arrive split across two reads.
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
    for (const w of waiters.filter((x) => x.pattern.test(err))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  return {
    seen: (pattern) => (pattern.test(err) ? Promise.resolve() : new Promise((resolve) => waiters.push({ pattern, resolve }))),
    done: async () => {
      const result = await child;
      return { exitCode: result.exitCode ?? -1, out, err };
    },
  };
}

/** Runs a command, moving the clock one transition each time one of the states shows. */
async function through(r: Run, advance: () => void, states: RegExp[]) {
  for (const state of states) {
    await r.seen(state);
    advance();
  }
  return r.done();
}

const worlds: RunningEmulator[] = [];
afterAll(async () => {
  for (const emu of worlds) expect(emu.unexpectedErrors()).toEqual([]);
  await Promise.all(worlds.map((emu) => emu.stop()));
});

const CASES = [
  { provider: 'AWS', region: 'us-east-1', cluster: 'aws-rs', add: ['--endpoint-id', VPCE], endpoint: VPCE, states: [/is PENDING_ACCEPTANCE\n/, /is PENDING\n/], shape: 'privateLinkAws' },
  { provider: 'AZURE', region: 'eastus2', cluster: 'az-rs', add: ['--endpoint-id', AZURE_ENDPOINT, '--ip', '10.0.0.4'], endpoint: AZURE_ENDPOINT, states: [/is INITIATING\n/], shape: 'privateLinkAzure' },
] as const;
const MODES: Mode[] = scriptAvailable ? ['pipe', 'pty'] : ['pipe'];

describe.concurrent.each(CASES.flatMap((c) => MODES.map((mode) => ({ ...c, mode }))))('private endpoints on $provider, $mode', ({ provider, region, cluster, add, endpoint, states, shape, mode }) => {
  it('create the service, add an interface with --watch, get the SRV string, delete both', async () => {
    const { emu, advance } = await world();
    worlds.push(emu);
    const created = await through(run(mode, emu.url, ['private-endpoints', 'create', '--provider', provider, '--region', region, '--watch', '-o', 'json', '--query', 'id']), advance, [
      /is INITIATING\n/,
    ]);
    expect(created.exitCode, created.err).toBe(0);
    const service = /"([0-9a-f]{24})"/.exec(created.out)![1]!;

    const args = ['private-endpoints', 'interfaces', 'add', service, ...add, '--watch', ...(mode === 'pipe' ? ['-o', 'json'] : [])];
    const added = await through(run(mode, emu.url, args), advance, [...states, /is UPDATING \(1 of 2 clusters\)\n/]);
    expect(added.exitCode, added.err).toBe(0);
    const srv = await execa('node', [CDBA_BIN, 'conn-string', 'get', cluster, '--type', 'private-endpoint'], { env: cleanEnv(ownerEnv(emu.url, PROJECT)), extendEnv: false });
    const string = srv.stdout.trim();
    expect(parse(string).type).toBe(shape);
    if (mode === 'pipe') {
      expect(JSON.parse(added.out)).toEqual({ results: [{ cluster, endpointId: endpoint, connectionString: string }], totalCount: 1 });
    } else {
      // On a terminal, the table: each served cluster and its string, whole.
      expect(plain(added.out)).toMatch(new RegExp(`CLUSTER\\s+PRIVATE ENDPOINT SRV\\n${cluster}\\s+${string.replace(/[.+]/g, '\\$&')}\\n`));
    }

    const removed = await through(run(mode, emu.url, ['private-endpoints', 'interfaces', 'delete', service, endpoint, '--yes', '--watch']), advance, [/is DELETING\n/]);
    expect(removed.exitCode, removed.err).toBe(0);
    const deleted = await through(run(mode, emu.url, ['private-endpoints', 'delete', service, '--yes', '--watch']), advance, [/is DELETING\n/]);
    expect(deleted.exitCode, deleted.err).toBe(0);
    expect(deleted.err).toMatch(/is DELETED \(waited .+\)\n/);
  });
});

describe.concurrent.each(MODES)('AWS peering, %s', (mode) => {
  let emu: RunningEmulator;
  let advance: () => void;
  beforeAll(async () => {
    ({ emu, advance } = await world());
    worlds.push(emu);
  });

  it('create --watch stops where you accept the request (exit 13); once accepted, watch ends AVAILABLE; then a security group is accepted', async () => {
    const flags = ['--provider', 'AWS', '--region', 'US_EAST_1', '--atlas-cidr', '192.168.248.0/21', '--aws-account-id', '123456789012', '--vpc-id', 'vpc-0a1b2c3d4e5f60718', '--route-table-cidr', '10.0.0.0/16'];
    const before = await execa('node', [CDBA_BIN, 'access-list', 'add', '--aws-security-group', 'sg-903004f8'], { env: cleanEnv(ownerEnv(emu.url, PROJECT)), extendEnv: false, reject: false });
    expect(before.exitCode).toBe(1);
    expect(before.stderr).toContain('cdba peering create --provider AWS');

    const stopped = await through(run(mode, emu.url, ['peering', 'create', ...flags, '--watch']), advance, [/is INITIATING\n/]);
    expect(stopped.exitCode, stopped.err).toBe(13);
    const [, peer, connection] = /peer ([0-9a-f]{24}) is PENDING_ACCEPTANCE: accept VPC peering connection (pcx-[0-9a-f]{17}) in AWS account 123456789012, region us-east-1/.exec(plain(stopped.err))!;
    expect(plain(stopped.err)).toContain(`aws ec2 accept-vpc-peering-connection --vpc-peering-connection-id ${connection} --region us-east-1; then \`cdba peering watch ${peer} --accepted\``);

    // The user accepts; the service sees it one transition later (the emulator plays the step).
    const available = await through(run(mode, emu.url, ['peering', 'watch', peer!, '--accepted']), advance, [/is PENDING_ACCEPTANCE\n/, /is FINALIZING\n/]);
    expect(available.exitCode, available.err).toBe(0);
    expect(available.err).toMatch(/is AVAILABLE \(waited .+\)\n/);

    const group = await execa('node', [CDBA_BIN, 'access-list', 'add', '--aws-security-group', 'sg-903004f8'], { env: cleanEnv(ownerEnv(emu.url, PROJECT)), extendEnv: false, reject: false });
    expect(group.exitCode, group.stderr).toBe(0);
  });
});
