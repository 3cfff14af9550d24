// Guarantee (issue 42, item 7): every value in every command a hint prints is quoted
// as the shell reads it back (src/base/shellWord.ts): pasted, it is one word and runs
// nothing. The values come from the server: a proxy makes every string field of the
// peer and its container hostile (not a hand list of the fields a builder reads), and
// each printed command is run by bash with the tool (aws, gcloud) stubbed to record
// its arguments. The cluster hints' table is walked entry by entry, from the code.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_HINTS } from '../../../src/cli/clusters/hints.js';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { answerProxy, type AnswerProxy } from '../../helpers/answerProxy.js';
import { cdba, start, tempDir } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'd0000000000000000000002a';
const T = 60_000;
/** Each would run something if pasted unquoted: a command substitution, a separator, a glob, quotes, a backslash. */
const HOSTILE = ["my-vpc`touch PWNED1`", 'a$(touch PWNED2)b', "x'; touch PWNED3; echo '", 'x"; touch PWNED4 #', 'sp ace *', 'back\\slash\\'];
/** Fields the watch itself reads to decide (the peer's identity and state): left as the service sent them. */
const KEEP = new Set(['id', 'containerId', 'statusName', 'status', 'providerName']);

let emu: RunningEmulator;
let proxy: AnswerProxy;
let now = Date.UTC(2026, 7, 10, 9, 0, 0);
const env = () => ownerEnv(proxy.url, PROJECT);

beforeAll(async () => {
  emu = await startEmulator({
    clock: () => now,
    transitionMs: T,
    seed: { projects: [{ id: PROJECT, name: 'p' }], apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' as const }] }], rateLimit: { perMinute: 100_000 } },
  });
  proxy = await answerProxy(emu.url);
});
afterAll(async () => {
  await proxy.close();
  await emu.stop();
});

/** Every string field of a peer or container document made `value`, but the ones the watch decides by. */
function hostile(body: unknown, value: string): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  return Object.fromEntries(Object.entries(body).map(([key, field]) => [key, typeof field === 'string' && !KEEP.has(key) ? value : field]));
}

/** Runs `command` in bash in a fresh directory, with `tool` recording its arguments; what it got, and whether anything else ran. */
function pasted(command: string, tool: string): { args: string[]; ranSomething: boolean } {
  const dir = tempDir('cdba-paste-');
  const script = `${tool}() { printf '%s\\0' "$@" > args; }\n${command}\n`;
  execFileSync('bash', ['-c', script], { cwd: dir });
  const args = readFileSync(join(dir, 'args'), 'utf8').split('\0').slice(0, -1);
  return { args, ranSomething: [1, 2, 3, 4].some((n) => existsSync(join(dir, `PWNED${n}`))) };
}

/** The hint's tool command: everything before its `; then \`cdba ...\`` (the last one). */
function commandOf(hint: string): string {
  const at = hint.lastIndexOf('; then `');
  expect(at, hint).toBeGreaterThan(0);
  return hint.slice(0, at);
}

async function stoppedHint(peerId: string): Promise<string> {
  const stopped = await cdba(['peering', 'watch', peerId, '--error-format', 'json'], { env: env(), watchIntervalMs: 5 });
  expect(stopped.exitCode, stopped.stderr).toBe(13);
  return (JSON.parse(stopped.stderr.trimEnd().split('\n').at(-1)!) as { error: { hint: string } }).error.hint;
}

describe('peering watch: the command to run on the cloud side', () => {
  let awsPeer = '';
  let gcpPeer = '';

  beforeAll(async () => {
    const aws = await cdba(['peering', 'create', '--provider', 'AWS', '--region', 'us-east-1', '--atlas-cidr', '192.168.248.0/21', '--aws-account-id', '123456789012', '--vpc-id', 'vpc-0a1b2c3d4e5f60718', '--route-table-cidr', '10.0.0.0/16', '-o', 'json'], { env: env() });
    expect(aws.exitCode, aws.stderr).toBe(0);
    awsPeer = (JSON.parse(aws.stdout) as { id: string }).id;
    const gcp = start(['peering', 'create', '--provider', 'GCP', '--atlas-cidr', '10.128.0.0/18', '--gcp-project-id', 'my-app-project', '--network', 'app-net', '-o', 'json'], { env: env() });
    const made = await gcp.result;
    expect(made.exitCode, made.stderr).toBe(0);
    gcpPeer = (JSON.parse(made.stdout) as { id: string }).id;
    now += T; // AWS: PENDING_ACCEPTANCE, GCP: WAITING_FOR_USER
  });

  it.each(HOSTILE)('AWS, every field %j: the aws command gets each value as one word, and runs nothing else', async (value) => {
    proxy.rewrite = (method, path, body) => (method === 'GET' && path.endsWith(`/peers/${awsPeer}`) ? hostile(body, value) : undefined);
    try {
      const hint = await stoppedHint(awsPeer);
      const { args, ranSomething } = pasted(commandOf(hint), 'aws');
      expect(ranSomething, hint).toBe(false);
      expect(args.slice(0, 2)).toEqual(['ec2', 'accept-vpc-peering-connection']);
      // connectionId and accepterRegionName, whole.
      expect(args).toEqual(['ec2', 'accept-vpc-peering-connection', '--vpc-peering-connection-id', value, '--region', value]);
    } finally {
      proxy.rewrite = undefined;
    }
  });

  it.each(HOSTILE)('GCP, every field of the peer and its container %j: the gcloud command gets each value as one word, and runs nothing else', async (value) => {
    proxy.rewrite = (method, path, body) => (method === 'GET' && (path.endsWith(`/peers/${gcpPeer}`) || /\/containers\/[0-9a-f]{24}$/.test(path)) ? hostile(body, value) : undefined);
    try {
      const hint = await stoppedHint(gcpPeer);
      const { args, ranSomething } = pasted(commandOf(hint), 'gcloud');
      expect(ranSomething, hint).toBe(false);
      // gcpProjectId and networkName of the peer, then of the container, whole.
      expect(args).toEqual(['compute', 'networks', 'peerings', 'create', `atlas-${gcpPeer.slice(-6)}`, '--project', value, '--network', value, '--peer-project', value, '--peer-network', value]);
    } finally {
      proxy.rewrite = undefined;
    }
  });
});

describe('the cluster hints table, entry by entry', () => {
  it.each(Object.keys(CLUSTER_HINTS))('%s: a hostile name in its cdba command is one quoted word', (code) => {
    for (const value of HOSTILE) {
      const hint = CLUSTER_HINTS[code]!(value);
      const command = /cdba [a-z-]+ [a-z-]+ .*?(?=\), | starts it|$)/.exec(hint)?.[0];
      if (command === undefined) {
        expect(hint).not.toContain(value); // a hint with no command names no value
        continue;
      }
      const { args, ranSomething } = pasted(command, 'cdba');
      expect(ranSomething, hint).toBe(false);
      expect(args, hint).toContain(value);
    }
  });
});
