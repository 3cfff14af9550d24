// `cdba api` through the built binary against one emulator: each flag (-X, --input,
// -f, -H, --paginate, --include, --api-version), placeholders, output forms, and
// HTTP errors (body on stdout, one line on stderr, the usual exit code).
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator/index.js';
import { cdba, tempDir, type CliResult } from '../../helpers/inProcess.js';
import { OWNER, ownerEnv, replicaSet, worldSeed } from '../conn-string/world.js';

const READS = 'c0000000000000000000000a'; // five clusters, read only
const WRITES = 'c0000000000000000000000b'; // clusters the tests change
const NAMES = ['a1', 'a2', 'a3', 'a4', 'a5'];

let emu: RunningEmulator;
const api = (args: string[], options: { projectId?: string; env?: Record<string, string>; input?: string } = {}): Promise<CliResult> =>
  cdba(['api', ...args], { env: ownerEnv(emu.url, options.projectId ?? READS, options.env), ...(options.input !== undefined ? { input: options.input } : {}) });

const cluster = (name: string) => emu.state().clusters.find((c) => c.projectId === WRITES && c.name === name);

/** Wire requests in a --debug trace, as "METHOD URL". */
const traced = (stderr: string): string[] => [...stderr.matchAll(/^> ([A-Z]+) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`);

function expectHttpError(result: CliResult, exitCode: number, errorCode: string, stderr: string | RegExp): Record<string, unknown> {
  expect(result.exitCode).toBe(exitCode);
  if (typeof stderr === 'string') expect(result.stderr).toBe(stderr);
  else expect(result.stderr).toMatch(stderr);
  expect(result.stderr.split('\n')).toHaveLength(2);
  const body = JSON.parse(result.stdout) as Record<string, unknown>;
  expect(body.errorCode).toBe(errorCode);
  return body;
}

beforeAll(async () => {
  emu = await startEmulator({
    seed: worldSeed(
      [
        { id: READS, name: 'reads' },
        { id: WRITES, name: 'writes' },
      ],
      [
        ...NAMES.map((name) => ({ projectId: READS, cluster: replicaSet(name) })),
        { projectId: WRITES, cluster: replicaSet('c1') },
        { projectId: WRITES, cluster: replicaSet('doomed') },
      ],
    ),
    transitionMs: 60_000,
  });
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe.concurrent('api: path, placeholders, method', () => {
  it('GET by default; {projectId} and {groupId} come from the configuration; the document is printed as received', async () => {
    const [byProject, byGroup] = await Promise.all([api(['/groups/{projectId}/clusters']), api(['groups/{groupId}/clusters'])]);
    for (const result of [byProject, byGroup]) {
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout.split('\n')).toHaveLength(2); // compact JSON, one line
      const document = JSON.parse(result.stdout);
      expect(document.totalCount).toBe(5);
      expect(document.results.map((c: { name: string }) => c.name)).toEqual(NAMES);
      expect(document.links).toEqual([{ rel: 'self', href: `${emu.url}/api/atlas/v2/groups/${READS}/clusters?includeCount=true&pageNum=1&itemsPerPage=100` }]);
      // The default profile version (2023-02-01): replicationSpecs[].regionConfigs, no legacy fields.
      expect(document.results[0].replicationSpecs[0].regionConfigs[0].providerName).toBe('AWS');
      expect(document.results[0].mongoURI).toBeUndefined();
    }
  });

  it('-X picks the method (any case): DELETE answers 202 {}', async () => {
    const result = await api(['-X', 'delete', '/groups/{projectId}/clusters/doomed'], { projectId: WRITES });
    expect(result).toEqual({ exitCode: 0, stdout: '{}\n', stderr: '' });
    expect(cluster('doomed')?.model.stateName).toBe('DELETING');
  });

  it('-X HEAD prints no body; with --include the status line and headers', async () => {
    const result = await api(['-X', 'HEAD', '/groups/{projectId}/clusters/a1', '--include']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^HTTP\/1\.1 200 OK\n(?:[a-z0-9-]+: [^\n]*\n)+\n$/);
    // The default version reads clusters at 2024-08-05 (src/api/operations.ts).
    expect(result.stdout).toContain('content-type: application/vnd.atlas.2024-08-05+json;charset=utf-8\n');
  });

  it('-f without -X sends a body, so the method is POST (here refused: 405)', async () => {
    const result = await api(['/groups/{projectId}/privateIpMode', '-f', 'enabled=false']);
    const body = expectHttpError(result, 1, 'METHOD_NOT_ALLOWED', /^cdba: .+\(METHOD_NOT_ALLOWED, HTTP 405\)\n$/);
    expect(body.error).toBe(405);
  });

  it('refuses bad paths, placeholders and methods before any request (exit 2)', async () => {
    const offline = { CDBA_BASE_URL: 'http://127.0.0.1:9' };
    const cases: Array<[string[], RegExp]> = [
      [[`https://cloud.mongodb.com/api/atlas/v2/groups/${READS}/clusters`], /^cdba: "https:\/\/.+" is a URL; cdba adds the base URL and version itself; give the path relative to the version base/],
      [['/api/atlas/v2/groups/{projectId}/clusters'], /includes the version base; pick the version with --api-version instead/],
      [['/groups/{projectId}/clusters/{clusterName}'], /^cdba: unknown placeholder \{clusterName\} in the path; known: \{projectId\}, \{groupId\}\n$/],
      [['-X', 'BREW', '/'], /^cdba: invalid -X "BREW": expected one of GET, POST, PUT, PATCH, DELETE, HEAD\n$/],
      [['-X', 'GET', '--input', '-', '/groups/{projectId}/clusters'], /^cdba: --input gives a body, which GET does not take; add -X POST, PUT or PATCH\n$/],
      [['-f', 'novalue', '/'], /^cdba: invalid -f "novalue": expected key=value\n$/],
    ];
    for (const [args, stderr] of cases) {
      const result = await api(args, { env: offline });
      expect({ args, exitCode: result.exitCode, stdout: result.stdout }).toEqual({ args, exitCode: 2, stdout: '' });
      expect(result.stderr).toMatch(stderr);
    }
    const noProject = await cdba(['api', '/groups/{projectId}/clusters'], { env: { ...offline, CDBA_PUBLIC_KEY: OWNER.publicKey, CDBA_PRIVATE_KEY: OWNER.privateKey } });
    expect(noProject.exitCode).toBe(2);
    expect(noProject.stderr).toMatch(/^cdba: no project ID/);
  });
});

