// Versions, headers, error mapping, timeouts and network failures against local servers.
import { afterEach, describe, expect, test } from 'vitest';
import { ApiError, ExitCode, NetworkError, TimeoutError, UsageError } from '../../../src/base/errors.js';
import { createApiClient, SILENT_EVENTS, type ApiClient } from '../../../src/api/client.js';
import { InvalidResponseError, PaginationError } from '../../../src/api/errors.js';
import { getCluster, listClusters } from '../../../src/api/resources/clusters.js';
import { getPrivateIpMode, setPrivateIpMode } from '../../../src/api/resources/privateIpMode.js';
import { getRoot } from '../../../src/api/resources/root.js';
import { clientFor, errorDoc, json, settingsFor, startServer, type Handler, type TestServer } from './servers.js';
import { closedPort } from '../../reliability/support.js';

let server: TestServer | undefined;
let client: ApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

async function serve(handler: Handler, settings: Parameters<typeof settingsFor>[1] = {}, options: Parameters<typeof clientFor>[1] = {}) {
  server = await startServer(handler);
  const made = clientFor(settingsFor(server.url, settings), options);
  client = made.client;
  return made;
}

const echo: Handler = (req, res) => json(res, 200, { url: req.url }, { 'content-type': 'application/vnd.atlas.2023-02-01+json;charset=utf-8' });

describe('requests', () => {
  test('v2 resources send the versioned Accept and Content-Type; paths are encoded', async () => {
    await serve(echo);
    const got = await getCluster(client!, 'p/1', 'my cluster');
    expect(got.url).toBe(`${server!.url}/api/atlas/v2/groups/p%2F1/clusters/my%20cluster`);
    expect(got.servedVersion).toBe('2023-02-01');
    await setPrivateIpMode(client!, 'p1', false);
    const [first, second] = server!.received;
    expect(first!.headers.accept).toBe('application/vnd.atlas.2023-02-01+json');
    expect(first!.headers['content-type']).toBeUndefined();
    expect(first!.headers['user-agent']).toBe(`cdba/0.0.0-test (node ${process.versions.node}; ${process.platform}; ${process.arch})`);
    expect(second!.method).toBe('PATCH');
    expect(second!.url).toBe('/api/atlas/v2/groups/p1/privateIpMode');
    expect(second!.headers.accept).toBe('application/vnd.atlas.2023-01-01+json');
    expect(second!.headers['content-type']).toBe('application/vnd.atlas.2023-01-01+json');
    expect(second!.body).toBe('{"enabled":false}');
  });

  test('apiVersion v1.0 uses /api/atlas/v1.0 and application/json for everything', async () => {
    await serve(echo, { apiVersion: 'v1.0' });
    await getRoot(client!);
    // The echo is no list (listClusters rejects it, exit 7): only the request is checked here.
    await expect(listClusters(client!, 'p1', { pageNum: 2, itemsPerPage: 10, includeCount: false })).rejects.toThrow(/expected a list/);
    await getPrivateIpMode(client!, 'p1');
    expect(server!.received.map((r) => [r.url, r.headers.accept])).toEqual([
      ['/api/atlas/v1.0', 'application/json'],
      ['/api/atlas/v1.0/groups/p1/clusters?pageNum=2&itemsPerPage=10&includeCount=false', 'application/json'],
      ['/api/atlas/v1.0/groups/p1/privateIpMode', 'application/json'],
    ]);
  });

  test('the date picks each resource its newest version not after it', async () => {
    await serve(echo, { apiVersion: '2023-01-15' });
    await getRoot(client!);
    await getCluster(client!, 'p1', 'c');
    expect(server!.received.map((r) => [r.url, r.headers.accept])).toEqual([
      ['/api/atlas/v2', 'application/vnd.atlas.2023-01-01+json'],
      ['/api/atlas/v2/groups/p1/clusters/c', 'application/vnd.atlas.2023-01-01+json'],
    ]);
  });

  test('an explicit version for the raw api command, and HTTP errors returned instead of thrown', async () => {
    await serve((req, res) => json(res, 404, errorDoc(404, 'RESOURCE_NOT_FOUND', `Cannot find resource ${req.url}.`)));
    const response = await client!.request({ method: 'GET', resource: { version: '2024-08-05' }, path: '/groups/p1/clusters', query: { pretty: true }, throwOnError: false });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ errorCode: 'RESOURCE_NOT_FOUND' });
    expect(server!.received[0]!.url).toBe('/api/atlas/v2/groups/p1/clusters?pretty=true');
    expect(server!.received[0]!.headers.accept).toBe('application/vnd.atlas.2024-08-05+json');
    await client!.request({ method: 'GET', resource: { version: 'v1.0' }, path: '/x', throwOnError: false });
    expect(server!.received[1]!.url).toBe('/api/atlas/v1.0/x');
  });

  test('bad versions, base URLs, paths and missing project IDs fail before any request (exit 2)', async () => {
    await serve(echo);
    await expect(client!.request({ method: 'GET', resource: { version: '2023-02-30' }, path: '/x' })).rejects.toThrow(UsageError);
    await expect(client!.request({ method: 'GET', resource: 'clusters.list', path: 'x' })).rejects.toThrow(/must start with/);
    expect(() => createApiClient({ settings: settingsFor('http://example.com'), events: SILENT_EVENTS, configDir: '/tmp', userAgentVersion: '0' })).toThrow(UsageError);
    expect(() => createApiClient({ settings: settingsFor(server!.url, { apiVersion: '2022-01-01' }), events: SILENT_EVENTS, configDir: '/tmp', userAgentVersion: '0' })).not.toThrow();
    await expect(getCluster(createApiClient({ settings: settingsFor(server!.url, { apiVersion: '2022-01-01' }), events: SILENT_EVENTS, configDir: '/tmp', userAgentVersion: '0' }), 'p', 'c')).rejects.toThrow(
      'API version 2022-01-01 is older than the first version of clusters (2023-01-01)',
    );
    expect(server!.received).toHaveLength(0);
  });
});

