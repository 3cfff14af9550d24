// `cdba access-list ...` in-process against one emulator: add (address, block,
// --current-ip, security group) with --comment and --delete-after, --watch until the
// emulator's clock makes the entry ACTIVE, status, delete of a block as %2F, and
// the bad input refused before any request.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, start } from '../../helpers/inProcess.js';
import { waitFor } from '../../helpers/waitFor.js';
import { OWNER, ownerEnv } from '../conn-string/world.js';

const PROJECT = 'c0000000000000000000000a';
const PEERED = 'c0000000000000000000000b';
/** A project whose access list fills the service's first page (100 entries). */
const FULL = 'c0000000000000000000000c';
const TRANSITION_MS = 60_000;

let emu: RunningEmulator;
let now = Date.now();
const env = (projectId = PROJECT) => ownerEnv(emu.url, projectId);
const entries = (projectId = PROJECT) => emu.state().projects.find((p) => p.id === projectId)!.ipAccessList;

beforeAll(async () => {
  emu = await startEmulator({
    clock: () => now,
    transitionMs: TRANSITION_MS,
    seed: {
      projects: [
        { id: PROJECT, name: 'p' },
        { id: PEERED, name: 'peered', peering: true },
        { id: FULL, name: 'full', ipAccessList: Array.from({ length: 100 }, (_, i) => ({ ipAddress: `10.9.0.${i}` })) },
      ],
      apiKeys: [{ ...OWNER, roles: [PROJECT, PEERED, FULL].map((projectId) => ({ projectId, roleName: 'GROUP_OWNER' })) }],
      rateLimit: { perMinute: 100_000 },
    },
  });
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('access-list', () => {
  it('add an address with a comment: the entry as the service answered it, and how to follow it', async () => {
    const added = await cdba(['access-list', 'add', '192.168.0.243', '--comment', 'test', '-o', 'json'], { env: env() });
    expect(added.exitCode).toBe(0);
    expect(JSON.parse(added.stdout)).toEqual({
      cidrBlock: '192.168.0.243/32',
      comment: 'test',
      groupId: PROJECT,
      ipAddress: '192.168.0.243',
      links: [{ href: `${emu.url}/api/atlas/v2/groups/${PROJECT}/accessList/192.168.0.243%2F32`, rel: 'self' }],
    });
    expect(added.stderr).toBe('cdba: 192.168.0.243 added; it applies once ACTIVE: `cdba access-list status 192.168.0.243`\n');
    const status = await cdba(['access-list', 'status', '192.168.0.243', '-o', 'json', '--query', 'STATUS'], { env: env() });
    expect(status.stdout).toBe('"PENDING"\n');
  });

  it('--current-ip --delete-after 1h --watch: the address the service sees, an hour from now, waited for until ACTIVE', async () => {
    const sentAfter = Date.now();
    const run = start(['access-list', 'add', '--current-ip', '--delete-after', '1h', '--comment', 'ci', '--watch', '-o', 'json'], { env: env(), watchIntervalMs: 5 });
    await run.seen(/is PENDING/);
    now += TRANSITION_MS; // the emulator's clock, not the wall clock, makes it ACTIVE
    const result = await run.result;
    expect(result.exitCode).toBe(0);
    const entry = JSON.parse(result.stdout) as { cidrBlock: string; deleteAfterDate: string; comment: string };
    expect(entry).toMatchObject({ cidrBlock: '127.0.0.1/32', comment: 'ci' });
    // One hour from when the command ran, whole seconds rounded down: between the two readings of the wall clock.
    const at = Date.parse(entry.deleteAfterDate);
    expect(at).toBeGreaterThanOrEqual(sentAfter + 3_600_000 - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1000);
    expect(result.stderr).toMatch(/^cdba: the service sees this machine as 127\.0\.0\.1\ncdba: access-list entry 127\.0\.0\.1 is PENDING\ncdba: access-list entry 127\.0\.0\.1 is ACTIVE \(waited .+\)\n$/);
  });

  it('list: a table whose columns fit the terminal, and the document in a pipe', async () => {
    await cdba(['access-list', 'add', '10.0.0.0/16', '--comment', 'a comment long enough to be cut on a narrow terminal'], { env: env() });
    const table = await cdba(['access-list', 'list', '--no-color'], { env: env(), tty: true, columns: 40 });
    expect(table.exitCode).toBe(0);
    for (const line of table.stdout.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(40);
    expect(table.stdout).toContain('10.0.0.0/16');
    const json = await cdba(['access-list', 'list', '-o', 'json', '--query', 'results[].cidrBlock'], { env: env() });
    expect(JSON.parse(json.stdout)).toEqual(['192.168.0.243/32', '127.0.0.1/32', '10.0.0.0/16']);
  });

  it('delete sends a block with its / as %2F, after --yes', async () => {
    const key = 'DELETE /api/atlas/v2/groups/{groupId}/accessList/{entryValue}';
    const before = emu.stats().byPath[key] ?? 0;
    const deleted = await cdba(['access-list', 'delete', '10.0.0.0/16', '--yes', '--debug'], { env: env() });
    expect(deleted.exitCode).toBe(0);
    expect(deleted.stderr).toContain(`DELETE ${emu.url}/api/atlas/v2/groups/${PROJECT}/accessList/10.0.0.0%2F16`);
    expect(deleted.stderr).toContain('cdba: 10.0.0.0/16 removed from the IP access list');
    expect(emu.stats().byPath[key]).toBeGreaterThan(before);
    expect(entries().map((e) => e.cidrBlock)).not.toContain('10.0.0.0/16');
    const again = await cdba(['access-list', 'delete', '10.0.0.0/16', '--yes'], { env: env() });
    expect(again.exitCode).toBe(4);
    expect(again.stderr).toMatch(/\(ATLAS_NETWORK_PERMISSION_ENTRY_NOT_FOUND, HTTP 404\); see cdba access-list list\n$/);
    const gone = await cdba(['access-list', 'status', '10.0.0.0/16'], { env: env() });
    expect(gone.exitCode).toBe(4);
    expect(gone.stderr).toBe(`cdba: IP Address 10.0.0.0/16 not on Atlas access list for group ${PROJECT}. (ATLAS_NETWORK_PERMISSION_ENTRY_NOT_FOUND, HTTP 404); see cdba access-list list\n`);
  });

  it('the follow-up it suggests carries the --project-id and --base-url given', async () => {
    const added = await cdba(['--project-id', PEERED, '--base-url', emu.url, 'access-list', 'add', '198.51.100.0/24'], { env: env() });
    expect(added.exitCode).toBe(0);
    expect(added.stderr).toBe(`cdba: 198.51.100.0/24 added; it applies once ACTIVE: \`cdba --project-id ${PEERED} --base-url ${emu.url} access-list status 198.51.100.0/24\`\n`);
    expect(entries(PEERED).map((e) => e.cidrBlock)).toContain('198.51.100.0/24');
  });

  it('a comment of 80 UTF-16 units, emoji among them, is taken by the CLI and the service alike', async () => {
    const comment = '\u{1F600}'.repeat(40);
    const added = await cdba(['access-list', 'add', '192.0.2.80', '--comment', comment, '-o', 'json', '--query', 'comment'], { env: env() });
    expect([added.exitCode, added.stdout]).toEqual([0, `${JSON.stringify(comment)}\n`]);
    expect(entries().find((e) => e.cidrBlock === '192.0.2.80/32')?.comment).toBe(comment);
  });

  it('-o json is the entry made, not the page of the list the POST answers; one past that page is read with a GET (as --help and the README say)', async () => {
    const GET_ENTRY = 'GET /api/atlas/v2/groups/{groupId}/accessList/{entryValue}';
    const gets = (): number => emu.stats().byPath[GET_ENTRY] ?? 0;
    const help = await cdba(['access-list', 'add', '--help'], { tty: true, columns: 80 });
    expect(help.stdout.replace(/\s+/g, ' ')).toContain("-o json is the entry made, not the service's answer (the first page of the whole list");
    expect(help.stdout).toContain('$ cdba access-list add 203.0.113.5 --comment ci -o json');

    // On the first page: the entry, taken from the POST's answer, with no other request.
    const before = gets();
    const first = await cdba(['access-list', 'add', '203.0.113.5', '--comment', 'ci', '-o', 'json'], { env: env() });
    expect(first.exitCode, first.stderr).toBe(0);
    const entry = { cidrBlock: '203.0.113.5/32', comment: 'ci', groupId: PROJECT, ipAddress: '203.0.113.5', links: [{ href: `${emu.url}/api/atlas/v2/groups/${PROJECT}/accessList/203.0.113.5%2F32`, rel: 'self' }] };
    expect(JSON.parse(first.stdout)).toEqual(entry);
    expect(gets()).toBe(before);

    // The 101st entry is not on the page the POST answers: read with a GET of its own, and printed alone.
    const past = await cdba(['access-list', 'add', '203.0.113.6', '-o', 'json'], { env: env(FULL) });
    expect(past.exitCode, past.stderr).toBe(0);
    expect(JSON.parse(past.stdout)).toEqual({ cidrBlock: '203.0.113.6/32', groupId: FULL, ipAddress: '203.0.113.6', links: [{ href: `${emu.url}/api/atlas/v2/groups/${FULL}/accessList/203.0.113.6%2F32`, rel: 'self' }] });
    expect(gets()).toBe(before + 1);
    expect(entries(FULL)).toHaveLength(101);
  });

  it('an AWS security group in a peered project', async () => {
    const added = await cdba(['access-list', 'add', '--aws-security-group', 'sg-903004f8', '-o', 'json', '--query', 'awsSecurityGroup'], { env: env(PEERED) });
    expect(added.stdout).toBe('"sg-903004f8"\n');
  });

  it('refuses bad input with one line and exit 2, before any request', async () => {
    const before = emu.stats().total;
    const refused: Array<[string[], RegExp]> = [
      [['access-list', 'add', '10.0.0.1/16'], /bits past \/16 are set; the block is 10\.0\.0\.0\/16/],
      [['access-list', 'add', '999.1.1.1'], /invalid entry "999\.1\.1\.1": expected an IP address/],
      [['access-list', 'add', '10.1.1.1', '--current-ip'], /--current-ip adds the address the service sees; give it or an address, not both/],
      [['access-list', 'add'], /name the entry/],
      [['access-list', 'add', '10.1.1.1', '--delete-after', '8d'], /at most one week/],
      [['access-list', 'add', '10.1.1.1', '--delete-after', '1h', '--delete-after-date', '2030-01-01T00:00:00Z'], /cannot be used together/],
      [['access-list', 'add', '--aws-security-group', 'sg-903004f8', '--delete-after', '1h'], /cannot be a temporary entry: leave out --delete-after(?![- ])/],
      [['access-list', 'add', '10.1.1.1', '--comment', 'x'.repeat(81)], /--comment is 81 characters; the service takes at most 80/],
      // Counted in UTF-16 units, as the service (and the emulator) count them: 41 emoji are 82.
      [['access-list', 'add', '10.1.1.1', '--comment', '\u{1F600}'.repeat(41)], /--comment is 82 characters \(an emoji or other character outside the Basic Multilingual Plane counts as 2\); the service takes at most 80/],
      // The flag given is the one named.
      [['access-list', 'add', '--aws-security-group', 'sg-903004f8', '--delete-after-date', '2026-12-08T00:00:00Z'], /cannot be a temporary entry: leave out --delete-after-date(?! and)/],
      [['access-list', 'status', 'nope'], /invalid entry "nope"/],
      [['access-list', 'delete', '10.0.0.0/16'], /pass --yes when not on a terminal/],
    ];
    for (const [args, message] of refused) {
      const result = await cdba(args, { env: env() });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toMatch(new RegExp(`^cdba: .*${message.source}.*\\n$`));
    }
    expect(emu.stats().total).toBe(before);
  });

  it('--current-ip: an answer that is not an address is a damaged answer (exit 7), escaped, and nothing is added', async () => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ currentIpv4Address: '\u001b[31mnot-an-address' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const result = await cdba(['access-list', 'add', '--current-ip'], { env: { ...env(), CDBA_BASE_URL: url } });
      expect(result.exitCode).toBe(7);
      expect(result.stderr).not.toContain('\u001b');
      expect(result.stderr).toMatch(/^cdba: GET \/api\/private\/ipinfo did not answer an IP address \(currentIpv4Address: .*not-an-address.*\)\n$/);
      expect(requests).toEqual(['GET /api/private/ipinfo']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a POST whose answer is lost is sent again, and the entry is there once', async () => {
    const key = 'POST /api/atlas/v2/groups/{groupId}/accessList';
    const posts = (): number => emu.stats().byPath[key] ?? 0;
    const dropped = (): number => emu.stats().dropped;
    const before = posts();
    const droppedBefore = dropped();
    emu.setFaults({ dropAfterCommit: true });
    const run = start(['access-list', 'add', '203.0.113.77', '--comment', 'lost', '-o', 'json', '--query', 'comment'], { env: env() });
    try {
      // Once a POST has been committed and its answer dropped, answers go through again. (Not
      // once a POST was counted: the first is the unsigned one the digest challenge answers.)
      // The retry waits a second; this loop runs in the same process every 5 ms.
      await waitFor('a committed POST whose answer was dropped', () => dropped() > droppedBefore);
    } finally {
      emu.setFaults({ dropAfterCommit: false });
    }
    const result = await run.result;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('"lost"\n');
    expect(dropped() - droppedBefore).toBe(1);
    // The challenge, the committed POST whose answer was lost, and the one sent again (adding an entry twice is harmless).
    expect(posts() - before).toBe(3);
    expect(entries().filter((e) => e.cidrBlock === '203.0.113.77/32')).toEqual([expect.objectContaining({ comment: 'lost' })]);
  });
});
