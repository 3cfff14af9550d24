// Interop with an independent digest implementation: Apache httpd's
// mod_auth_digest (Debian package apache2-bin). The test writes a config into a
// temp dir and starts httpd on 127.0.0.1; without the binary it is skipped with
// a visible note.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError, ExitCode } from '../../../src/base/errors.js';
import { getCluster } from '../../../src/api/resources/clusters.js';
import { tempDir } from '../../helpers/cli.js';
import { clientFor, settingsFor } from './servers.js';
import { missingTool } from '../../helpers/tools.js';

const REALM = 'MMS Public API';
const USER = 'abcdefgh';
const PASSWORD = '7f0a4c2e-9b1d-4e8f-a3c5-6d2b1e0f9a87';

function findHttpd(): string | undefined {
  for (const name of ['apache2', 'httpd']) {
    for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/usr/local/apache2/bin']) {
      const candidate = join(dir, name);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

function findModulesDir(): string | undefined {
  return ['/usr/lib/apache2/modules', '/usr/lib64/httpd/modules', '/usr/lib/httpd/modules', '/usr/local/apache2/modules'].find((d) =>
    existsSync(join(d, 'mod_auth_digest.so')),
  );
}

const httpd = findHttpd();
const modules = findModulesDir();
const available = !missingTool('apache2', Boolean(httpd && modules), 'the digest interop test is');

async function freePort(): Promise<number> {
  // httpd cannot report a port it picked itself, so take one the kernel hands out and pass it on.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Resolves once httpd answers on the port; throws when it exited. An answer from
 * another server (one that took the port between freePort and httpd's bind) is
 * not taken for httpd's: httpd then exits on the bind, and the caller tries again.
 */
async function waitForHttpd(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 400; i++) { // 20 s and more: only a hung httpd ends here
    if (child.exitCode !== null) throw new Error(`httpd exited with ${child.exitCode}`);
    const server = await fetch(`http://127.0.0.1:${port}/`).then(
      (response) => response.headers.get('server'),
      () => undefined,
    );
    if (server && /apache/i.test(server) && child.exitCode === null) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('httpd did not start listening');
}

describe.skipIf(!available)('interop with Apache httpd mod_auth_digest', () => {
  let child: ChildProcess;
  let baseUrl: string;

  beforeAll(async () => {
    const root = tempDir('cdba-httpd-');
    // When run as root, httpd serves from an unprivileged child user, which must be able to read the files.
    chmodSync(root, 0o755);
    for (const group of ['p1', 'p2']) {
      const docs = join(root, 'htdocs', 'api', 'atlas', 'v2', 'groups', group, 'clusters');
      mkdirSync(docs, { recursive: true });
      writeFileSync(join(docs, 'c1'), JSON.stringify({ name: 'c1', stateName: 'IDLE' }));
    }
    const ha1 = createHash('md5').update(`${USER}:${REALM}:${PASSWORD}`).digest('hex');
    writeFileSync(join(root, 'htdigest'), `${USER}:${REALM}:${ha1}\n`, { mode: 0o644 });
    const loaded = new Set(spawnSync(httpd!, ['-l'], { encoding: 'utf8' }).stdout.split('\n').map((l) => l.trim()));
    const load = (name: string, file: string): string => (loaded.has(`${file.replace(/\.so$/, '')}.c`) ? '' : `LoadModule ${name} ${join(modules!, file)}`);
    const mpm = existsSync(join(modules!, 'mod_mpm_event.so')) ? load('mpm_event_module', 'mod_mpm_event.so') : '';
    const runAs = process.getuid?.() === 0 ? ['User nobody', `Group ${spawnSync('id', ['-gn', 'nobody'], { encoding: 'utf8' }).stdout.trim() || 'nogroup'}`] : [];
    const log = join(root, 'error.log');
    const digestSettings = [
      '  AuthType Digest',
      `  AuthName "${REALM}"`,
      '  AuthDigestDomain /api/',
      '  AuthDigestProvider file',
      `  AuthUserFile "${join(root, 'htdigest')}"`,
      '  Require valid-user',
      '  ForceType application/json',
    ];
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      writeFileSync(
        join(root, 'httpd.conf'),
        [
          `ServerRoot "${root}"`,
          `Listen 127.0.0.1:${port}`,
          'ServerName 127.0.0.1',
          `PidFile "${join(root, 'httpd.pid')}"`,
          `ErrorLog "${log}"`,
          'LogLevel warn',
          mpm,
          load('unixd_module', 'mod_unixd.so'),
          load('authn_core_module', 'mod_authn_core.so'),
          load('authn_file_module', 'mod_authn_file.so'),
          load('authz_core_module', 'mod_authz_core.so'),
          load('authz_user_module', 'mod_authz_user.so'),
          load('auth_digest_module', 'mod_auth_digest.so'),
          ...runAs,
          `DocumentRoot "${join(root, 'htdocs')}"`,
          '<Location "/api">',
          ...digestSettings,
          // httpd's own clock ages its nonces, and no test can hold it: a nonce that
          // must stay fresh lives ten minutes (a 2 s one went stale whenever the three
          // reads of a test took longer, as on a loaded machine).
          '  AuthDigestNonceLifetime 600',
          '</Location>',
          // Group p2 alone: nonces that expire after 2 s, for the test that waits one out.
          // The block repeats every setting of the outer one: httpd 2.4.68 stopped lending a
          // nested Location the outer AuthName (AH02533 "realm mismatch", 401 for curl too).
          '<Location "/api/atlas/v2/groups/p2">',
          ...digestSettings,
          '  AuthDigestNonceLifetime 2',
          '</Location>',
        ].join('\n'),
      );
      // A failed bind is said on stderr, before the error log is open.
      child = spawn(httpd!, ['-d', root, '-f', join(root, 'httpd.conf'), '-DFOREGROUND'], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      try {
        await waitForHttpd(port, child);
        baseUrl = `http://127.0.0.1:${port}`;
        return;
      } catch (error) {
        // The port was taken before httpd bound it (another worker's server): a new one.
        const logged = stderr + (existsSync(log) ? readFileSync(log, 'utf8') : '');
        if (attempt === 3 || !/Address already in use/.test(logged)) throw new Error(`${(error as Error).message}: ${logged}`);
      }
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  test('reads a resource, paying the challenge once and reusing the nonce', async () => {
    const { client, io } = clientFor(settingsFor(baseUrl, { publicKey: USER, privateKey: PASSWORD }), { debug: true });
    try {
      for (let i = 0; i < 3; i++) expect((await getCluster(client, 'p1', 'c1')).body).toEqual({ name: 'c1', stateName: 'IDLE' });
      const statuses = io.stderr.split('\n').filter((l) => l.startsWith('< HTTP ')).map((l) => l.split(' ')[2]);
      expect(statuses).toEqual(['401', '200', '200', '200']);
      expect(io.stderr).not.toContain(PASSWORD);
    } finally {
      await client.close();
    }
  });

  test('a query string is part of the signed uri', async () => {
    const { client } = clientFor(settingsFor(baseUrl, { publicKey: USER, privateKey: PASSWORD }));
    try {
      const response = await client.request({ method: 'GET', resource: 'clusters.get', path: '/groups/p1/clusters/c1', query: { pretty: true } });
      expect(response.status).toBe(200);
    } finally {
      await client.close();
    }
  });

  test('an expired nonce (stale=true from httpd) is renewed silently', async () => {
    const { client, io } = clientFor(settingsFor(baseUrl, { publicKey: USER, privateKey: PASSWORD }), { debug: true });
    const statuses = (trace: string): Array<string | undefined> => trace.split('\n').filter((l) => l.startsWith('< HTTP ')).map((l) => l.split(' ')[2]);
    try {
      expect((await getCluster(client, 'p2', 'c1')).status).toBe(200);
      const before = io.stderr.length;
      await new Promise((r) => setTimeout(r, 3_000)); // AuthDigestNonceLifetime is 2 s under p2
      expect((await getCluster(client, 'p2', 'c1')).status).toBe(200);
      // What the read after the wait cost: the stale nonce refused, the renewed one taken.
      // (The read before it is not counted: a 2 s nonce can expire during it too.)
      const after = io.stderr.slice(before);
      expect(after).toMatch(/stale=true/i);
      expect(statuses(after)).toEqual(['401', '200']);
    } finally {
      await client.close();
    }
  });

  test('a wrong key is a 401 with the profile hint (exit 3)', async () => {
    const { client } = clientFor(settingsFor(baseUrl, { publicKey: USER, privateKey: 'wrong' }));
    try {
      const error = (await getCluster(client, 'p1', 'c1').catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(401);
      expect(error.exitCode).toBe(ExitCode.auth);
      expect(error.remedy).toEqual({ setting: 'credentials', kind: 'apiKey' });
    } finally {
      await client.close();
    }
  });
});