describe('version errors and deprecation', () => {
  test('410 names the version to use', async () => {
    await serve((_req, res) => json(res, 410, errorDoc(410, 'VERSION_GONE', 'The version is gone.')), { apiVersion: '2023-01-01' });
    const error = (await getCluster(client!, 'p', 'c').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('API version 2023-01-01 of clusters has been removed (VERSION_GONE, HTTP 410)');
    // The api layer names the setting; the CLI names the flag (src/main.ts remedyHint).
    expect(error.remedy).toEqual({ setting: 'apiVersion', version: '2024-08-05' });
    expect(error.exitCode).toBe(ExitCode.general);
  });

  test('406 on an explicit version names the newest known one', async () => {
    await serve((_req, res) => json(res, 406, errorDoc(406, 'INVALID_VERSION_DATE', 'Invalid version date.')));
    const error = (await client!.request({ method: 'GET', resource: { version: '2022-06-01' }, path: '/groups/p/clusters' }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('the service does not accept API version 2022-06-01 for clusters (INVALID_VERSION_DATE, HTTP 406)');
    expect(error.remedy).toEqual({ setting: 'apiVersion', version: '2024-08-05' });
  });

  test('Deprecation and Sunset give one warning line per client', async () => {
    const made = await serve((_req, res) =>
      json(res, 200, {}, { 'content-type': 'application/vnd.atlas.2023-02-01+json;charset=utf-8', deprecation: 'Mon, 5 Aug 2024 00:00:00 GMT', sunset: 'Thu, 1 Jul 2027 00:00:00 GMT' }),
    );
    await getCluster(client!, 'p', 'a');
    await getCluster(client!, 'p', 'b');
    expect(made.io.stderr).toBe('cdba: warning: API version 2023-02-01 of clusters is deprecated (since 2024-08-05) and will be removed on 2027-07-01\n');
  });
});

describe('bad answers', () => {
  const HTML = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center></body></html>';

  test('an HTML 502 is a clear error with status and excerpt (after the retries)', async () => {
    await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html', 'retry-after': '0' });
      res.end(HTML);
    }, {}, { retry: { maxAttempts: 2 } });
    const error = (await getCluster(client!, 'p', 'c').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('the service answered with a non-JSON error body: "<html> <head><title>502 Bad Gateway</title></head> <body><center><h1>502 Bad Gat…" (HTTP 502)');
    expect(error.exitCode).toBe(ExitCode.server);
    expect(server!.received).toHaveLength(2);
  });

  test('a 200 that is not JSON, or invalid JSON, is InvalidResponseError (exit 7)', async () => {
    await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url!.endsWith('/html') ? '<html>maintenance</html>' : '{"results":[{"name":"a"');
    });
    const html = (await getCluster(client!, 'p', 'html').catch((e: unknown) => e)) as InvalidResponseError;
    expect(html).toBeInstanceOf(InvalidResponseError);
    expect(html.message).toMatch(/^the service answered HTTP 200 with a body that is not JSON for .*: "<html>maintenance<\/html>"$/);
    expect(html.exitCode).toBe(ExitCode.server);
    const cut = (await getCluster(client!, 'p', 'cut').catch((e: unknown) => e)) as InvalidResponseError;
    expect(cut.message).toContain('with truncated or invalid JSON');
  });

  test('a body cut off by the connection closing is a NetworkError (exit 7)', async () => {
    await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"results":[');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    const error = (await getCluster(client!, 'p', 'c').catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.exitCode).toBe(ExitCode.server);
    expect(error.message).toMatch(/^the connection to 127\.0\.0\.1:\d+ broke before a complete response/);
    // Not resumed with a Range request: a JSON API does not honour one.
    expect(server!.received).toHaveLength(1);
  });

  test('a redirect is an error that points at the base URL', async () => {
    await serve((_req, res) => {
      res.writeHead(302, { location: 'https://login.example/' });
      res.end();
    });
    await expect(getCluster(client!, 'p', 'c')).rejects.toThrow('unexpected redirect to https://login.example/; check the base URL (HTTP 302)');
  });

  test('a next link that loops stops with a PaginationError', async () => {
    await serve((req, res) => json(res, 200, { results: [{ name: 'c' }], links: [{ rel: 'next', href: `http://elsewhere.example${req.url!.includes('pageNum=2') ? '/api/atlas/v2/groups/p/clusters?pageNum=1' : '/api/atlas/v2/groups/p/clusters?pageNum=2'}` }] }));
    const pages: unknown[] = [];
    const error = await (async () => {
      for await (const page of client!.pages('/groups/p/clusters', 'clusters.list', { pageNum: 1 })) pages.push(page);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).exitCode).toBe(ExitCode.general);
    expect(pages).toHaveLength(2);
    // Links to another host are followed on the configured origin only.
    expect(server!.received.map((r) => r.url)).toEqual(['/api/atlas/v2/groups/p/clusters?pageNum=1', '/api/atlas/v2/groups/p/clusters?pageNum=2']);
  });
});

