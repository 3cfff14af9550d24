// Guarantee: a hostile or broken server cannot exhaust cdba's memory, hold it
// past --timeout, or turn a bad answer into an `unexpected error`; and what the
// client can tell is wrong (caFile, base URL) stops it before any connection.
// Each server here is on 127.0.0.1:0 and bounded: it sends a fixed number of
// bytes at most, and records how many it had sent when the client hung up.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, type ServerOptions } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { cdba, tempDir, type CliResult } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { bearerEnv, bearerProfile, digestEnv, expectOneErrorLine, knownSeed, PROJECT_ID, testServer, type TestServer } from './support.js';
import { missingTool } from '../helpers/tools.js';

const MiB = 1024 * 1024;
const LIST_TYPE = { 'content-type': 'application/vnd.atlas.2023-02-01+json' };
const CLUSTERS_PATH = `/api/atlas/v2/groups/${PROJECT_ID}/clusters`;

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

async function serve(handler: Parameters<typeof testServer>[0]): Promise<TestServer> {
  const server = await testServer(handler);
  closers.push(() => server.close());
  return server;
}

/** A raw TCP server; `onRequest` gets the socket once the request head has arrived. Counts connections. */
async function rawServer(onRequest: (socket: Socket) => void): Promise<{ url: string; connections: () => number }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const tcp = createTcpServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => {});
    let head = '';
    let answered = false;
    socket.on('data', (data: Buffer) => {
      head += data.toString('latin1');
      if (!answered && head.includes('\r\n\r\n')) {
        answered = true;
        onRequest(socket);
      }
    });
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        tcp.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  );
  return { url: `http://127.0.0.1:${(tcp.address() as AddressInfo).port}`, connections: () => connections };
}

/** What a streaming response had written when its connection closed. */
interface Tally {
  sent: number;
  closed: Promise<number>;
}

/**
 * Streams a valid cluster list of `total` bytes, honouring backpressure, so
 * `sent` counts what the client could have read. Without a cap the client
 * would read it all and succeed.
 */
