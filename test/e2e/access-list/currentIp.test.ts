// The address the service reports (GET /api/private/ipinfo) is an answer, not input:
// `access-list add --current-ip` and `env up` (--ip current, the default) take it only
// when it is exactly one IPv4 or IPv6 address. A block (0.0.0.0/0 would open the
// project to everyone), a security group, anything else is a damaged answer: exit 7,
// shown escaped, after the one GET and before anything is added or made. A proxy in
// front of the emulator answers ipinfo as each case says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { answerProxy, type AnswerProxy } from '../../helpers/answerProxy.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000009a';
let emu: RunningEmulator;
let proxy: AnswerProxy;
const env = () => ownerEnv(proxy.url, PROJECT);

beforeAll(async () => {
  emu = await startEmulator({
    transitionMs: 0,
    seed: {
      projects: [{ id: PROJECT, name: 'current-ip' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      rateLimit: { perMinute: 100_000 },
    },
  });
  proxy = await answerProxy(emu.url);
});

afterAll(async () => {
  await proxy.close();
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

/** ipinfo answers `value` as currentIpv4Address (undefined: the field left out). */
function reportAddress(value: unknown): void {
  proxy.rewrite = (method, path) => (method === 'GET' && path === '/api/private/ipinfo' ? (value === undefined ? {} : { currentIpv4Address: value }) : undefined);
}

/** Requests by "METHOD template" since `before`. */
const requestsSince = (before: Record<string, number>): string[] =>
  Object.entries(emu.stats().byPath)
    .filter(([key, n]) => n > (before[key] ?? 0))
    .map(([key]) => key)
    .sort();

const DAMAGED: Array<[string, unknown]> = [
  ['a block open to every address', '0.0.0.0/0'],
  ['a block', '10.0.0.0/8'],
  ['an IPv6 block', '::/0'],
  ['a security group', 'sg-12345678'],
  ['empty', ''],
  ['garbage', 'not-an-address'],
  ['an address with a terminal escape', '\u001b[31m203.0.113.5'],
  ['an address with a space around it', ' 203.0.113.5'],
  ['two addresses', '203.0.113.5,203.0.113.6'],
  ['an address with a zone', 'fe80::1%eth0'],
  ['an IPv4-mapped IPv6 address', '::ffff:203.0.113.5'],
  ['a number', 3405803781],
  ['null', null],
  ['left out', undefined],
];

describe('--current-ip takes exactly one address from the service', () => {
  it.each(DAMAGED)('access-list add --current-ip, answered %s: exit 7, shown escaped, nothing added', async (_what, value) => {
    reportAddress(value);
    const before = { ...emu.stats().byPath };
    const result = await cdba(['access-list', 'add', '--current-ip'], { env: env() });
    expect(result.stderr).toMatch(/^cdba: GET \/api\/private\/ipinfo did not answer an IP address \(currentIpv4Address: [^\n]*\)\n$/);
    expect(result.stderr).not.toContain('\u001b');
    expect(result.exitCode).toBe(7);
    expect(result.stdout).toBe('');
    expect(requestsSince(before)).toEqual(['GET /api/private/ipinfo']);
  });

  it.each([
    ['IPv4', '203.0.113.5', /^203\.0\.113\.5\/32$/],
    ['IPv6', '2001:db8::5', /^2001:db8:(:|0:0:0:0:0:)5\/128$/], // as the emulator writes it out
  ])('an %s address is added', async (_family, address, block) => {
    reportAddress(address);
    const result = await cdba(['access-list', 'add', '--current-ip', '-o', 'json', '--query', 'cidrBlock'], { env: env() });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatch(block);
    expect(result.stderr).toContain(`cdba: the service sees this machine as ${address}`);
  });

  it.each(DAMAGED.filter(([what]) => ['a block open to every address', 'a security group', 'garbage', 'left out'].includes(what)))(
    'env up, answered %s: exit 7 before anything is made',
    async (_what, value) => {
      reportAddress(value);
      const before = { ...emu.stats().byPath };
      const entries = emu.state().projects.find((p) => p.id === PROJECT)!.ipAccessList.length;
      const result = await cdba(['env', 'up', 'ci-current'], { env: env(), configDir: tempDir() });
      expect(result.stderr).toMatch(/^cdba: GET \/api\/private\/ipinfo did not answer an IP address \(currentIpv4Address: [^\n]*\)\n$/);
      expect(result.exitCode).toBe(7);
      expect(result.stdout).toBe('');
      // Read beside the address: who holds the env (its users); nothing written.
      expect(requestsSince(before)).toEqual(['GET /api/atlas/v2/groups/{groupId}/databaseUsers', 'GET /api/private/ipinfo']);
      expect(emu.state().projects.find((p) => p.id === PROJECT)!.ipAccessList).toHaveLength(entries);
    },
  );
});
