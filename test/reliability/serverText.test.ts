// Guarantee: what a server says reaches an error line capped and checked.
// - A `next` link that is not an http(s) URL (javascript:, data:, a malformed
//   http://[::1) ends `list --all` and `api --paginate` with one line, exit 7,
//   instead of "unexpected error: Invalid URL"; nothing is requested with it.
// - Server text quoted in an error line (a Location header, a detail, a body
//   excerpt) is cut to a few hundred characters with `…`: a 12 KB Location or a
//   1 MB detail is not a 12 KB or 1 MB line.
import { afterEach, describe, expect, it } from 'vitest';
import { cdba } from '../helpers/inProcess.js';
import { digestEnv, expectOneErrorLine, PROJECT_ID, testServer, type TestServer } from './support.js';

const CLUSTERS_PATH = `/api/atlas/v2/groups/${PROJECT_ID}/clusters`;

let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function serve(handler: Parameters<typeof testServer>[0]): Promise<TestServer> {
  const server = await testServer(handler);
  servers.push(server);
  return server;
}

describe('unsafe next links', () => {
  /** Page 1 (no totalCount, so links are followed) whose next link is `href`. */
  const pageWithNext = (href: string): Promise<TestServer> =>
    serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.atlas.2023-02-01+json' });
      res.end(JSON.stringify({ results: [{ name: 'c1' }], links: [{ rel: 'self', href: `http://${req.headers.host}${req.url}` }, { rel: 'next', href }] }));
    });

  const LINKS = ['javascript:alert(1)', 'data:text/plain,hello', 'http://[::1', 'file:///etc/passwd', `ftp://example.com${CLUSTERS_PATH}?pageNum=2`];
  const COMMANDS: Array<[string, string[]]> = [
    ['clusters list --all', ['clusters', 'list', '--all']],
    ['api --paginate', ['api', '/groups/{projectId}/clusters', '--paginate']],
  ];

  it.each(COMMANDS.flatMap(([name, args]) => LINKS.map((link) => [name, link, args] as const)))('%s with next %s: one line, exit 7', async (_name, link, args) => {
    const server = await pageWithNext(link);
    const result = await cdba(args, { env: digestEnv(server.url) });
    expectOneErrorLine(result, 7, /^cdba: the list's next link is not an http\(s\) URL: ".*"; stopping/);
    expect(server.requests).toHaveLength(1);
  });

  it('a next link on another origin is followed on ours only (credentials never leave)', async () => {
    let pages = 0;
    const server = await serve((req, res) => {
      pages++;
      res.writeHead(200, { 'content-type': 'application/vnd.atlas.2023-02-01+json' });
      const links = req.url!.includes('pageNum=2') ? [] : [{ rel: 'next', href: `https://elsewhere.example${CLUSTERS_PATH}?pageNum=2` }];
      res.end(JSON.stringify({ results: [{ name: `c${pages}` }], links }));
    });
    const result = await cdba(['api', '/groups/{projectId}/clusters', '--paginate'], { env: digestEnv(server.url) });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(server.requests.map((r) => r.url)).toEqual([expect.stringContaining('/clusters'), `${CLUSTERS_PATH}?pageNum=2`]);
  });
});

describe('server text in error lines is capped', () => {
  const MAX_LINE = 1000;

  it('a 12 KB Location header', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(302, { location: `https://login.example/${'a'.repeat(12_000)}` });
      res.end();
    });
    const result = await cdba(['clusters', 'list'], { env: digestEnv(server.url) });
    expectOneErrorLine(result, 1, /unexpected redirect to https:\/\/login\.example\/a+…; check the base URL/);
    expect(result.stderr.length).toBeLessThan(MAX_LINE);
  });

  it('a 1 MB detail', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 400, errorCode: 'INVALID_ATTRIBUTE', detail: `bad ${'d'.repeat(1024 * 1024)}` }));
    });
    const result = await cdba(['clusters', 'list'], { env: digestEnv(server.url) });
    expectOneErrorLine(result, 1, /^cdba: bad d+… \(INVALID_ATTRIBUTE, HTTP 400\)/);
    expect(result.stderr.length).toBeLessThan(MAX_LINE);
  });

  it('a 1 MB errorCode', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 400, errorCode: 'E'.repeat(1024 * 1024), detail: 'x' }));
    });
    const result = await cdba(['clusters', 'list'], { env: digestEnv(server.url) });
    expectOneErrorLine(result, 1, /^cdba: x \(E+…, HTTP 400\)/);
    expect(result.stderr.length).toBeLessThan(MAX_LINE);
  });
});