function streamList(res: import('node:http').ServerResponse, total: number, headers: Record<string, string> = {}): Tally {
  const tally: Tally = { sent: 0, closed: Promise.resolve(0) };
  tally.closed = new Promise((resolve) => res.on('close', () => resolve(tally.sent)));
  res.writeHead(200, { ...LIST_TYPE, ...headers });
  const item = Buffer.from('{"name":"c","stateName":"IDLE"},'.repeat(2048));
  const open = Buffer.from('{"totalCount":1,"results":[');
  const end = Buffer.from('{"name":"last"}]}');
  res.write(open);
  tally.sent = open.length;
  const pump = (): void => {
    while (!res.destroyed && tally.sent + item.length + end.length <= total) {
      tally.sent += item.length;
      if (!res.write(item)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) {
      tally.sent += end.length;
      res.end(end);
    }
  };
  pump();
  return tally;
}

/** Runs cdba with digest credentials for `url`; never an `unexpected error`. */
async function run(url: string, args: string[], options: { timeoutMs?: number; env?: Record<string, string> } = {}): Promise<CliResult> {
  const result = await cdba(args, { env: options.env ?? digestEnv(url), timeoutMs: options.timeoutMs ?? 30_000 });
  expect(result.stderr).not.toMatch(/unexpected error/);
  return result;
}

describe('response body cap (64 MiB)', () => {
  it('a 96 MiB list streamed without Content-Length: exit 7 at the cap, and the client hangs up before the end', async () => {
    const total = 96 * MiB;
    let tally: Tally | undefined;
    const server = await serve((_req, res) => {
      tally = streamList(res, total);
    });
    const result = await run(server.url, ['clusters', 'list']);
    expectOneErrorLine(result, 7, /^cdba: response body exceeds the 64 MiB limit for GET http:\/\/127\.0\.0\.1:\d+\/api\/atlas\/v2\/groups\/[0-9a-f]+\/clusters/);
    expect(result.stdout).toBe('');
    const sent = await tally!.closed;
    // The server was still writing: the client closed the connection early.
    expect(sent).toBeLessThan(total);
    expect(server.requests).toHaveLength(1);
  });

  it('a Content-Length of 3 GiB: refused before reading the body, exit 7', async () => {
    let closed: Promise<void> | undefined;
    const server = await serve((_req, res) => {
      closed = new Promise((resolve) => res.on('close', () => resolve()));
      res.writeHead(200, { ...LIST_TYPE, 'content-length': String(3 * 1024 * MiB) });
      // A first bit of the body, then nothing: only the declared length can tell.
      res.write('{"results":[');
    });
    const result = await run(server.url, ['clusters', 'list']);
    expectOneErrorLine(result, 7, /response body exceeds the 64 MiB limit \(Content-Length 3221225472\) for GET /);
    await closed;
    expect(server.requests).toHaveLength(1);
  });

  /** Page 1 is a normal page with a next link; page 2 declares 3 GiB. */
  function hugeSecondPage(): Promise<TestServer> {
    return serve((req, res) => {
      const page = new URL(req.url ?? '/', 'http://x').searchParams.get('pageNum') ?? '1';
      if (page === '1') {
        const next = `http://${req.headers.host}${CLUSTERS_PATH}?pageNum=2&itemsPerPage=1`;
        res.writeHead(200, LIST_TYPE);
        res.end(JSON.stringify({ results: [{ name: 'c1' }], totalCount: 2, links: [{ rel: 'next', href: next }] }));
        return;
      }
      res.writeHead(200, { ...LIST_TYPE, 'content-length': String(3 * 1024 * MiB) });
      res.write('{"results":[');
    });
  }

  it('clusters list --all: each page is capped', async () => {
    const server = await hugeSecondPage();
    const result = await run(server.url, ['clusters', 'list', '--all']);
    expectOneErrorLine(result, 7, /response body exceeds the 64 MiB limit .*pageNum=2/);
    expect(result.stdout).toBe('');
    expect(server.requests).toHaveLength(2);
  });

  it('api --paginate: each page is capped', async () => {
    const server = await hugeSecondPage();
    const result = await run(server.url, ['api', '/groups/{projectId}/clusters', '--paginate']);
    expectOneErrorLine(result, 7, /response body exceeds the 64 MiB limit .*pageNum=2/);
    expect(result.stdout).toBe('');
  });

  it('the service-account token response is capped', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(3 * 1024 * MiB) });
      res.write('{"access_token":"');
    });
    const result = await run(server.url, ['clusters', 'list'], { env: bearerEnv(server.url) });
    expectOneErrorLine(result, 7, /response body exceeds the 64 MiB limit .*POST http:\/\/127\.0\.0\.1:\d+\/api\/oauth\/token/);
    expect(server.requests.map((r) => r.url)).toEqual(['/api/oauth/token']);
  });
});

