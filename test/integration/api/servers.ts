// Small node:http servers for the API-layer integration tests, on 127.0.0.1:0.
// Each records what it received so tests can count requests and inspect headers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { apiEventsFor } from '../../../src/core/apiEvents.js';
import { IO, type TestIO } from '../../../src/base/io.js';
import type { Settings } from '../../../src/config/settings.js';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../../src/api/client.js';
import { tempDir } from '../../helpers/cli.js';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string, index: number) => void | Promise<void>;

export interface TestServer {
  url: string;
  received: Received[];
  server: Server;
  close(): Promise<void>;
}

async function listen(server: Server, scheme: 'http' | 'https', handler: Handler, received: Received[]): Promise<TestServer> {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const index = received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }) - 1;
      Promise.resolve(handler(req, res, body, index)).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    received,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startServer(handler: Handler): Promise<TestServer> {
  return listen(createServer(), 'http', handler, []);
}

export function startTlsServer(tls: { key: string; cert: string }, handler: Handler): Promise<TestServer> {
  return listen(createTlsServer(tls), 'https', handler, []);
}

/** Writes a JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function errorDoc(status: number, errorCode: string, detail: string, reason = 'Error'): Record<string, unknown> {
  return { detail, error: status, errorCode, parameters: [], reason };
}

export function settingsFor(url: string, extra: Partial<Settings> = {}): Settings {
  return { profileName: 'test', baseUrl: url, apiVersion: '2023-02-01', service: 'atlas', ...extra };
}

export interface ClientWithIO {
  client: ApiClient;
  io: TestIO;
  configDir: string;
}

/** A client over a TestIO; close it in afterEach/finally. Its 20 s deadline only stops a hung test (a slow machine is no failure). */
export function clientFor(settings: Settings, options: Partial<Omit<ApiClientOptions, 'settings' | 'events'>> & { io?: TestIO } = {}): ClientWithIO {
  const io = options.io ?? IO.test();
  const configDir = options.configDir ?? tempDir('cdba-api-');
  const client = createApiClient({ userAgentVersion: '0.0.0-test', timeoutMs: 20_000, ...options, settings, events: apiEventsFor(io), signal: io.signal, configDir });
  return { client, io, configDir };
}

import { randomBytes } from 'node:crypto';
import { digestResponse, parseAuthorization, type DigestAlgorithm } from '../../../src/auth/digest.js';

export interface DigestGate {
  /** True when the request is authenticated; otherwise it has answered 401. */
  check(req: IncomingMessage, res: ServerResponse): boolean;
  /** 401s sent with a challenge. */
  challenges: number;
  /** Makes every current nonce stale, as an expiry would. */
  expireNonces(): void;
  /** nc values seen, per nonce. */
  ncSeen: Map<string, string[]>;
}

/** A digest verifier for test servers: nonce expiry (stale=true) and nc replay rejection. */
export function digestGate(options: { username: string; password: string; algorithm?: DigestAlgorithm; realm?: string; challengeHeader?: string }): DigestGate {
  const realm = options.realm ?? 'MMS Public API';
  const algorithm = options.algorithm ?? 'MD5';
  const live = new Set<string>();
  const expired = new Set<string>();
  const ncSeen = new Map<string, string[]>();
  const gate: DigestGate = {
    challenges: 0,
    ncSeen,
    expireNonces() {
      for (const n of live) expired.add(n);
      live.clear();
    },
    check(req, res) {
      const challenge = (stale: boolean): false => {
        const nonce = randomBytes(12).toString('base64');
        live.add(nonce);
        gate.challenges++;
        const header =
          options.challengeHeader ??
          `Digest realm="${realm}", domain="", nonce="${nonce}", algorithm=${algorithm}, qop="auth", stale=${stale}`;
        json(res, 401, errorDoc(401, 'UNEXPECTED_ERROR', 'You are not authorized for this resource.', 'Unauthorized'), { 'www-authenticate': header });
        return false;
      };
      const auth = parseAuthorization(req.headers.authorization);
      if (!auth) return challenge(false);
      const nonce = auth.nonce ?? '';
      if (expired.has(nonce)) return challenge(true);
      if (!live.has(nonce) || auth.username !== options.username || auth.realm !== realm) return challenge(false);
      const seen = ncSeen.get(nonce) ?? [];
      if (auth.nc && seen.includes(auth.nc)) return challenge(false); // replay
      const expected = digestResponse({
        algorithm,
        username: options.username,
        password: options.password,
        realm,
        nonce,
        method: req.method ?? 'GET',
        uri: auth.uri ?? '',
        ...(auth.qop === 'auth' ? { qop: 'auth' as const, nc: parseInt(auth.nc ?? '0', 16), cnonce: auth.cnonce ?? '' } : {}),
      });
      if (auth.uri !== req.url || auth.response !== expected) return challenge(false);
      seen.push(auth.nc ?? '');
      ncSeen.set(nonce, seen);
      return true;
    },
  };
  return gate;
}
