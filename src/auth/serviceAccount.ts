// Service-account bearer tokens (OAuth 2 client credentials). A token is kept
// until shortly before it expires: in memory, and (for a profile's credentials) in a
// 0600 file under the config dir so that consecutive cdba invocations reuse it
// instead of asking again. Credentials from the environment get no file (no cache).
import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readOwnFileSync } from '../base/boundedRead.js';
import { dirname, join } from 'node:path';
import { UnsafePathError, untrustedReason, writePrivateFileSync } from '../base/privateFile.js';
import { fsReason } from '../base/fsError.js';

export interface TokenGrant {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  obtainedAt: number;
}

export class TokenResponseError extends Error {}

/** A JWT from the service is about 1 KB; a token past this is not one. */
export const MAX_TOKEN_LENGTH = 16 * 1024;
/** The longest a token is kept, whatever expires_in says (the service's tokens live an hour). */
export const MAX_TOKEN_LIFE_SECONDS = 24 * 3600;
/** RFC 6750 b64token: what an Authorization: Bearer header can carry as it is. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** A token an Authorization header can carry as it is, of a sane length. */
export function isSendableToken(token: string): boolean {
  return token.length <= MAX_TOKEN_LENGTH && B64TOKEN.test(token);
}

/**
 * Validates `{access_token, token_type: "Bearer", expires_in}` from the token
 * endpoint. A token that could not be sent (a newline, NUL, non-Latin-1 text) or
 * of absurd length is refused here, before it is cached and every later run fails.
 */
export function parseTokenResponse(body: unknown, now: number): TokenGrant {
  if (typeof body !== 'object' || body === null) throw new TokenResponseError('the token response is not a JSON object');
  const { access_token: token, token_type: type, expires_in: expiresIn } = body as Record<string, unknown>;
  if (typeof token !== 'string' || token === '') throw new TokenResponseError('the token response has no access_token');
  if (token.length > MAX_TOKEN_LENGTH) throw new TokenResponseError(`the token response has an access_token of ${token.length} characters, more than ${MAX_TOKEN_LENGTH}`);
  if (!isSendableToken(token)) throw new TokenResponseError('the token response has an access_token with characters a bearer token cannot hold (RFC 6750)');
  if (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== 'bearer')) {
    throw new TokenResponseError(`the token response has token_type "${String(type)}", not Bearer`);
  }
  const seconds = typeof expiresIn === 'number' ? expiresIn : typeof expiresIn === 'string' ? Number(expiresIn) : 3600;
  if (!Number.isFinite(seconds) || seconds <= 0) throw new TokenResponseError('the token response has an invalid expires_in');
  return { accessToken: token, expiresAt: now + Math.min(seconds, MAX_TOKEN_LIFE_SECONDS) * 1000, obtainedAt: now };
}

/** A grant is used until a margin before expiry: a minute, or a tenth of its life if shorter. */
export function isGrantUsable(grant: TokenGrant, now: number): boolean {
  const margin = Math.min(60_000, (grant.expiresAt - grant.obtainedAt) / 10);
  return now < grant.expiresAt - margin;
}

/**
 * The part of a token file's name that stands for the credentials: an HMAC-SHA256
 * of the client ID keyed by the secret. A wrong secret never finds a token that
 * the right one obtained, and the name reveals nothing about the secret.
 */
export function credentialKey(clientId: string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(`cdba token\n${clientId}`).digest('hex');
}

/**
 * The token file: `<configDir>/tokens/<credentialKey>-<sha256(baseUrl)>.json`,
 * mode 0600 in a 0700 dir. Keyed by base URL too, so a token from the emulator
 * is never sent to the real service.
 */
export class TokenFileCache {
  readonly file: string;
  readonly dir: string;

  constructor(configDir: string, baseUrl: string, clientId: string, clientSecret: string) {
    const urlKey = createHash('sha256').update(baseUrl).digest('hex');
    this.dir = tokensDir(configDir);
    this.file = join(this.dir, `${credentialKey(clientId, clientSecret)}-${urlKey}.json`);
  }