describe('--timeout is a deadline for the whole exchange', () => {
  // One byte every 250 ms for at most 100 bytes (25 s): far longer than the
  // 2 s deadline, and each byte resets an idle timer, which is all undici has.
  // The body comes faster (every 20 ms, 20 s in all): "slowly" needs a byte in
  // the last half of the deadline, and a starved event loop must not miss it.
  const TRICKLE_BYTES = 100;
  const BODY_BYTES = 1000;

  it('a body that trickles a byte at a time: exit 7 at the deadline, the client hangs up long before the server is done', async () => {
    let sentAtClose: Promise<number> | undefined;
    const server = await serve((_req, res) => {
      let sent = 0;
      sentAtClose = new Promise((resolve) => res.on('close', () => resolve(sent)));
      res.writeHead(200, LIST_TYPE);
      const timer = setInterval(() => {
        if (res.destroyed || sent >= BODY_BYTES) {
          clearInterval(timer);
          if (!res.destroyed) res.end('{"results":[],"totalCount":0}');
          return;
        }
        res.write(' ');
        sent++;
      }, 20);
    });
    const result = await run(server.url, ['--timeout', '2s', 'clusters', 'list'], { timeoutMs: 40_000 });
    expectOneErrorLine(result, 7, /^cdba: the response from 127\.0\.0\.1:\d+ did not complete within 2s \(\d+ bytes arrived, slowly\); raise --timeout/);
    expect(result.stdout).toBe('');
    expect(await sentAtClose).toBeLessThan(BODY_BYTES);
  }, 45_000);

  it('response headers that trickle a byte at a time: exit 7, no response within the deadline', async () => {
    const head = 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-padding: ' + 'a'.repeat(TRICKLE_BYTES);
    let sentAtClose: Promise<number> | undefined;
    const server = await rawServer((socket) => {
      let sent = 0;
      sentAtClose = new Promise((resolve) => socket.on('close', () => resolve(sent)));
      const timer = setInterval(() => {
        if (socket.destroyed || sent >= head.length) {
          clearInterval(timer);
          if (!socket.destroyed) socket.end('\r\ncontent-length: 2\r\n\r\n{}');
          return;
        }
        socket.write(head[sent]!);
        sent++;
      }, 250);
    });
    const result = await run(server.url, ['--timeout', '2s', 'clusters', 'get', 'c1'], { timeoutMs: 60_000 });
    expectOneErrorLine(result, 7, /^cdba: no response from 127\.0\.0\.1:\d+ within 2s \(GET /);
    expect(await sentAtClose).toBeLessThan(head.length);
  }, 65_000);

  it("a log download: --timeout's clock stops while a slow reader of the output holds the body paused; a service that stalls still fails", async () => {
    // Two hosts of one service. stall.example.net answers its headers and 1 KiB, then nothing.
    // slow.example.net streams for as long as cdba reads, and ends when the test says: its
    // download's stdout takes nothing meanwhile (`| (sleep 9; wc -c)`), so backpressure holds
    // its body paused, from the start of the stall's download until that one has failed:
    // longer than --timeout, as the stall's failure shows without the test reading a clock.
    // (A deadline that kept running while paused fired first on the paused one: it was armed before the stall's.)
    const GZIP = { 'content-type': 'application/vnd.atlas.2023-01-01+gzip' };
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    let finishing = false;
    let streaming!: () => void;
    const started = new Promise<void>((resolve) => (streaming = resolve));
    const server = await serve((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path.endsWith('/processes')) {
        const host = (name: string, typeName: string): object => ({ id: `${name}:27017`, hostname: name, userAlias: name, port: 27017, typeName });
        res.writeHead(200, { 'content-type': 'application/vnd.atlas.2023-01-01+json' });
        res.end(JSON.stringify({ results: [host('slow.example.net', 'REPLICA_PRIMARY'), host('stall.example.net', 'REPLICA_SECONDARY')], totalCount: 2, links: [] }));
      } else if (path.includes('/clusters/stall.example.net/logs/')) {
        res.writeHead(200, GZIP);
        res.write(chunk.subarray(0, 1024));
      } else if (path.includes('/clusters/slow.example.net/logs/')) {
        res.writeHead(200, GZIP);
        // Writes while the socket takes them, waits for drain when it does not; ends once told.
        const pump = (): void => {
          for (;;) {
            if (finishing) return void res.end();
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
        };
        pump();
        streaming();
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"error":404,"errorCode":"RESOURCE_NOT_FOUND","detail":"no"}');
      }
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = cdba(['--timeout', '2s', 'logs', 'download', 'slow.example.net', '--out', '-'], { env: digestEnv(server.url), stdoutHeldUntil: held });
    await Promise.race([started, slow.then((r) => Promise.reject(new Error(`the paused download ended before its log was asked: ${r.stderr}`)))]);
    const stalled = await run(server.url, ['--timeout', '2s', 'logs', 'download', 'stall.example.net', '--out', '-']);
    expectOneErrorLine(stalled, 7, /^cdba: the response from 127\.0\.0\.1:\d+ stalled for more than 2s; raise --timeout/);
    finishing = true;
    release();
    const result = await slow;
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout.length).toBe(sent);
  });

  it('a log download that trickles a byte at a time to a reader that keeps up: exit 7 at the deadline, as any answer', async () => {
    let sentAtClose: Promise<number> | undefined;
    const server = await serve((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path.endsWith('/processes')) {
        res.writeHead(200, { 'content-type': 'application/vnd.atlas.2023-01-01+json' });
        res.end(JSON.stringify({ results: [{ id: 'h0.example.net:27017', hostname: 'h0.example.net', userAlias: 'h0.example.net', port: 27017, typeName: 'REPLICA_PRIMARY' }], totalCount: 1, links: [] }));
        return;
      }
      let sent = 0;
      sentAtClose = new Promise((resolve) => res.on('close', () => resolve(sent)));
      res.writeHead(200, { 'content-type': 'application/vnd.atlas.2023-01-01+gzip' });
      const timer = setInterval(() => {
        if (res.destroyed || sent >= BODY_BYTES) {
          clearInterval(timer);
          if (!res.destroyed) res.end();
          return;
        }
        res.write('x');
        sent++;
      }, 20);
    });
    const result = await run(server.url, ['--timeout', '1s', 'logs', 'download', 'h0.example.net', '--out', '-']);
    expectOneErrorLine(result, 7, /^cdba: the response from 127\.0\.0\.1:\d+ (did not complete within|stalled for more than) 1s/);
    expect(await sentAtClose).toBeLessThan(BODY_BYTES);
  }, 65_000);

  it('--timeout 0 means no deadline: a slow answer still arrives', async () => {
    const server = await serve((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, LIST_TYPE);
        res.end('{"results":[{"name":"slow"}],"totalCount":1}');
      }, 1_500);
    });
    const result = await run(server.url, ['--timeout', '0', 'clusters', 'list', '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout).results[0].name).toBe('slow');
  });
});