describe('timeouts and network failures', () => {
  test('no response headers within the timeout is a TimeoutError (exit 7)', async () => {
    await serve(() => undefined, {}, { timeoutMs: 300 });
    const error = (await getCluster(client!, 'p', 'c').catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.exitCode).toBe(ExitCode.server);
    expect(error.message).toMatch(/^no response from 127\.0\.0\.1:\d+ within 0\.3s/);
    expect(server!.received).toHaveLength(1);
  });

  test('a body that stalls is a TimeoutError', async () => {
    // The head, then no byte: "stalled" (nothing for half the deadline) whatever the machine's speed.
    await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
    }, {}, { timeoutMs: 300 });
    const error = (await getCluster(client!, 'p', 'c').catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(/stalled for more than 0\.3s/);
  });

  test('connection refused is a NetworkError naming the host', async () => {
    const port = await closedPort(); // not one bound and released: a parallel worker's server can be given that one
    ({ client } = clientFor(settingsFor(`http://127.0.0.1:${port}`)));
    const error = (await getCluster(client, 'p', 'c').catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe(`cannot connect to 127.0.0.1:${port}: connection refused`);
    expect(error.exitCode).toBe(ExitCode.server);
  });

  test('an unresolvable host is a NetworkError', async () => {
    ({ client } = clientFor(settingsFor('https://no-such-host.invalid')));
    const error = (await getCluster(client, 'p', 'c').catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('cannot resolve host no-such-host.invalid');
  });
});

describe('closing', () => {
  // Error.stackTraceLimit is the process's: other calls running in it (in-process
  // tests) lost their stacks while one client closed with it at 0.
  test('close() leaves Error.stackTraceLimit alone; only a process-ending close makes undici\'s closing error without frames', async () => {
    const limit = Error.stackTraceLimit;
    await serve(echo);
    await getRoot(client!);
    const closing = client!.close();
    client = undefined; // closed here, not by afterEach
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('meanwhile').stack).toMatch(/\n\s+at /);
    await closing;

    const made = clientFor(settingsFor(server!.url));
    await getRoot(made.client);
    const ending = made.client.close({ processEnding: true });
    expect(Error.stackTraceLimit).toBe(0);
    await ending;
    expect(Error.stackTraceLimit).toBe(limit);
  });
});