describe.concurrent('api: bodies (--input, -f) and headers (-H)', () => {
  it('--input FILE is the body (POST without -X); -f fields then go to the query', async () => {
    const file = join(tempDir(), 'cluster.json');
    const body = replicaSet('made');
    writeFileSync(file, JSON.stringify(body, null, 2));
    const result = await api(['--api-version', '2023-02-01', '/groups/{projectId}/clusters', '--input', file, '-f', 'envelope=true'], { projectId: WRITES });
    expect(result.stderr).toBe('cdba: warning: API version 2023-02-01 of clusters is deprecated (since 2024-08-05) and will be removed on 2027-07-01\n');
    expect(result.exitCode).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.status).toBe(201);
    expect(document.content).toMatchObject({ name: 'made', stateName: 'CREATING', groupId: WRITES });
    const sent = cluster('made')?.requests[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe(`/api/atlas/v2/groups/${WRITES}/clusters?envelope=true`);
    expect(sent?.contentType).toBe('application/vnd.atlas.2023-02-01+json');
    expect(sent?.body).toEqual(body);
  });

  it('--input - reads the body from stdin', async () => {
    const result = await api(['-X', 'PATCH', '/groups/{projectId}/privateIpMode', '--input', '-'], { projectId: WRITES, input: '{"enabled": false}\n' });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ enabled: false });
  });

  it('--input with invalid JSON is a usage error with line and column', async () => {
    const result = await api(['-X', 'PATCH', '/groups/{projectId}/privateIpMode', '--input', '-'], { projectId: WRITES, input: '{\n  "enabled": fals\n}' });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cdba: stdin: invalid JSON at line \d+, column \d+: /);
  });

  it('-f builds a JSON body: values that parse as JSON are JSON, others text', async () => {
    const result = await api(
      ['-X', 'PATCH', '/groups/{projectId}/clusters/c1', '-f', 'terminationProtectionEnabled=true', '-f', 'tags=[{"key":"team","value":"db"}]'],
      { projectId: WRITES },
    );
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'c1', terminationProtectionEnabled: true, tags: [{ key: 'team', value: 'db' }] });
    expect(cluster('c1')?.lastRequestBody).toEqual({ terminationProtectionEnabled: true, tags: [{ key: 'team', value: 'db' }] });
  });

  it('-f on GET gives query parameters', async () => {
    const result = await api(['-X', 'GET', '/groups/{projectId}/clusters', '-f', 'itemsPerPage=2', '-f', 'pageNum=3', '-f', 'includeCount=false']);
    expect(result.exitCode).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.results.map((c: { name: string }) => c.name)).toEqual(['a5']);
    expect(document.totalCount).toBeUndefined();
  });

  it('-H adds a header: an Accept of another version is served that version', async () => {
    const result = await api(['/groups/{projectId}/clusters/a1', '-H', 'Accept: application/vnd.atlas.2023-01-01+json', '--include']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('content-type: application/vnd.atlas.2023-01-01+json;charset=utf-8\n');
    const body = JSON.parse(result.stdout.slice(result.stdout.indexOf('\n\n') + 2));
    expect(body.providerSettings).toMatchObject({ providerName: 'AWS', instanceSizeName: 'M10' });
    expect(result.stderr).toMatch(/^cdba: warning: API version 2023-01-01 of clusters is deprecated/);
  });

  it('-H cannot override Authorization (or framing headers), and must be Name: value', async () => {
    const offline = { CDBA_BASE_URL: 'http://127.0.0.1:9' };
    const cases: Array<[string, string]> = [
      ['Authorization: Bearer x', "cdba: -H Authorization: cdba sets this header itself from the profile's credentials; it cannot be overridden\n"],
      ['host: example.com', 'cdba: -H host: cdba sets this header itself; it cannot be overridden\n'],
      ['no colon', `cdba: invalid -H "no colon": expected 'Name: value'\n`],
    ];
    for (const [header, stderr] of cases) {
      expect(await api(['/', '-H', header], { env: offline })).toEqual({ exitCode: 2, stdout: '', stderr });
    }
  });
});