describe('caFile is checked before any connection', () => {
  /** An https base URL to a TCP server that only counts connections. */
  async function countingHttps(): Promise<{ url: string; connections: () => number }> {
    const server = await rawServer((socket) => socket.destroy());
    return { url: server.url.replace('http:', 'https:'), connections: server.connections };
  }

  async function withCaFile(content: string | undefined): Promise<{ result: CliResult; connections: number }> {
    const configDir = tempDir('cdba-cafile-');
    const caFile = join(configDir, 'ca.pem');
    if (content !== undefined) writeFileSync(caFile, content);
    const set = await cdba(['profile', 'set', 'private', 'caFile', caFile], { configDir });
    expect(set.exitCode, set.stderr).toBe(0);
    const server = await countingHttps();
    const result = await cdba(['-P', 'private', 'clusters', 'list'], { configDir, env: digestEnv(server.url) });
    return { result, connections: server.connections() };
  }

  it('a caFile whose certificate block is not a certificate: exit 2, no connection', async () => {
    const { result, connections } = await withCaFile('-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n');
    expectOneErrorLine(result, 2, /^cdba: caFile .*ca\.pem: certificate 1 of 1 is not a valid PEM certificate\n$/);
    expect(connections).toBe(0);
  });

  it('one bad certificate among good ones is named', async () => {
    const { result, connections } = await withCaFile(`${rootCertificates[0]}\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n`);
    expectOneErrorLine(result, 2, /certificate 2 of 2 is not a valid PEM certificate/);
    expect(connections).toBe(0);
  });

  it('a caFile that does not exist: exit 2, no connection', async () => {
    const { result, connections } = await withCaFile(undefined);
    expectOneErrorLine(result, 2, /^cdba: caFile: cannot read .*ca\.pem: no such file or directory\n$/);
    expect(connections).toBe(0);
  });
});

describe('answers that are not HTTP, or broken HTTP: exit 7, one line', () => {
  it.each([
    ['a status line with status 000', 'HTTP/1.1 000 Zero\r\ncontent-length: 2\r\n\r\n{}', /request to 127\.0\.0\.1:\d+ failed: the server sent an invalid HTTP status line/],
    ['HTTP/0.9-style bare text', 'hello, world\n', /request to 127\.0\.0\.1:\d+ failed: Response does not match the HTTP\/1\.1 protocol/],
    ['a control character in a header value', 'HTTP/1.1 200 OK\r\nx-evil: a\x01b\r\ncontent-length: 2\r\n\r\n{}', /failed: Response does not match the HTTP\/1\.1 protocol \(Invalid header value char\)/],
    ['a space in a header name', 'HTTP/1.1 200 OK\r\nx evil: a\r\ncontent-length: 2\r\n\r\n{}', /failed: Response does not match the HTTP\/1\.1 protocol \(Invalid header token\)/],
    ['a malformed chunk size', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n', /failed: Response does not match the HTTP\/1\.1 protocol \(Invalid character in chunk size\)/],
    ['a negative Content-Length', 'HTTP/1.1 200 OK\r\ncontent-length: -5\r\n\r\n{}', /failed: Response does not match the HTTP\/1\.1 protocol \(Invalid character in Content-Length\)/],
    ['headers past 16 KiB', `HTTP/1.1 200 OK\r\nx-big: ${'a'.repeat(100_000)}\r\ncontent-length: 2\r\n\r\n{}`, /failed: Headers Overflow Error \(UND_ERR_HEADERS_OVERFLOW\)/],
  ])('%s', async (_name, answer, pattern) => {
    const server = await rawServer((socket) => socket.end(answer));
    const result = await run(server.url, ['clusters', 'get', 'c1']);
    expectOneErrorLine(result, 7, pattern);
    expect(result.stdout).toBe('');
  });

  it('a connection reset mid-body: exit 7, not retried', async () => {
    const server = await rawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"name":');
      setTimeout(() => socket.resetAndDestroy(), 50);
    });
    const result = await run(server.url, ['clusters', 'get', 'c1']);
    expectOneErrorLine(result, 7, /the connection to 127\.0\.0\.1:\d+ broke before a complete response/);
    expect(server.connections()).toBe(1);
  });
});

