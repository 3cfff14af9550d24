// Guarantee: whatever a server (or a proxy in between) answers, cdba ends with
// one clear error line and the documented exit code: never a hang, a crash or a
// stack trace. Each case is a small node:http (or raw TCP) server on 127.0.0.1.
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { cdba, type CliResult } from '../helpers/inProcess.js';
import { digestEnv, expectOneErrorLine, PROJECT_ID, testServer, type TestServer } from './support.js';

const HTML_502 = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
const CLUSTERS_PATH = `/api/atlas/v2/groups/${PROJECT_ID}/clusters`;

let servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function serve(handler: Parameters<typeof testServer>[0]): Promise<TestServer> {
  const server = await testServer(handler);
  servers.push(server);
  return server;
}

/** Runs cdba against a server; a run that needs the harness's kill is a hang. */
async function run(url: string, args: string[]): Promise<CliResult> {
  const result = await cdba(args, { env: digestEnv(url), timeoutMs: 20_000 });
  expect(result.stderr).not.toMatch(/unexpected error/);
  return result;
}

describe('hostile server answers', () => {
  it('HTML with 502 on a GET: retried within the budget, then exit 7 quoting the page', async () => {
    // Retry-After: 0 keeps the five attempts quick; without it the waits would be 1+2+4+8 s.
    const server = await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html', 'retry-after': '0' });
      res.end(HTML_502);
    });
    const result = await run(server.url, ['clusters', 'list']);
    // Before the error: one wait notice per retry (a spinner on a terminal, plain lines in a pipe).
    const lines = result.stderr.split('\n');
    expect(lines.slice(0, 4)).toEqual(Array(4).fill('cdba: bad gateway (502); retrying in 0s'));
    expectOneErrorLine(
      { ...result, stderr: lines.slice(4).join('\n') },
      7,
      /non-JSON error body: "<html><head><title>502 Bad Gateway<\/title>.*" \(HTTP 502\); gave up after 5 attempts/,
    );
    expect(server.requests).toHaveLength(5);
  });

  it('HTML with 502 on a POST: not replayed, exit 7, one request', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(HTML_502);
    });
    const result = await run(server.url, ['clusters', 'create', 'c1', '--provider', 'AWS', '--region', 'US_EAST_1']);
    expectOneErrorLine(result, 7, /non-JSON error body: "<html>.*502 Bad Gateway.*" \(HTTP 502\)/);
    expect(server.requests).toHaveLength(1);
    expect(result.stdout).toBe('');
  });

  it('truncated JSON in a 200: exit 7, says the answer was damaged', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.atlas.2023-02-01+json' });
      res.end('{"results":[{"name":"c1","stateName":"ID');
    });
    const result = await run(server.url, ['clusters', 'list']);
    expectOneErrorLine(result, 7, /answered HTTP 200 with truncated or invalid JSON for .*clusters.*: "\{"results":\[\{"name":"c1"/);
    expect(result.stdout).toBe('');
  });

  it('a 200 whose connection is cut mid-body: exit 7, not resumed', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('{"results":[{"name":"c1"');
      setTimeout(() => req.socket.destroy(), 50);
    });
    const result = await run(server.url, ['clusters', 'list']);
    expectOneErrorLine(result, 7, /the connection to 127\.0\.0\.1:\d+ broke before a complete response/);
    expect(server.requests).toHaveLength(1);
  });

  it('a 200 with a body that is not JSON: exit 7', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Welcome to our captive portal</body></html>');
    });
    const result = await run(server.url, ['clusters', 'get', 'c1']);
    expectOneErrorLine(result, 7, /answered HTTP 200 with a body that is not JSON .*captive portal/);
  });

  it('a 200 JSON document that is not a list, for a list: exit 7', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"hello":"world"}');
    });
    const result = await run(server.url, ['clusters', 'list']);
    expectOneErrorLine(result, 7, /expected a list with a results array/);
  });

  it('a 401 with a malformed digest challenge: exit 3, names the problem, asks once', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Digest realm="MMS Public API", nonce=, qop=' });
      res.end('{"error":401,"reason":"Unauthorized","detail":"You are not authorized for this resource.","errorCode":"UNEXPECTED_ERROR"}');
    });
    const result = await run(server.url, ['clusters', 'list']);
    expectOneErrorLine(result, 3, /malformed digest challenge/);
    expect(server.requests).toHaveLength(1);
  });

  it('a 401 without any challenge: exit 3 with the credentials hint', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end('nope');
    });
    const result = await run(server.url, ['clusters', 'list']);
    expectOneErrorLine(result, 3, /HTTP 401\).*check CDBA_PUBLIC_KEY and CDBA_PRIVATE_KEY, set in the environment/);
  });

  it('a redirect: exit 1, says to check the base URL', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(302, { location: 'https://login.example/sso' });
      res.end();
    });
    const result = await run(server.url, ['clusters', 'list']);
    expectOneErrorLine(result, 1, /unexpected redirect to https:\/\/login\.example\/sso; check the base URL/);
  });

  /** Two pages whose next links point at each other, and no totalCount. */
  function loopingPages(): Promise<TestServer> {
    return serve((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const page = url.searchParams.get('pageNum') === '2' ? 2 : 1;
      const next = `${CLUSTERS_PATH}?pageNum=${page === 1 ? 2 : 1}`;
      res.writeHead(200, { 'content-type': 'application/vnd.atlas.2023-02-01+json' });
      res.end(JSON.stringify({ results: [{ name: `c${page}` }], links: [{ rel: 'self', href: `http://${req.headers.host}${req.url}` }, { rel: 'next', href: `http://${req.headers.host}${next}` }] }));
    });
  }

  it('next links in a loop: clusters list --all stops with exit 1', async () => {
    const server = await loopingPages();
    const result = await run(server.url, ['clusters', 'list', '--all']);
    expectOneErrorLine(result, 1, /next link leads back to a page already read.*; retry, or read one page at a time with --page instead of --all\n$/);
    expect(server.requests.length).toBeLessThanOrEqual(4);
    expect(result.stdout).toBe('');
  });

  it('next links in a loop: api --paginate stops with exit 1', async () => {
    const server = await loopingPages();
    const result = await run(server.url, ['api', '/groups/{projectId}/clusters', '--paginate']);
    // The raw form has no page flag: the hint names none it does not take.
    expectOneErrorLine(result, 1, /next link leads back to a page already read.*; retry, or read one page at a time without --paginate \(pageNum=N in the path\)\n$/);
    expect(server.requests.length).toBeLessThanOrEqual(4);
  });

  it('a totalCount of a billion: list --all refuses up front instead of paging forever', async () => {
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.atlas.2023-02-01+json' });
      res.end(JSON.stringify({ results: [{ name: 'c1' }], totalCount: 1_000_000_000, links: [{ rel: 'self', href: `http://${req.headers.host}${req.url}` }] }));
    });
    const result = await run(server.url, ['clusters', 'list', '--all']);
    expectOneErrorLine(result, 1, /the list has 1000000000 pages, more than 10000; stopping/);
    expect(server.requests).toHaveLength(1);
  });

  it('a response that never ends: --timeout 1s gives exit 7', async () => {
    const server = await serve((_req, res) => {
      // The head, and nothing more, ever. (A first body byte would make "stalled"
      // depend on its arriving within half the deadline: a race on a slow machine.)
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
    });
    const result = await run(server.url, ['--timeout', '1s', 'clusters', 'list']);
    expectOneErrorLine(result, 7, /stalled for more than 1s; raise --timeout/);
    expect(server.requests).toHaveLength(1);
  });

  it('a response that never starts: --timeout 1s gives exit 7', async () => {
    const server = await serve(() => {
      // Never answers.
    });
    const result = await run(server.url, ['--timeout', '1s', 'clusters', 'get', 'c1']);
    expectOneErrorLine(result, 7, /no response from 127\.0\.0\.1:\d+ within 1s/);
    expect(server.requests).toHaveLength(1);
  });

  it('a server that does not speak HTTP: exit 7', async () => {
    const sockets = new Set<Socket>();
    const tcp = createTcpServer((socket) => {
      sockets.add(socket);
      socket.end('SSH-2.0-OpenSSH_9.6\r\n');
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    servers.push({
      close: () =>
        new Promise<void>((resolve) => {
          tcp.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        }),
    });
    const url = `http://127.0.0.1:${(tcp.address() as AddressInfo).port}`;
    const result = await run(url, ['clusters', 'list']);
    expectOneErrorLine(result, 7, /request to 127\.0\.0\.1:\d+ failed: Response does not match the HTTP\/1\.1 protocol/);
  });

  // JSON.parse takes any depth; writing the document out (JSON.stringify, --query, a
  // table) recursed past the stack: half a document on stdout, then "Maximum call stack size exceeded".
  it.each([
    ['clusters get', ['clusters', 'get', 'deep', '-o', 'json']],
    ['api by operation', ['api', 'getCluster', '--cluster-name', 'deep']],
    ['api by path', ['api', `/groups/${PROJECT_ID}/clusters/deep`]],
  ])('an answer nested 20,000 deep (%s): exit 7 before anything is printed', async (_name, args) => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.atlas.2024-08-05+json' });
      res.end(`{"name":"deep","x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
    });
    const result = await run(server.url, args);
    expectOneErrorLine(result, 7, /answered (HTTP 200 )?with JSON nested more than 256 levels deep/);
    expect(result.stdout).toBe('');
  });

  it('an error answer nested 20,000 deep: its own exit code and detail, the deep part dropped', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(`{"detail":"No cluster named deep.","error":404,"errorCode":"CLUSTER_NOT_FOUND","parameters":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
    });
    for (const args of [['clusters', 'get', 'deep'], ['--error-format', 'json', 'clusters', 'get', 'deep'], ['api', `/groups/${PROJECT_ID}/clusters/deep`]]) {
      const result = await run(server.url, args);
      expect(result.exitCode, args.join(' ')).toBe(4);
      expect(result.stderr).toContain('No cluster named deep.');
      expect(result.stderr).not.toMatch(/Maximum call stack/);
    }
  });
});
