// `cdba auth status` against the emulator: one GET of the root and nothing else;
// the stable JSON document; the readable view; 3 for refused credentials and an
// access-list miss (with the service's reason), 7 when unreachable; secrets never shown.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { statusLinesV1 } from '../../helpers/operations.js';

const PROJECT = 'a0000000000000000000000a';
const OWNER = { publicKey: 'ownerkey', privateKey: '6c1f0e2a-1b3c-4d5e-8f90-a1b2c3d4e5f6' };
const FENCED = { publicKey: 'fencedky', privateKey: '7d2a1f3b-2c4d-4e6f-9a01-b2c3d4e5f6a7' };
const ROBOT = { clientId: 'mdb_sa_id_0123456789abcdef01234567', clientSecret: 'mdb_sa_sk_secretsecretsecretsecretsecretsecret' };

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({
    seed: {
      projects: [{ id: PROJECT, name: 'p' }],
      apiKeys: [
        { ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] },
        { ...FENCED, accessList: ['192.0.2.0/24'], roles: [{ projectId: PROJECT, roleName: 'GROUP_READ_ONLY' }] },
      ],
      serviceAccounts: [{ ...ROBOT, roles: [{ projectId: PROJECT, roleName: 'GROUP_READ_ONLY' }] }],
    },
  });
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

const env = (extra: Record<string, string>): Record<string, string> => ({ NO_COLOR: '1', CDBA_BASE_URL: emu.url, ...extra });
const keys = (k: { publicKey: string; privateKey: string }) => ({ CDBA_PUBLIC_KEY: k.publicKey, CDBA_PRIVATE_KEY: k.privateKey });

