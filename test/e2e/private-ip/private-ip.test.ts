// `cdba private-ip status|disable` through the built binary against one emulator.
// "No PATCH was sent" is read from the emulator's request counters, which the whole
// file shares, so those tests run alone; the others run concurrently, one project each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectHash as hash, replicaSetId as replicaSetIdOf } from '../../../src/connstring/index.js';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv, replicaSet, sharded, tenant, worldSeed } from '../conn-string/world.js';

const ON_TTY = 'a0000000000000000000000a'; // on; answered on a TTY
const ON_DECLINE = 'a0000000000000000000000b'; // on; the TTY answer is no
const ON_PIPE = 'a0000000000000000000000c'; // on; no TTY
const ON_V1 = 'a0000000000000000000000d'; // on; v1.0 profile
const OFF = 'a0000000000000000000000e'; // already off, dedicated clusters
const MANY = 'a0000000000000000000000f'; // on; more clusters than one page of 500
const EMPTY = 'a00000000000000000000010'; // on; no clusters at all

const V2_PATCH = 'PATCH /api/atlas/v2/groups/{groupId}/privateIpMode';
const V1_PATCH = 'PATCH /api/atlas/v1.0/groups/{groupId}/privateIpMode';
const MANY_COUNT = 501;

let emu: RunningEmulator;

const env = (projectId: string, extra: Record<string, string> = {}) => ownerEnv(emu.url, projectId, extra);
const patches = (key = V2_PATCH): number => emu.stats().byPath[key] ?? 0;
const modeOf = (projectId: string): boolean | undefined => emu.state().projects.find((p) => p.id === projectId)?.privateIpMode;

beforeAll(async () => {
  emu = await startEmulator({
    seed: worldSeed(
      [
        { id: ON_TTY, name: 'tty', privateIpMode: true, peering: true },
        { id: ON_DECLINE, name: 'decline', privateIpMode: true },
        { id: ON_PIPE, name: 'pipe', privateIpMode: true, peering: true },
        { id: ON_V1, name: 'v1', privateIpMode: true },
        { id: OFF, name: 'off', privateIpMode: false },
        { id: MANY, name: 'many', privateIpMode: true },
        { id: EMPTY, name: 'empty', privateIpMode: true },
      ],
      [
        { projectId: ON_TTY, cluster: replicaSet('app', 'AZURE') },
        { projectId: ON_TTY, cluster: sharded('shop') },
        { projectId: ON_TTY, cluster: replicaSet('old', 'GCP'), legacyStrings: true },
        { projectId: ON_TTY, cluster: tenant('free') },
        { projectId: ON_DECLINE, cluster: replicaSet('app') },
        { projectId: ON_PIPE, cluster: replicaSet('app') },
        { projectId: ON_V1, cluster: replicaSet('app') },
        { projectId: OFF, cluster: replicaSet('app') },
        ...Array.from({ length: MANY_COUNT }, (_, i) => ({ projectId: MANY, cluster: replicaSet(`c${String(i).padStart(3, '0')}`) })),
      ],
    ),
  });
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe.concurrent('private-ip status', () => {
  it('prints the setting as the API sent it in a pipe, and as a row on a TTY', async () => {
    const json = await cdba(['private-ip', 'status'], { env: env(ON_PIPE) });
    expect(json.exitCode).toBe(0);
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toEqual({
      enabled: true,
      links: [{ rel: 'self', href: `${emu.url}/api/atlas/v2/groups/${ON_PIPE}/privateIpMode` }],
    });

    const table = await cdba(['private-ip', 'status', '--no-color'], { env: env(OFF, { CDBA_FORCE_TTY: '1' }) });
    expect(table.exitCode).toBe(0);
    expect(table.stderr).toBe('');
    expect(table.stdout).toMatch(new RegExp(`^PROJECT ID\\s+PRIVATE IP MODE\\n${OFF}\\s+off\\n$`));
  });

  it('answers --query in a pipeline', async () => {
    const result = await cdba(['private-ip', 'status', '-o', 'json', '--query', 'enabled'], { env: env(ON_PIPE) });
    expect(result).toEqual({ exitCode: 0, stdout: 'true\n', stderr: '' });
  });

  it('uses v1.0 under a v1.0 profile', async () => {
    const before = emu.stats().byPath['GET /api/atlas/v1.0/groups/{groupId}/privateIpMode'] ?? 0;
    const result = await cdba(['private-ip', 'status'], { env: env(ON_V1, { CDBA_API_VERSION: 'v1.0' }) });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout).links[0].href).toBe(`${emu.url}/api/atlas/v1.0/groups/${ON_V1}/privateIpMode`);
    expect(emu.stats().byPath['GET /api/atlas/v1.0/groups/{groupId}/privateIpMode']).toBe(before + 2); // challenge + answer
  });
});