describe.concurrent('api: --paginate, --include, --api-version', () => {
  it('--paginate follows next links and merges results into one document', async () => {
    const result = await api(['/groups/{projectId}/clusters', '--paginate', '-f', 'itemsPerPage=2', '--debug']);
    expect(result.exitCode).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.results.map((c: { name: string }) => c.name)).toEqual(NAMES);
    expect(document.totalCount).toBe(5);
    expect(document.links).toEqual([{ rel: 'self', href: `${emu.url}/api/atlas/v2/groups/${READS}/clusters?includeCount=true&pageNum=1&itemsPerPage=2` }]);
    // Page 1 as asked (after the digest challenge), then the service's next links.
    expect(new Set(traced(result.stderr))).toEqual(
      new Set([
        `GET ${emu.url}/api/atlas/v2/groups/${READS}/clusters?itemsPerPage=2`,
        `GET ${emu.url}/api/atlas/v2/groups/${READS}/clusters?includeCount=true&itemsPerPage=2&pageNum=2`,
        `GET ${emu.url}/api/atlas/v2/groups/${READS}/clusters?includeCount=true&itemsPerPage=2&pageNum=3`,
      ]),
    );
  });

  it('--paginate with --query, in a pipeline', async () => {
    const result = await api(['/groups/{projectId}/clusters?itemsPerPage=1', '--paginate', '-o', 'json', '--query', 'results[].name']);
    expect(result).toEqual({ exitCode: 0, stdout: `${JSON.stringify(NAMES)}\n`, stderr: '' });
  });

  it('--paginate: refused for non-GET, with --include, and for a path that is not a list', async () => {
    const offline = { CDBA_BASE_URL: 'http://127.0.0.1:9' };
    expect(await api(['-X', 'POST', '/groups/{projectId}/clusters', '--paginate'], { env: offline })).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: 'cdba: --paginate follows list pages, so it needs GET, not POST\n',
    });
    expect((await api(['/', '--paginate', '--include'], { env: offline })).stderr).toBe(
      'cdba: --paginate and --include cannot be combined: --paginate prints one merged document\n',
    );
    const notList = await api(['/groups/{projectId}/privateIpMode', '--paginate']);
    expect(notList).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `cdba: --paginate: /groups/${READS}/privateIpMode did not answer a list (no results array); run it without --paginate\n`,
    });
  });

  it('--paginate on an HTTP error still prints the error body', async () => {
    const result = await api(['/groups/{projectId}/nothing', '--paginate']);
    expectHttpError(result, 4, 'RESOURCE_NOT_FOUND', /^cdba: Cannot find resource .+\(RESOURCE_NOT_FOUND, HTTP 404\)\n$/);
  });

  it('--include prints the status line and response headers, never credentials', async () => {
    const result = await api(['/', '--include', '--debug']);
    expect(result.exitCode).toBe(0);
    const [head, body] = result.stdout.split('\n\n');
    const lines = head!.split('\n');
    expect(lines[0]).toBe('HTTP/1.1 200 OK');
    expect(lines).toContain('content-type: application/vnd.atlas.2023-01-01+json;charset=utf-8');
    expect(lines.some((l) => /^content-length: \d+$/.test(l))).toBe(true);
    expect(JSON.parse(body!)).toMatchObject({ appName: 'MongoDB Atlas', apiKey: { publicKey: OWNER.publicKey } });
    for (const text of [result.stdout, result.stderr]) expect(text).not.toContain(OWNER.privateKey);
    expect(result.stdout.toLowerCase()).not.toContain('authorization');
    expect(result.stdout).not.toMatch(/Digest|www-authenticate/i);
    // The request was signed: the trace shows the header, redacted.
    expect(result.stderr).toContain('> authorization: Digest [REDACTED]');
  });

  it('--include on an error: status line, X-Error-Code, body, then the error line', async () => {
    const result = await api(['/groups/{projectId}/clusters/nope', '--include']);
    expect(result.exitCode).toBe(4);
    expect(result.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\n/);
    expect(result.stdout).toContain('x-error-code: CLUSTER_NOT_FOUND\n');
    expect(JSON.parse(result.stdout.slice(result.stdout.indexOf('\n\n') + 2))).toMatchObject({ errorCode: 'CLUSTER_NOT_FOUND', error: 404 });
    expect(result.stderr).toBe(`cdba: No cluster named nope exists in group ${READS}. (CLUSTER_NOT_FOUND, HTTP 404)\n`);
  });

  it('--api-version v1.0 calls the legacy API', async () => {
    const result = await api(['--api-version', 'v1.0', '/groups/{projectId}/clusters/a1', '--include']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('content-type: application/json');
    const body = JSON.parse(result.stdout.slice(result.stdout.indexOf('\n\n') + 2));
    expect(body.links[0].href).toBe(`${emu.url}/api/atlas/v1.0/groups/${READS}/clusters/a1`);
    expect(body.mongoURIWithOptions).toMatch(/^mongodb:\/\/a1-shard-00-00\./);
  });

  it('--api-version DATE resolves per operation, as the other commands do; -H Accept sends a date as is (the service\'s 406 before the first version)', async () => {
    // privateIpMode has only 2023-01-01: a pin of 2024-10-23 calls it there (it used to send 2024-10-23 and get a 406).
    const pinned = await api(['--api-version', '2024-10-23', '/groups/{projectId}/privateIpMode', '--include']);
    expect(pinned.exitCode, pinned.stderr).toBe(0);
    expect(pinned.stdout).toContain('content-type: application/vnd.atlas.2023-01-01+json;charset=utf-8\n');
    const result = await api(['/groups/{projectId}/privateIpMode', '-H', 'Accept: application/vnd.atlas.2022-06-01+json']);
    expectHttpError(
      result,
      1,
      'INVALID_VERSION_DATE',
      /^cdba: .+\(INVALID_VERSION_DATE, HTTP 406\); the path is not served at API version [0-9-]+; choose another with --api-version\n$/,
    );
  });

  it('without --api-version a known resource is called at the version the profile date maps to', async () => {
    // The profile says 2023-02-01; privateIpMode exists only at 2023-01-01.
    const result = await api(['/groups/{projectId}/privateIpMode', '--include'], { env: { CDBA_API_VERSION: '2023-02-01' } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('content-type: application/vnd.atlas.2023-01-01+json;charset=utf-8\n');
  });
});

describe.concurrent('api: output and errors', () => {
  it('-o pretty indents; a TTY gets indented JSON by default; --query applies', async () => {
    const pretty = await api(['/groups/{projectId}/privateIpMode', '-o', 'pretty']);
    expect(pretty.stdout).toBe(`{\n  "enabled": false,\n  "links": [\n    {\n      "href": "${emu.url}/api/atlas/v2/groups/${READS}/privateIpMode",\n      "rel": "self"\n    }\n  ]\n}\n`);
    const tty = await api(['/groups/{projectId}/privateIpMode'], { env: { CDBA_FORCE_TTY: '1' } });
    expect(tty.stdout).toBe(pretty.stdout);
    const query = await api(['/groups/{projectId}/clusters', '--query', 'results[?name==`a3`].stateName | [0]']);
    expect(query).toEqual({ exitCode: 0, stdout: '"IDLE"\n', stderr: '' });
  });

  it('an unknown path: the error body on stdout, one line on stderr, exit 4', async () => {
    const result = await api(['/groups/{projectId}/nothing']);
    const body = expectHttpError(result, 4, 'RESOURCE_NOT_FOUND', /^cdba: Cannot find resource .+\(RESOURCE_NOT_FOUND, HTTP 404\)\n$/);
    expect(body.parameters).toEqual([`/api/atlas/v2/groups/${READS}/nothing`]);
  });

  it('an HTTP error is the run\'s error whatever --query makes of its body: exit 4, not a query error', async () => {
    const result = await api(['/groups/{projectId}/clusters/nope', '--query', 'length(results)']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/^cdba: .+\(CLUSTER_NOT_FOUND, HTTP 404\)\n$/);
    expect(result.stdout).toBe('');
    const detail = await api(['/groups/{projectId}/clusters/nope', '--query', 'errorCode']);
    expect(detail.exitCode).toBe(4);
    expect(detail.stdout).toBe('"CLUSTER_NOT_FOUND"\n');
    const paged = await api(['/groups/{projectId}/clusters/nope/x', '--paginate', '--query', 'length(results)']);
    expect(paged.exitCode).toBe(4);
    expect(paged.stderr).toMatch(/HTTP 404\)\n$/);
  });

  it('a 2xx body that is not JSON is printed as it is (control characters escaped on a terminal; bytes as they came into a pipe), exit 0', async () => {
    const gzip = gzipSync('a log line\n');
    const server = createServer((req, res) => {
      if (req.url?.endsWith('.gz')) {
        res.writeHead(200, { 'content-type': 'application/vnd.atlas.2023-02-01+gzip' });
        res.end(gzip);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('plain text\x1b[31m red\nsecond line\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const piped = await cdba(['api', '/groups/{projectId}/anything'], { env: ownerEnv(url, READS) });
      expect(piped).toEqual({ exitCode: 0, stdout: 'plain text\x1b[31m red\nsecond line\n', stderr: '' });
      const tty = await cdba(['api', '/groups/{projectId}/anything'], { env: ownerEnv(url, READS), tty: true });
      expect(tty.exitCode).toBe(0);
      expect(tty.stdout).not.toContain('\x1b');
      expect(tty.stdout).toMatch(/^plain text.+ red\nsecond line\n$/);
      // Bytes that are not text go into a pipe as they came (the capture reads them as UTF-8).
      const bytes = await cdba(['api', '/groups/{projectId}/clusters/h1/logs/mongodb.gz'], { env: ownerEnv(url, READS) });
      expect(bytes).toEqual({ exitCode: 0, stdout: gzip.toString('utf8'), stderr: '' });
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });

  it('bad credentials: the 401 body on stdout, exit 3 with a hint', async () => {
    const result = await api(['/groups/{projectId}/clusters'], { env: { CDBA_PRIVATE_KEY: 'wrong-key' } });
    expectHttpError(result, 3, 'UNEXPECTED_ERROR', /^cdba: You are not authorized for this resource\. \(UNEXPECTED_ERROR, HTTP 401\); check the credentials/);
  });
});
