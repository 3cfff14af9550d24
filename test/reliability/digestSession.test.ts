// Guarantees of the digest session kept between cdba processes (issue 14):
// - a second process sends one request, not two;
// - 20 processes at once never send the same (nonce, nc);
// - a stale stored nonce costs exactly one extra exchange;
// - a server that refuses reuse settles at two requests per call;
// - the session file is 0600 in a 0700 dir and holds no secret.
// And of the V8 code cache the launcher keeps (same issue):
// - written 0600 on the first run; a corrupt, truncated or foreign cache is
//   rejected safely (same output, nothing on stderr) and rebuilt;
// - a cache dir that cannot be written changes nothing but speed.
// And of `clusters list --all -o json`, whose pages are streamed (same issue):
// - page 1 reaches stdout while a later page is still unanswered, and the
//   document is byte for byte the one built from every page.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { execa } from 'execa';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAuthorization } from '../../src/auth/digest.js';
import { CDBA_BIN, cdba, cleanEnv, tempDir } from '../helpers/cli.js';
import { digestGate, json, startServer, type TestServer } from '../integration/api/servers.js';
import { digestEnv, OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID } from './support.js';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/**
 * A loopback digest server that records every (nonce, nc) it was sent and
 * answers `clusters get NAME` with {name}. With `refuseReuse` it accepts a nonce
 * only with the nc values of the process it was issued to (1 to 255): a stored
 * nonce, whose nc starts past the first block, is refused without stale.
 */
async function recordingServer(options: { refuseReuse?: boolean } = {}) {
  const gate = digestGate({ username: OWNER_PUBLIC, password: OWNER_PRIVATE });
  const pairs: string[] = [];
  const server = await startServer((req, res) => {
    const auth = parseAuthorization(req.headers.authorization);
    if (auth) pairs.push(`${auth.nonce} ${auth.nc}`);
    if (options.refuseReuse && auth?.nc && parseInt(auth.nc, 16) > 255) {
      req.headers = { ...req.headers };
      delete req.headers.authorization;
    }
    if (!gate.check(req, res)) return;
    json(res, 200, { name: decodeURIComponent(req.url!.split('?')[0]!.split('/').pop()!) });
  });
  servers.push(server);
  return { server, gate, pairs };
}

const getCluster = (url: string, configDir: string, name = 'c1') =>
  cdba(['clusters', 'get', name, '-o', 'json'], { env: digestEnv(url), configDir, timeoutMs: 60_000 });

describe('persisted digest session across processes', () => {
  it('20 concurrent processes reuse the stored session with one request each and never send the same nc', async () => {
    const { server, pairs } = await recordingServer();
    const dir = tempDir('cdba-rel-sess-');
    const first = await getCluster(server.url, dir, 'first');
    expect(first.exitCode, first.stderr).toBe(0);
    const before = server.received.length;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => getCluster(server.url, dir, `c${i}`)));
    for (const [i, result] of results.entries()) {
      expect(result.exitCode, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ name: `c${i}` });
      expect(result.stderr).toBe('');
    }
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(server.received.length - before).toBe(20);
  });

  it('a stale stored nonce costs exactly one extra exchange', async () => {
    const { server, gate } = await recordingServer();
    const dir = tempDir('cdba-rel-sess-');
    expect((await getCluster(server.url, dir)).exitCode).toBe(0);
    gate.expireNonces();
    const before = server.received.length;
    const result = await getCluster(server.url, dir);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(server.received.length - before).toBe(2);
    const after = server.received.length;
    expect((await getCluster(server.url, dir)).exitCode).toBe(0);
    expect(server.received.length - after).toBe(1);
  });

  it('a server that refuses reuse settles at two requests per call', async () => {
    const { server } = await recordingServer({ refuseReuse: true });
    const dir = tempDir('cdba-rel-sess-');
    const perCall: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = server.received.length;
      const result = await getCluster(server.url, dir);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stderr).toBe('');
      perCall.push(server.received.length - before);
    }
    expect(perCall).toEqual([2, 2, 2, 2]);
    // After the refusal no call sends the stored nonce: each starts unsigned.
    const firstOfLastCall = server.received.at(-2)!;
    expect(firstOfLastCall.headers.authorization).toBeUndefined();
  });

  it('the session file is 0600 in a 0700 dir and holds no secret', async () => {
    const { server } = await recordingServer();
    const dir = tempDir('cdba-rel-sess-');
    expect((await getCluster(server.url, dir)).exitCode).toBe(0);
    const digestDir = join(dir, 'digest');
    expect(statSync(digestDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(digestDir);
    expect(files).toHaveLength(1);
    const file = join(digestDir, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(OWNER_PRIVATE);
    expect(files[0]).not.toContain(OWNER_PRIVATE);
    expect(JSON.parse(text)).toMatchObject({ realm: 'MMS Public API', next: expect.any(Number) });
  });
});

describe('clusters list --all -o json streams its pages', () => {
  it('writes page 1 while page 3 is still unanswered, and the document is the one built from every page', async () => {
    const PAGES = 3;
    const PER_PAGE = 500;
    const item = (n: number) => ({ name: `c-${n}`, stateName: 'IDLE', tags: [{ key: 'k', value: `v"${n}` }] });
    let releasePage3: () => void = () => {};
    const page3Gate = new Promise<void>((resolve) => {
      releasePage3 = resolve;
    });
    const gate = digestGate({ username: OWNER_PUBLIC, password: OWNER_PRIVATE });
    const server = await startServer(async (req, res) => {
      if (!gate.check(req, res)) return;
      const url = new URL(req.url!, 'http://x');
      const pageNum = Number(url.searchParams.get('pageNum'));
      if (pageNum === 3) await page3Gate;
      const results = Array.from({ length: PER_PAGE }, (_, i) => item((pageNum - 1) * PER_PAGE + i));
      json(res, 200, { links: [{ rel: 'self', href: `http://x${req.url}` }], results, totalCount: PAGES * PER_PAGE });
    });
    servers.push(server);
    const child = execa('node', [CDBA_BIN, 'clusters', 'list', '--all', '-o', 'json'], {
      env: cleanEnv(digestEnv(server.url)),
      extendEnv: false,
      reject: false,
      stripFinalNewline: false,
    });
    let stdout = '';
    let releasedBy: 'stdout' | 'timeout' | undefined;
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (!releasedBy && stdout.includes('"c-499"')) {
        releasedBy = 'stdout';
        releasePage3();
      }
    });
    // Code that writes nothing before every page is in would wait here forever: release it, and fail below.
    // Long, so a slow start of the child on a loaded machine is not taken for that.
    const fallback = setTimeout(() => {
      releasedBy ??= 'timeout';
      releasePage3();
    }, 25_000);
    const result = await child;
    clearTimeout(fallback);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(releasedBy).toBe('stdout');
    const results = Array.from({ length: PAGES * PER_PAGE }, (_, n) => item(n));
    const self = `http://x/api/atlas/v2/groups/${PROJECT_ID}/clusters?itemsPerPage=500&includeCount=true&pageNum=1`;
    expect(stdout).toBe(`${JSON.stringify({ results, totalCount: PAGES * PER_PAGE, links: [{ rel: 'self', href: self }] })}\n`);
  }, 60_000);
});

