// Starts an emulator for a test file and gives the environment a CLI run needs.
// Tests call `emu.stop()` in afterAll. Also a small digest client for tests that
// talk HTTP directly (the digest maths is src/auth/digest.ts, as in the CLI).
import { authorizationHeader, newCnonce, parseChallenge } from '../../src/auth/digest.js';
import type { DigestChallenge } from '../../src/auth/digest.js';
import { startEmulator } from '../../src/emulator/index.js';
import type { EmulatorOptions, RunningEmulator } from '../../src/emulator/index.js';

export async function withEmulator(options?: EmulatorOptions): Promise<{ emu: RunningEmulator; env: Record<string, string> }> {
  const emu = await startEmulator(options);
  const env = {
    CDBA_BASE_URL: emu.url,
    CDBA_PUBLIC_KEY: emu.defaults.owner.publicKey,
    CDBA_PRIVATE_KEY: emu.defaults.owner.privateKey,
    CDBA_PROJECT_ID: emu.defaults.projectId,
  };
  return { emu, env };
}

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The body as received (a gzip file's bytes). */
  bytes: Buffer;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** An object is sent as JSON with Content-Type application/json unless headers say otherwise. */
  body?: unknown;
}

async function toResult(response: Response): Promise<HttpResult> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json, bytes };
}

function encodeBody(options: RequestOptions): { headers: Record<string, string>; body?: string } {
  const headers = { ...options.headers };
  if (options.body === undefined) return { headers };
  if (typeof options.body === 'string') return { headers, body: options.body };
  if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  return { headers, body: JSON.stringify(options.body) };
}

/** A request without credentials. */
export async function plainRequest(baseUrl: string, method: string, path: string, options: RequestOptions = {}): Promise<HttpResult> {
  const { headers, body } = encodeBody(options);
  return toResult(await fetch(baseUrl + path, { method, headers, ...(body !== undefined ? { body } : {}) }));
}

/**
 * A digest client like a well-behaved library: remembers the last challenge, counts nc up,
 * and answers a 401 (stale or not) by retrying once with the fresh challenge.
 */
export class DigestClient {
  private challenge: DigestChallenge | undefined;
  private nc = 0;
  /** Authorization headers sent, in order (for replay tests). */
  readonly sent: string[] = [];

  constructor(
    readonly baseUrl: string,
    readonly username: string,
    readonly password: string,
  ) {}

  authorization(method: string, uri: string): string | undefined {
    if (!this.challenge) return undefined;
    this.nc += 1;
    return authorizationHeader({
      algorithm: this.challenge.algorithm,
      username: this.username,
      password: this.password,
      realm: this.challenge.realm,
      nonce: this.challenge.nonce,
      method,
      uri,
      qop: 'auth',
      nc: this.nc,
      cnonce: newCnonce(),
    });
  }

  adopt(wwwAuthenticate: string[]): DigestChallenge | undefined {
    this.challenge = parseChallenge(wwwAuthenticate);
    this.nc = 0;
    return this.challenge;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult> {
    const { headers, body } = encodeBody(options);
    const once = async (): Promise<HttpResult> => {
      const auth = this.authorization(method, path);
      if (auth) this.sent.push(auth);
      const response = await fetch(this.baseUrl + path, {
        method,
        headers: { ...headers, ...(auth ? { Authorization: auth } : {}) },
        ...(body !== undefined ? { body } : {}),
      });
      return toResult(response);
    };
    const first = await once();
    if (first.status !== 401) return first;
    const challenges = wwwAuthenticate(first.headers);
    if (challenges.length === 0) return first;
    this.adopt(challenges);
    return once();
  }
}

/** Every WWW-Authenticate value of a response (fetch joins repeated headers with ", "). */
export function wwwAuthenticate(headers: Headers): string[] {
  const joined = headers.get('www-authenticate');
  if (!joined) return [];
  return joined.split(/,\s*(?=Digest\s)/);
}

/** Accept header of a v2 call at a given resource version. */
export const accept = (version: string): Record<string, string> => ({ Accept: `application/vnd.atlas.${version}+json` });
