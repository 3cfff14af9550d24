// `cdba auth status` against the emulator: one GET of the root and nothing else;
// the stable JSON document; the readable view; 3 for refused credentials and an
// access-list miss (with the service's reason), 7 when unreachable; secrets never shown.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { cdba } from '../../helpers/inProcess.js';

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
      operations: [
        { operation: 'root get', version: 'v1.0' },
        { operation: 'clusters list', version: 'v1.0' },
        { operation: 'clusters create', version: 'v1.0' },
        { operation: 'clusters get', version: 'v1.0' },
        { operation: 'clusters update', version: 'v1.0' },
        { operation: 'clusters delete', version: 'v1.0' },
        { operation: 'privateIpMode get', version: 'v1.0' },
        { operation: 'privateIpMode update', version: 'v1.0' },
      ],
    });
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
    expect(doc.operations).toContainEqual({ operation: 'clusters update', version: '2023-01-01' });
    expect(doc.operations).toContainEqual({ operation: 'root get', version: '2023-01-01' });
    expect(result.stdout + result.stderr).not.toContain(ROBOT.clientSecret);
  });

  it('on a terminal: a readable view that says where each setting comes from', async () => {
    const result = await cdba(['auth', 'status'], { env: env({ ...keys(OWNER), CDBA_FORCE_TTY: '1' }) });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('Status:      credentials accepted\n');
    expect(result.stdout).toContain('Credentials: API key ownerkey, HTTP digest (from the environment)\n');
    expect(result.stdout).toContain(`Roles:       GROUP_OWNER on ${PROJECT}\n`);
    // The default version: reads at 2024-08-05, writes at 2024-10-23.
    expect(result.stdout).toMatch(/\n {2}clusters create +2024-10-23\n/);
    expect(result.stdout).toMatch(/\n {2}clusters get +2024-08-05\n/);
    expect(result.stdout).not.toContain(OWNER.privateKey);
  });

  it('a wrong private key: exit 3, one line with the service refusal and a hint', async () => {
    const result = await cdba(['auth', 'status'], { env: env({ ...keys(OWNER), CDBA_PRIVATE_KEY: 'not-the-key' }) });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toBe('');
    // The keys came from the environment: the hint names those variables.
    expect(result.stderr).toMatch(/^cdba: [^\n]*HTTP 401\)[^\n]*check CDBA_PUBLIC_KEY and CDBA_PRIVATE_KEY, set in the environment[^\n]*\n$/);
  });

  it('an access-list miss: exit 3 with the service reason', async () => {
    const result = await cdba(['auth', 'status'], { env: env(keys(FENCED)) });
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
    const down = await cdba(['auth', 'status'], { env: { ...keys(OWNER), CDBA_BASE_URL: `http://127.0.0.1:${port}` } });
    expect(down.exitCode).toBe(7);
    expect(down.stdout).toBe('');
    expect(down.stderr).toMatch(/^cdba: cannot connect to 127\.0\.0\.1:\d+: connection refused[^\n]*\n$/);

    emu.resetStats();
    const none = await cdba(['auth', 'status'], { env: env({}) });
    expect(none.exitCode).toBe(2);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/^cdba: no credentials are set for profile "default"[^\n]*\n$/);
    expect(emu.stats().total).toBe(0);
  });
});