describe('V8 code cache', () => {
  // Each test its own cache dir, not the run's shared one (test/helpers/cli.ts):
  // $XDG_CACHE_HOME/cdba, whatever the config dir is.
  const cacheFiles = (dir: string) => readdirSync(join(dir, 'cdba')).filter((f) => f.endsWith('.v8cache'));
  const help = (cacheHome: string) => cdba(['clusters', '--help'], { env: { XDG_CACHE_HOME: cacheHome } });

  it('is written 0600 on the first run, and a corrupt, truncated or garbage one is rejected safely and rebuilt', async () => {
    const dir = tempDir('cdba-rel-cache-');
    const first = await help(dir);
    expect(first.exitCode, first.stderr).toBe(0);
    const [name] = cacheFiles(dir);
    expect(name).toMatch(new RegExp(`^cdba-${process.version.replace(/\./g, '\\.')}-${process.arch}-\\d+-clusters\\.v8cache$`)); // its group's
    const file = join(dir, 'cdba', name!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const good = readFileSync(file);
    const damaged = [
      Buffer.from('not a code cache at all'),
      good.subarray(0, Math.floor(good.length / 2)),
      // Same length, one flipped byte in the middle: V8's checks must catch it.
      Buffer.from(good.map((b, i) => (i === Math.floor(good.length / 2) ? b ^ 0xff : b))),
    ];
    for (const bytes of damaged) {
      writeFileSync(file, bytes);
      const again = await help(dir);
      expect(again.exitCode, again.stderr).toBe(0);
      expect(again.stdout).toBe(first.stdout);
      expect(again.stderr).toBe('');
      expect(readFileSync(file).equals(bytes)).toBe(false);
    }
  });

  it('a cache made by a differently configured V8 is rejected safely and rebuilt', async () => {
    const dir = tempDir('cdba-rel-cache-');
    // Another V8 flag set stands in for another Node: V8 keys its caches on both.
    const other = await execa('node', ['--stack-size=900', CDBA_BIN, 'clusters', '--help'], { env: cleanEnv({ XDG_CACHE_HOME: dir }), extendEnv: false, reject: false, stripFinalNewline: false });
    expect(other.exitCode, other.stderr).toBe(0);
    const file = join(dir, 'cdba', cacheFiles(dir)[0]!);
    const foreign = readFileSync(file);
    const result = await help(dir);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(other.stdout);
    expect(result.stderr).toBe('');
    expect(readFileSync(file).equals(foreign)).toBe(false);
  });

  it('a cache dir that cannot be written changes nothing but speed', async () => {
    const dir = tempDir('cdba-rel-cache-');
    writeFileSync(join(dir, 'cdba'), 'a file where the cache dir would be');
    const result = await help(dir);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('Usage: cdba clusters');
    expect(result.stderr).toBe('');
  });

  it('is kept in the cache dir, not the config dir', async () => {
    const cacheHome = tempDir('cdba-rel-cache-');
    const configDir = tempDir('cdba-rel-config-');
    const result = await cdba(['clusters', '--help'], { configDir, env: { XDG_CACHE_HOME: cacheHome } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(cacheFiles(cacheHome)).toHaveLength(1);
    expect(readdirSync(configDir)).toEqual([]);
  });
});