// These read the shared request counters, so they run alone, before the rest.
describe('private-ip disable: refusals and no-ops send no PATCH', () => {
  it('on a TTY, any answer but yes cancels with exit 2 and no PATCH', async () => {
    const before = patches();
    const result = await cdba(['private-ip', 'disable', '--no-color'], { env: env(ON_DECLINE, { CDBA_FORCE_TTY: '1' }), input: 'n\n' });
    expect(result.exitCode).toBe(15);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('[y/N] ');
    expect(result.stderr).toMatch(/cdba: cancelled; nothing was changed\n$/);
    expect(patches()).toBe(before);
    expect(modeOf(ON_DECLINE)).toBe(true);
  });

  it('with no TTY and no --yes: refuses before any request, exit 2, one line', async () => {
    const before = patches();
    const result = await cdba(['private-ip', 'disable'], { env: env(ON_PIPE) });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('cdba: refusing to continue without confirmation: pass --yes when not on a terminal\n');
    expect(patches()).toBe(before);
    expect(modeOf(ON_PIPE)).toBe(true);
  });

  it('already off: says so, prints the setting, exit 0, no PATCH', async () => {
    const before = { v2: patches(), v1: patches(V1_PATCH) };
    const result = await cdba(['private-ip', 'disable', '--yes'], { env: env(OFF) });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe(`cdba: private IP mode is already off for project ${OFF}; nothing to do\n`);
    expect(JSON.parse(result.stdout)).toMatchObject({ enabled: false });
    expect({ v2: patches(), v1: patches(V1_PATCH) }).toEqual(before);
  });

  it('lists the clusters of every page', async () => {
    const before = emu.stats().byPath['GET /api/atlas/v2/groups/{groupId}/clusters'] ?? 0;
    // On a (forced) terminal with no answer: the explanation, then cancelled.
    const result = await cdba(['private-ip', 'disable'], { env: env(MANY, { CDBA_FORCE_TTY: '1' }) });
    expect(result.exitCode).toBe(15);
    expect(result.stderr).toContain(`strings (${MANY_COUNT}):\n`);
    const h = hash(MANY);
    // The first 20 string by string, every other one counted: the count proves every page was read.
    for (const name of ['c000', 'c019']) expect(result.stderr).toContain(`  ${name}\n`);
    expect(result.stderr).toContain(`    mongodb+srv://c019-pri.${h}.mongodb.net\n`);
    expect(result.stderr).not.toContain('  c020\n');
    expect(result.stderr).toMatch(new RegExp(`\ncdba:   …and ${MANY_COUNT - 20} more: \\d+ with Private IP for Peering strings, \\d+ without; \`cdba conn-string list <name>\` shows any of them\n`));
    expect(result.stderr.split('\n').length).toBeLessThan(100);
    // Two pages of 500 (each after a digest challenge, on one connection: at most one challenge).
    const lists = (emu.stats().byPath['GET /api/atlas/v2/groups/{groupId}/clusters'] ?? 0) - before;
    expect(lists).toBeGreaterThanOrEqual(2);
    expect(lists).toBeLessThanOrEqual(3);
  });
});