/** A self-signed certificate for 127.0.0.1; undefined without openssl. */
function selfSigned(): { key: string; cert: string; certFile: string } | undefined {
  const dir = tempDir('cdba-tls-odd-');
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
      '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), certFile: join(dir, 'cert.pem') };
}

const TLS = selfSigned();
missingTool('openssl', TLS !== undefined, 'the TLS failure tests are');

describe.skipIf(!TLS)('TLS failures with unusual codes: exit 7, one line naming the reason', () => {
  it.each([
    // The reason is OpenSSL's own text, which changes between its versions (3.0
    // says "sslv3 alert handshake failure", 3.5 "ssl/tls alert handshake
    // failure"): held is the behaviour, the TLS alert's name and an OpenSSL code.
    ['a server that offers only TLS 1.0', { minVersion: 'TLSv1', maxVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' }, /^cdba: TLS handshake with 127\.0\.0\.1:\d+ failed: [^\n]*protocol version[^\n]* \(ERR_SSL_[A-Z0-9_/]+\)\n$/],
    ['no cipher in common', { maxVersion: 'TLSv1.2', ciphers: 'NULL-SHA256@SECLEVEL=0' }, /^cdba: TLS handshake with 127\.0\.0\.1:\d+ failed: [^\n]*handshake failure[^\n]* \(ERR_SSL_[A-Z0-9_/]+\)\n$/],
  ] as Array<[string, ServerOptions, RegExp]>)('%s', async (_name, options, pattern) => {
    const tls = TLS!;
    const server = createHttpsServer({ key: tls.key, cert: tls.cert, ...options }, (_req, res) => res.end('{}'));
    server.on('tlsClientError', () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await run(url, ['clusters', 'list'], { env: { ...digestEnv(url), NODE_EXTRA_CA_CERTS: tls.certFile } });
    expectOneErrorLine(result, 7, pattern);
  });
});

describe('a server that hangs up on an upload', () => {
  it('closed while a 4 MiB POST body is still being sent (EPIPE or reset): exit 7, not replayed', async () => {
    const server = await rawServer((socket) => socket.destroy());
    const dir = tempDir('cdba-upload-');
    writeFileSync(join(dir, 'body.json'), JSON.stringify({ name: 'c1', pad: 'a'.repeat(4 * MiB) }));
    const result = await run(server.url, ['api', '-X', 'POST', '/groups/{projectId}/clusters', '--input', join(dir, 'body.json')]);
    expectOneErrorLine(result, 7, /the connection to 127\.0\.0\.1:\d+ broke before a complete response \(POST .*\); the request may have been applied/);
    expect(server.connections()).toBe(1);
  });
});

describe('the service-account token cache is best effort', () => {
  it('a config dir where the token cache cannot be written: the command still succeeds', async () => {
    const { emu } = await withEmulator({ seed: knownSeed() });
    closers.push(() => emu.stop());
    const configDir = tempDir('cdba-token-ro-');
    // A file where the tokens/ directory would go: mkdir fails (ENOTDIR/EEXIST), even for root.
    writeFileSync(join(configDir, 'tokens'), 'not a directory');
    const result = await cdba(['clusters', 'list', '-o', 'json'], { configDir, env: bearerProfile(configDir, emu.url) });
    // One warning that the token is not kept, and the command's result.
    expect(result.stderr).toMatch(/^cdba: warning: cannot store the service-account token in [^\n]+\n$/);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout).results.map((c: { name: string }) => c.name)).toEqual(['seeded']);
  });
});