  /**
   * The cached grant, or undefined when there is none usable. A cache others could have
   * written (src/base/privateFile.ts untrustedReason) is refused (UnsafePathError, exit 2):
   * a token planted there would act as someone else's account.
   */
  read(): TokenGrant | undefined {
    let reason: string | undefined;
    try {
      reason = untrustedReason(this.file, [dirname(this.dir), this.dir]);
    } catch {
      return undefined; // unreadable places: fetch a new token, whose write says why it cannot be kept
    }
    if (reason) {
      throw new UnsafePathError(`refusing to read the service-account token cache ${this.file}: ${reason}`, {
        hint: `remove what you did not put there, or run chmod 700 ${this.dir}`,
      });
    }
    try {
      const data = JSON.parse(readOwnFileSync(this.file)) as Partial<TokenGrant>;
      if (typeof data.accessToken === 'string' && isSendableToken(data.accessToken) && typeof data.expiresAt === 'number' && typeof data.obtainedAt === 'number') {
        return { accessToken: data.accessToken, expiresAt: data.expiresAt, obtainedAt: data.obtainedAt };
      }
    } catch {
      // Missing or unreadable (even a directory in its place): fetch a new token.
    }
    return undefined;
  }

  /**
   * Writes atomically, never through a link, only into a config dir and tokens
   * dir of this user's alone (src/base/privateFile.ts); on failure the temp
   * file, which holds the token, is removed. Throws the fs error, or
   * UnsafePathError saying why the place is not private.
   */
  write(grant: TokenGrant): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writePrivateFileSync(this.file, JSON.stringify(grant), [dirname(this.dir), this.dir]);
  }

  /** Best effort: a token we cannot delete is one the service already refused. */
  remove(): void {
    try {
      rmSync(this.file, { force: true });
    } catch {
      // A directory in its place, or no permission: the next write fails and warns.
    }
  }
}

export function tokensDir(configDir: string): string {
  return join(configDir, 'tokens');
}

/**
 * Deletes every cached token of these credentials, for any base URL: after
 * `profile remove`, or when a profile's clientId or clientSecret changes.
 * Throws the fs error when the directory exists but cannot be cleaned.
 */
export function removeCachedTokens(configDir: string, clientId: string, clientSecret: string): void {
  const dir = tokensDir(configDir);
  const prefix = `${credentialKey(clientId, clientSecret)}-`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return; // no cache, nothing to delete
    throw error;
  }
  for (const name of names) if (name.startsWith(prefix)) rmSync(join(dir, name), { force: true, recursive: true });
}

export interface BearerToken {
  token: string;
  /** True when obtained from the token endpoint just now (a 401 then means bad credentials). */
  fresh: boolean;
}

export class ServiceAccountTokens {
  private grant: TokenGrant | undefined;
  private inflight: Promise<TokenGrant> | undefined;
  private storeFailed = false;

  constructor(
    private readonly options: {
      /** The file cache; none: the token lives in this process's memory only. */
      cache?: TokenFileCache;
      /** Asks the token endpoint; resolves with the parsed grant. */
      fetchGrant: () => Promise<TokenGrant>;
      now?: () => number;
      /** Told about every token, so the debug trace can redact it. */
      onToken?: (token: string) => void;
      /** Told once when the token cannot be stored; the command goes on without the cache. */
      onStoreFailure?: (message: string) => void;
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** A usable token: from memory, the file cache, or the token endpoint (one request at a time). */
  async get(): Promise<BearerToken> {
    const now = this.now();
    if (this.grant && isGrantUsable(this.grant, now)) return { token: this.grant.accessToken, fresh: false };
    const cached = this.options.cache?.read();
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
    if (this.options.cache?.read()?.accessToken === rejected) this.options.cache.remove();
    return this.get();
  }

  private fetch(): Promise<TokenGrant> {
    this.inflight ??= this.options
      .fetchGrant()
      .then((grant) => {
        this.options.onToken?.(grant.accessToken);
        this.grant = grant;
        this.store(grant);
        return grant;
      })
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }

  /** Storing is an optimisation: a read-only or broken config dir costs one warning, not the command. */
  private store(grant: TokenGrant): void {
    const { cache } = this.options;
    if (!cache) return;
    try {
      cache.write(grant);
    } catch (error) {
      if (this.storeFailed) return;
      this.storeFailed = true;
      this.options.onStoreFailure?.(
        `cannot store the service-account token in ${cache.dir}: ${fsReason(error)}; the next run will ask for a new one`,
      );
    }
  }
}