describe('cdba auth status', () => {
  it('-o json: the stable document, from one GET of the root and nothing else', async () => {
    emu.resetStats();
    const result = await cdba(['auth', 'status', '-o', 'json', '--api-version', 'v1.0'], { env: env({ ...keys(OWNER), CDBA_PROJECT_ID: PROJECT }) });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      ok: true,
      profile: { name: 'default', source: 'default', exists: false },
      baseUrl: { value: emu.url, source: 'env' },
      projectId: { value: PROJECT, source: 'env' },
      apiVersion: { value: 'v1.0', source: 'flag' },
      auth: { kind: 'apiKey', method: 'digest', id: 'ownerkey', source: 'env' },
      roles: [{ groupId: PROJECT, roleName: 'GROUP_OWNER' }],
      accessList: expect.any(Array),
      // Every operation a command sends, in the table's order (test/helpers/operations.ts).
      operations: statusLinesV1(),
      error: null,
    });
    // Served only in the versioned API: none under v1.0, from its first version.
    const operations = JSON.parse(result.stdout).operations;
    expect(operations).toContainEqual({ operation: 'clusters list', version: 'v1.0', sunset: null, removed: false });
    expect(operations).toContainEqual({ operation: 'flexClusters create', version: 'none (from 2024-11-13)', sunset: null, removed: false });
    expect(operations).toContainEqual({ operation: 'searchIndexes list', version: 'none (from 2024-05-30)', sunset: null, removed: false });
    expect(operations).toContainEqual({ operation: 'backups getSchedule', version: 'none (from 2023-01-01)', sunset: null, removed: false });
    expect(operations.map((line: { operation: string }) => line.operation)).not.toContain('searchIndexes ftsList');
    expect(result.stdout).not.toContain(OWNER.privateKey);
    const stats = emu.stats();
    expect(Object.keys(stats.byPath)).toEqual(['GET /api/atlas/v1.0']);
    expect(stats.byMethod).toEqual({ GET: stats.total });
  });

  it('at a date: each operation at the version it will use; a service account shows its client ID, never the secret', async () => {
    const result = await cdba(['auth', 'status', '-o', 'json', '--api-version', '2023-01-15'], {
      env: env({ CDBA_CLIENT_ID: ROBOT.clientId, CDBA_CLIENT_SECRET: ROBOT.clientSecret }),
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const doc = JSON.parse(result.stdout);
    expect(doc.auth).toEqual({ kind: 'serviceAccount', method: 'bearer', id: ROBOT.clientId, source: 'env' });
    expect(doc.roles).toBeNull();
    expect(doc.operations).toContainEqual({ operation: 'clusters update', version: '2023-01-01', sunset: '2027-07-01', removed: false });
    expect(doc.operations).toContainEqual({ operation: 'root get', version: '2023-01-01', sunset: null, removed: false });
    expect(result.stdout + result.stderr).not.toContain(ROBOT.clientSecret);
  });

  it('on a terminal: a readable view that says where each setting comes from', async () => {
    const result = await cdba(['auth', 'status'], { env: env({ ...keys(OWNER), CDBA_FORCE_TTY: '1' }) });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('Status:      credentials accepted\n');
    expect(result.stdout).toContain('Credentials: API key ownerkey, HTTP digest (from the environment)\n');
    expect(result.stdout).toContain(`Roles:       GROUP_OWNER on ${PROJECT}\n`);
    // The default version: reads at 2024-08-05, writes at 2024-10-23 (flex clusters at 2024-11-13).
    expect(result.stdout).toMatch(/\n {2}clusters create +2024-10-23\n/);
    expect(result.stdout).toMatch(/\n {2}clusters get +2024-08-05\n/);
    expect(result.stdout).not.toContain(OWNER.privateKey);
  });

  it('a wrong private key: exit 3, one line with the service refusal and a hint', async () => {
    const result = await cdba(['auth', 'status'], { env: env({ ...keys(OWNER), CDBA_PRIVATE_KEY: 'not-the-key', CDBA_FORCE_TTY: '1' }) });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
    // The keys came from the environment: the hint names those variables.
    expect(result.stderr).toMatch(/^cdba: [^\n]*HTTP 401\)[^\n]*check CDBA_PUBLIC_KEY and CDBA_PRIVATE_KEY, set in the environment[^\n]*\n$/);
  });

  it('-o json with refused credentials: the same document, ok false and the refusal in error; exit 3 and the one line', async () => {
    const result = await cdba(['auth', 'status', '-o', 'json'], { env: env({ ...keys(OWNER), CDBA_PRIVATE_KEY: 'not-the-key' }) });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/^cdba: [^\n]*HTTP 401\)[^\n]*\n$/);
    const doc = JSON.parse(result.stdout);
    expect(Object.keys(doc)).toEqual(['ok', 'profile', 'baseUrl', 'projectId', 'apiVersion', 'auth', 'roles', 'accessList', 'operations', 'error']);
    expect(doc).toMatchObject({ ok: false, roles: null, accessList: null, auth: { kind: 'apiKey', id: 'ownerkey' } });
    expect(doc.error).toEqual({ message: expect.stringContaining('HTTP 401'), status: 401, errorCode: expect.any(String) });
    expect(result.stdout).not.toContain('not-the-key');
  });

  it('an access-list miss: exit 3 with the service reason', async () => {
    const result = await cdba(['auth', 'status'], { env: env({ ...keys(FENCED), CDBA_FORCE_TTY: '1' }) });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cdba: IP address [^\n]+ is not allowed to access this resource\. \(IP_ADDRESS_NOT_ON_ACCESS_LIST, HTTP 403\)[^\n]*\n$/);
  });

  it('unreachable: exit 7; no credentials at all: exit 2 before any request', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const down = await cdba(['auth', 'status', '-o', 'json'], { env: { ...keys(OWNER), CDBA_BASE_URL: `http://127.0.0.1:${port}` } });
    expect(down.exitCode).toBe(7);
    expect(JSON.parse(down.stdout)).toMatchObject({ ok: false, roles: null, error: { message: expect.stringContaining('connection refused'), status: null, errorCode: null } });
    expect(down.stderr).toMatch(/^cdba: cannot connect to 127\.0\.0\.1:\d+: connection refused[^\n]*\n$/);

    emu.resetStats();
    const none = await cdba(['auth', 'status'], { env: env({}) });
    expect(none.exitCode).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/^cdba: no credentials are set for profile "default"[^\n]*\n$/);
    expect(emu.stats().total).toBe(0);
  });

  it('half a credential pair: exit 2 before any request, naming where the half is (the environment or the profile)', async () => {
    emu.resetStats();
    const fromEnv = await cdba(['auth', 'status'], { env: env({ CDBA_CLIENT_ID: ROBOT.clientId }) });
    expect(fromEnv.exitCode).toBe(2);
    expect(fromEnv.stdout).toBe('');
    expect(fromEnv.stderr).toBe('cdba: the environment has CDBA_CLIENT_ID but no CDBA_CLIENT_SECRET; set CDBA_CLIENT_SECRET too, or unset CDBA_CLIENT_ID\n');

    const dir = tempDir();
    expect((await cdba(['profile', 'set', 'work', 'publicKey', OWNER.publicKey], { configDir: dir })).exitCode).toBe(0);
    const fromProfile = await cdba(['-P', 'work', 'auth', 'status'], { configDir: dir, env: env({}) });
    expect(fromProfile.exitCode).toBe(2);
    expect(fromProfile.stdout).toBe('');
    expect(fromProfile.stderr).toMatch(/^cdba: profile "work" has publicKey but no privateKey; set both \(cdba -P work profile set\)[^\n]*\n$/);
    expect(emu.stats().total).toBe(0);
  });

  describe('against a service past a Sunset (emulator --date)', () => {
    let future: RunningEmulator;
    beforeAll(async () => {
      future = await startEmulator({
        date: '2027-07-02',
        seed: { projects: [{ id: PROJECT, name: 'p' }], apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }] },
      });
    });
    afterAll(async () => future.stop());
    const at = (extra: Record<string, string>): Record<string, string> => ({ NO_COLOR: '1', CDBA_BASE_URL: future.url, ...keys(OWNER), ...extra });

    it('versions the service has removed: ok false, each marked removed, exit 1 naming them and the version to pin', async () => {
      const result = await cdba(['auth', 'status', '-o', 'json', '--api-version', '2023-02-01'], { env: at({}) });
      expect(result.exitCode).toBe(1);
      const doc = JSON.parse(result.stdout);
      expect(doc.ok).toBe(false);
      expect(doc.operations).toContainEqual({ operation: 'clusters list', version: '2023-02-01', sunset: '2027-07-01', removed: true });
      expect(doc.operations).toContainEqual({ operation: 'clusters delete', version: '2023-02-01', sunset: null, removed: false });
      // The backup schedule's newest version not after 2023-02-01 is 2023-01-01, removed the same day.
      expect(doc.error.message).toMatch(/removed API version 2023-02-01 \(removed 2027-07-01\), 2023-01-01 \(removed 2027-07-01\) of clusters list, clusters create, clusters get, clusters update, backups getSchedule/);
      expect(result.stderr).toMatch(/^cdba: credentials accepted, but the service has removed API version 2023-02-01[^\n]*answer 410[^\n]*--api-version 2024-10-23[^\n]*\n$/);
      // What the status says is what the service does.
      const list = await cdba(['clusters', 'list', '--api-version', '2023-02-01', '--project-id', PROJECT], { env: at({}) });
      expect(list.stderr).toMatch(/HTTP 410/);
    });

    it('on a terminal the view marks them; the default version is served and ok', async () => {
      const old = await cdba(['auth', 'status', '--api-version', '2023-02-01'], { env: at({ CDBA_FORCE_TTY: '1' }) });
      expect(old.exitCode).toBe(1);
      expect(old.stdout).toContain('Status:      credentials accepted; versions removed (see below)\n');
      expect(old.stdout).toMatch(/\n {2}clusters list +2023-02-01 removed 2027-07-01: answers 410\n/);
      const current = await cdba(['auth', 'status', '-o', 'json'], { env: at({}) });
      expect(current.exitCode, current.stderr).toBe(0);
      expect(JSON.parse(current.stdout)).toMatchObject({ ok: true, error: null });
    });
  });
});