describe.concurrent('private-ip disable: the transition', () => {
  it('on a TTY: explains, lists every cluster with its private strings, asks, then PATCHes and prints the result', async () => {
    const before = patches();
    const result = await cdba(['private-ip', 'disable', '--no-color'], { env: env(ON_TTY, { CDBA_FORCE_TTY: '1' }), input: 'y\n' });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^PROJECT ID\\s+PRIVATE IP MODE\\n${ON_TTY}\\s+off\\n$`));
    const h = hash(ON_TTY);
    const stderr = result.stderr;
    expect(stderr).toContain(`Private IP mode (peering-only mode) is on for project ${ON_TTY}. Turning it off:\n`);
    expect(stderr).toContain('lifts the peering-only restrictions');
    expect(stderr).toContain('makes expansion into more regions possible');
    expect(stderr).toContain('assumes applications already use the "Private IP for Peering" strings');
    expect(stderr).toContain(`Clusters of project ${ON_TTY} and their "Private IP for Peering" strings (4):\n`);
    // Each cluster, then its -pri strings (host list and SRV), in the order the API lists them; each line cdba's.
    const block = (name: string, lines: string[]) => `cdba:   ${name}\n${lines.map((l) => `cdba:     ${l}\n`).join('')}`;
    expect(stderr).toContain(
      block('app', [
        `mongodb://app-shard-00-00-pri.${h}.mongodb.net:27017,app-shard-00-01-pri.${h}.mongodb.net:27017,app-shard-00-02-pri.${h}.mongodb.net:27017/?ssl=true&authSource=admin&replicaSet=${replicaSetOf(ON_TTY, 'app')}`,
        `mongodb+srv://app-pri.${h}.mongodb.net`,
      ]),
    );
    const shopHosts = ['00-00', '00-01', '00-02', '01-00', '01-01', '01-02'].map((n) => `shop-shard-${n}-pri.${h}.mongodb.net:27016`).join(',');
    expect(stderr).toContain(block('shop', [`mongodb://${shopHosts}/?ssl=true&authSource=admin`, `mongodb+srv://shop-pri.${h}.mongodb.net`]));
    expect(stderr).toContain(
      block('old', [
        `mongodb://old-shard-00-00-pri.${h}.mongodb.net:27017,old-shard-00-01-pri.${h}.mongodb.net:27017,old-shard-00-02-pri.${h}.mongodb.net:27017/?ssl=true&authSource=admin&replicaSet=${replicaSetOf(ON_TTY, 'old')}`,
        `mongodb+srv://old-pri.${h}.mongodb.net`,
        'note: it also has legacy strings, which resolve to public IPs once the mode is off',
      ]),
    );
    expect(stderr).toContain(block('free', ['(no Private IP for Peering string)']));
    expect(stderr).toContain(`cdba: Turn private IP mode off for project ${ON_TTY}? [y/N] `);
    expect(stderr).toMatch(new RegExp(`cdba: private IP mode is now off for project ${ON_TTY}\\n$`));
    // The question comes after the explanation and the list, the PATCH after the answer.
    expect(stderr.indexOf('Turning it off')).toBeLessThan(stderr.indexOf('Clusters of project'));
    expect(stderr.indexOf('  free\n')).toBeLessThan(stderr.indexOf('[y/N]'));
    expect(patches()).toBeGreaterThan(before);
    expect(modeOf(ON_TTY)).toBe(false);
  });

  it('with no TTY and --yes: PATCHes {enabled:false} at v2 2023-01-01 and prints the returned setting', async () => {
    const before = patches();
    const result = await cdba(['private-ip', 'disable', '--yes', '--debug'], { env: env(ON_PIPE) });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      enabled: false,
      links: [{ rel: 'self', href: `${emu.url}/api/atlas/v2/groups/${ON_PIPE}/privateIpMode` }],
    });
    expect(patches()).toBeGreaterThan(before);
    // The trace shows the PATCH's version headers (and never the key).
    const patch = result.stderr.slice(result.stderr.lastIndexOf(`> PATCH ${emu.url}/api/atlas/v2/groups/${ON_PIPE}/privateIpMode`));
    expect(patch).toMatch(/^> PATCH \S+\n> user-agent: [^\n]+\n> accept: application\/vnd\.atlas\.2023-01-01\+json\n> content-type: application\/vnd\.atlas\.2023-01-01\+json\n/);
    expect(patch).toContain('< {"enabled":false');
    expect(result.stderr).not.toContain(OWNER.privateKey);
    expect(modeOf(ON_PIPE)).toBe(false);
  });

  it('under a v1.0 profile it PATCHes the v1.0 path; -y before the command works too', async () => {
    const before = patches(V1_PATCH);
    const result = await cdba(['-y', 'private-ip', 'disable', '-o', 'json', '--query', 'enabled', '--debug'], {
      env: env(ON_V1, { CDBA_API_VERSION: 'v1.0' }),
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('false\n');
    expect(patches(V1_PATCH)).toBeGreaterThan(before);
    const sent = [...result.stderr.matchAll(/^> (GET|PATCH) (\S+)\n(?:> [^\n]*\n)*?> accept: ([^\n]+)$/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    expect(sent).toContain(`PATCH ${emu.url}/api/atlas/v1.0/groups/${ON_V1}/privateIpMode application/json`);
    expect(sent.every((line) => line.includes('/api/atlas/v1.0/'))).toBe(true);
    expect(modeOf(ON_V1)).toBe(false);
  });

  it('a project with no clusters says so', async () => {
    const result = await cdba(['private-ip', 'disable', '--yes'], { env: env(EMPTY) });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`Project ${EMPTY} has no clusters.\n`);
    expect(JSON.parse(result.stdout)).toMatchObject({ enabled: false });
  });

  it('re-enabling through `api` with dedicated clusters is refused: 400 CANNOT_UPDATE_PRIVATE_IP_MODE', async () => {
    const result = await cdba(['api', '-X', 'PATCH', '/groups/{projectId}/privateIpMode', '-f', 'enabled=true'], { env: env(OFF) });
    expect(result.exitCode).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      detail: `Group ${OFF} has dedicated clusters, so private IP mode cannot be updated.`,
      error: 400,
      errorCode: 'CANNOT_UPDATE_PRIVATE_IP_MODE',
      parameters: [OFF],
      reason: 'Bad Request',
    });
    expect(result.stderr).toBe(
      `cdba: Group ${OFF} has dedicated clusters, so private IP mode cannot be updated. (CANNOT_UPDATE_PRIVATE_IP_MODE, HTTP 400)\n`,
    );
    expect(modeOf(OFF)).toBe(false);
  });
});

function replicaSetOf(projectId: string, name: string): string {
  const model = emu.state().clusters.find((c) => c.projectId === projectId && c.name === name)?.model;
  if (!model) throw new Error(`no cluster ${name}`);
  return `${replicaSetIdOf(model.id)}-shard-0`;
}
