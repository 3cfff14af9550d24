// Service-account bearer tokens (OAuth 2 client credentials). A token is kept
// until shortly before it expires: in memory, and in a 0600 file under the config
// dir so that consecutive cdba invocations reuse it instead of asking again.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TokenGrant {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  obtainedAt: number;
}

export class TokenResponseError extends Error {}

/** Validates `{access_token, token_type: "Bearer", expires_in}` from the token endpoint. */
export function parseTokenResponse(body: unknown, now: number): TokenGrant {
  if (typeof body !== 'object' || body === null) throw new TokenResponseError('the token response is not a JSON object');
  const { access_token: token, token_type: type, expires_in: expiresIn } = body as Record<string, unknown>;
  if (typeof token !== 'string' || token === '') throw new TokenResponseError('the token response has no access_token');
  if (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== 'bearer')) {
    throw new TokenResponseError(`the token response has token_type "${String(type)}", not Bearer`);
  }
  const seconds = typeof expiresIn === 'number' ? expiresIn : typeof expiresIn === 'string' ? Number(expiresIn) : 3600;
  if (!Number.isFinite(seconds) || seconds <= 0) throw new TokenResponseError('the token response has an invalid expires_in');
  return { accessToken: token, expiresAt: now + seconds * 1000, obtainedAt: now };
}

/** A grant is used until a margin before expiry: a minute, or a tenth of its life if shorter. */
export function isGrantUsable(grant: TokenGrant, now: number): boolean {
  const margin = Math.min(60_000, (grant.expiresAt - grant.obtainedAt) / 10);
  return now < grant.expiresAt - margin;
}

/** The token file: `<configDir>/tokens/<sha256(baseUrl + "\n" + clientId)>.json`, mode 0600 in a 0700 dir. */
export class TokenFileCache {
  readonly file: string;
  private readonly dir: string;

  constructor(configDir: string, baseUrl: string, clientId: string) {
    // Keyed by base URL too, so a token from the emulator is never sent to the real service.
    const key = createHash('sha256').update(`${baseUrl}\n${clientId}`).digest('hex');
    this.dir = join(configDir, 'tokens');
    this.file = join(this.dir, `${key}.json`);
  }

  read(): TokenGrant | undefined {
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<TokenGrant>;
      if (typeof data.accessToken === 'string' && typeof data.expiresAt === 'number' && typeof data.obtainedAt === 'number') {
        return { accessToken: data.accessToken, expiresAt: data.expiresAt, obtainedAt: data.obtainedAt };
      }
    } catch {
      // Missing or unreadable: fetch a new token.
    }
    return undefined;
  }

  /**
   * Writes atomically (temp file, rename) so a concurrent reader never sees half a file.
   * Best effort: a cache that cannot be written (read-only or full disk) costs
   * one token request next time, and must not fail the command that got the token.
   */
  write(grant: TokenGrant): void {
    const temp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      writeFileSync(temp, JSON.stringify(grant), { mode: 0o600 });
      renameSync(temp, this.file);
    } catch {
      try {
        rmSync(temp, { force: true });
      } catch {
        // Nothing was written.
      }
    }
  }

  remove(): void {
    try {
      rmSync(this.file, { force: true });
    } catch {
      // A stale token that cannot be removed is refused again, and then replaced.
    }
  }
}

export interface BearerToken {
  token: string;
  /** True when obtained from the token endpoint just now (a 401 then means bad credentials). */
  fresh: boolean;
}

export class ServiceAccountTokens {
  private grant: TokenGrant | undefined;
  private inflight: Promise<TokenGrant> | undefined;

  constructor(
    private readonly options: {
      cache: TokenFileCache;
      /** Asks the token endpoint; resolves with the parsed grant. */
      fetchGrant: () => Promise<TokenGrant>;
      now?: () => number;
      /** Told about every token, so the debug trace can redact it. */
      onToken?: (token: string) => void;
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** A usable token: from memory, the file cache, or the token endpoint (one request at a time). */
  async get(): Promise<BearerToken> {
    const now = this.now();
    if (this.grant && isGrantUsable(this.grant, now)) return { token: this.grant.accessToken, fresh: false };
    const cached = this.options.cache.read();
    if (cached && isGrantUsable(cached, now)) {
      this.grant = cached;
      this.options.onToken?.(cached.accessToken);
      return { token: cached.accessToken, fresh: false };
    }
    return { token: (await this.fetch()).accessToken, fresh: true };
  }

  /** Forgets a token the service rejected, and gets a new one. */
  async refresh(rejected: string): Promise<BearerToken> {
    if (this.grant?.accessToken === rejected) this.grant = undefined;
    if (this.options.cache.read()?.accessToken === rejected) this.options.cache.remove();
    return this.get();
  }

  private fetch(): Promise<TokenGrant> {
    this.inflight ??= this.options
      .fetchGrant()
      .then((grant) => {
        this.options.onToken?.(grant.accessToken);
        this.grant = grant;
        this.options.cache.write(grant);
        return grant;
      })
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }
}
