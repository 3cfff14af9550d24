// Who is calling: HTTP Digest (RFC 7616) for API keys, Bearer tokens for service
// accounts. The digest maths is src/auth/digest.ts, shared with the client.
//
// Digest server rules: realm "MMS Public API", qop="auth", SHA-256 and MD5 offered
// (two challenges, strongest first), no opaque. A nonce lives nonceTtlMs; after that
// a correct response gets a fresh challenge with stale=true. Each nc may be used once
// per nonce (a repeat is a replay); nc values may arrive out of order, because
// concurrent requests share one nonce.
//
// A challenge keeps nothing (issue 42): the nonce carries its issue time, sealed with an
// HMAC under a key of this run (RFC 7616 §5.4), so an unauthenticated request costs the
// same however many came before it. What is kept is the nc values of nonces that have
// authenticated a request: let go from the oldest once expired, and at most
// MAX_KEPT_NONCES of them; a nonce whose record was let go is answered stale (so it can't
// be replayed), and the client takes the fresh one.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DIGEST_ALGORITHMS, digestResponse, parseAuthorization } from '../auth/digest.js';
import type { DigestAlgorithm } from '../auth/digest.js';
import { AccessList } from './apiKeyAccessList.js';
import { ApiFailure } from './errors.js';

export const ROLE_NAMES = ['GROUP_OWNER', 'GROUP_CLUSTER_MANAGER', 'GROUP_READ_ONLY'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** A role in one project (the item of the path's {groupId}). */
export interface SeedRole {
  projectId: string;
  roleName: RoleName;
}

export interface SeedApiKey {
  publicKey: string;
  privateKey: string;
  /** CIDR blocks or single addresses; absent means no restriction. */
  accessList?: string[];
  roles: SeedRole[];
}

export interface SeedServiceAccount {
  clientId: string;
  clientSecret: string;
  accessList?: string[];
  roles: SeedRole[];
}

/** The failures of authentication and authorization. */
export const authFailures = {
  ipNotOnAccessList: (ip: string) =>
    new ApiFailure(403, 'IP_ADDRESS_NOT_ON_ACCESS_LIST', `IP address ${ip} is not allowed to access this resource.`, [ip]),
  roleForbidden: () => new ApiFailure(403, 'USER_UNAUTHORIZED', 'Current user is not authorized to perform this action.'),
  userUnauthorized: () => new ApiFailure(401, 'USER_UNAUTHORIZED', 'Current user is not authorized to perform this action.'),
  invalidBearerToken: () =>
    new ApiFailure(401, 'USER_UNAUTHORIZED', 'The access token is invalid or has expired.', [], {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    }),
};
const failures = authFailures;

export const REALM = 'MMS Public API';
export const DEFAULT_NONCE_TTL_MS = 5 * 60_000;
export const TOKEN_TTL_SECONDS = 3600;
/** Nonces in use (their nc values) kept at most: beyond, the oldest is let go and answered stale. */
export const MAX_KEPT_NONCES = 10_000;
/** A nonce: 8 bytes of issue time, 6 of its place in this run's issue order, then 10 of HMAC-SHA-256 over those 14 (base64, 32 characters). */
const NONCE_HEAD = 14;
const NONCE_BYTES = 24;

/** The body of the digest challenge, byte for byte as the live service sends it. */
export const CHALLENGE_BODY =
  '{\n  "error" : 401,\n  "reason" : "Unauthorized",\n  "detail" : "You are not authorized for this resource.",\n  "errorCode" : "UNEXPECTED_ERROR"\n}';

export type Principal =
  | { kind: 'apiKey'; key: SeedApiKey; roles: SeedRole[]; accessList?: string[] }
  | { kind: 'serviceAccount'; account: SeedServiceAccount; roles: SeedRole[]; accessList?: string[] };

export type AuthOutcome = { principal: Principal } | { challenge: { stale: boolean } };

interface NonceRecord {
  issuedAt: number;
  /** Its number in the order issued. */
  serial: number;
  usedNc: Set<number>;
}

interface TokenRecord {
  account: SeedServiceAccount;
  expiresAt: number;
}

/** A stable 24-hex id for a key, so SystemStatus shows the same id across restarts. */
export function apiKeyId(publicKey: string): string {
  return createHash('sha256').update(`apiKey:${publicKey}`).digest('hex').slice(0, 24);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export class Authenticator {
  /** Nonces that have authenticated a request, in the order of their first use. */
  private readonly nonces = new Map<string, NonceRecord>();
  /** Nonces are numbered in the order issued. One numbered up to this with no record may have had one, let go: answered stale. */
  private forgottenUpTo = -1;
  private issued = 0;
  private readonly nonceKey = randomBytes(32);
  private readonly tokens = new Map<string, TokenRecord>();
  nonceTtlMs: number;

  constructor(
    private readonly credentials: () => { apiKeys: SeedApiKey[]; serviceAccounts: SeedServiceAccount[] },
    private readonly clock: () => number,
    nonceTtlMs = DEFAULT_NONCE_TTL_MS,
    private readonly offerSha256 = false,
  ) {
    this.nonceTtlMs = nonceTtlMs;
  }

  /**
   * The WWW-Authenticate values: MD5 alone, as the service sends it (recorded 401), so a
   * client that reads only the first challenge works; SHA-256 first when offerSha256.
   */
  challengeHeaders(stale: boolean): string[] {
    const nonce = this.newNonce(this.clock());
    return (this.offerSha256 ? (['SHA-256', 'MD5'] as const) : (['MD5'] as const)).map(
      (algorithm) => `Digest realm="${REALM}", domain="", nonce="${nonce}", algorithm=${algorithm}, qop="auth", stale=${stale}`,
    );
  }

  /** Checks the Authorization header; throws ApiFailure for a bad bearer token. */
  authenticate(method: string, requestTarget: string, authorization: string | undefined): AuthOutcome {
    if (authorization && /^\s*Bearer\s/i.test(authorization)) return { principal: this.bearer(authorization) };
    return this.digest(method, requestTarget, authorization);
  }

  private digest(method: string, requestTarget: string, authorization: string | undefined): AuthOutcome {
    const fresh = { challenge: { stale: false } };
    const params = parseAuthorization(authorization);
    if (!params) return fresh;
    const { username, realm, nonce, uri, response, qop, nc, cnonce } = params;
    if (!username || realm !== REALM || !nonce || !uri || !response || qop !== 'auth' || !nc || !cnonce) return fresh;
    if (!/^[0-9a-f]{8}$/i.test(nc) || uri !== requestTarget) return fresh;
    const algorithm = DIGEST_ALGORITHMS.find((a) => a.toLowerCase() === (params.algorithm ?? 'MD5').toLowerCase()) as
      | DigestAlgorithm
      | undefined;
    if (!algorithm) return fresh;
    const key = this.credentials().apiKeys.find((k) => k.publicKey === username);
    if (!key) return fresh;
    const count = parseInt(nc, 16);
    const expected = digestResponse({
      algorithm,
      username,
      password: key.privateKey,
      realm,
      nonce,
      method,
      uri,
      qop: 'auth',
      nc: count,
      cnonce,
    });
    if (!sameText(expected, response.toLowerCase())) return fresh;
    // The credentials are right; only the nonce can still be a problem.
    const record = this.nonceRecord(nonce);
    if (!record) return { challenge: { stale: true } };
    if (record.usedNc.has(count)) return fresh; // replay
    record.usedNc.add(count);
    return { principal: { kind: 'apiKey', key, roles: key.roles, ...(key.accessList ? { accessList: key.accessList } : {}) } };
  }

  /** How many nonces are kept (those that have authenticated a request and are not let go yet). */
  keptNonces(): number {
    return this.nonces.size;
  }

  private nonceMac(head: Buffer): Buffer {
    return createHmac('sha256', this.nonceKey).update(head).digest().subarray(0, NONCE_BYTES - NONCE_HEAD);
  }

  private newNonce(now: number): string {
    const head = Buffer.alloc(NONCE_HEAD);
    head.writeDoubleBE(now, 0);
    head.writeUIntBE(this.issued++, 8, 6);
    return Buffer.concat([head, this.nonceMac(head)]).toString('base64');
  }

  /** The issue time and number a nonce of this run carries, or undefined for any other text. */
  private parseNonce(nonce: string): { issuedAt: number; serial: number } | undefined {
    const bytes = Buffer.from(nonce, 'base64');
    if (bytes.length !== NONCE_BYTES || bytes.toString('base64') !== nonce) return undefined;
    const head = bytes.subarray(0, NONCE_HEAD);
    if (!timingSafeEqual(this.nonceMac(head), bytes.subarray(NONCE_HEAD))) return undefined;
    return { issuedAt: head.readDoubleBE(0), serial: head.readUIntBE(8, 6) };
  }

  /** The record of a live nonce of this run (made on its first use), or undefined: answer stale. */
  private nonceRecord(nonce: string): NonceRecord | undefined {
    const parsed = this.parseNonce(nonce);
    const now = this.clock();
    if (parsed === undefined || now - parsed.issuedAt > this.nonceTtlMs) return undefined;
    // Expired records go from the oldest: each is looked at once, so the work per request stays constant.
    for (const [kept, record] of this.nonces) {
      if (now - record.issuedAt <= this.nonceTtlMs) break;
      this.letGo(kept, record);
    }
    const known = this.nonces.get(nonce);
    if (known) return known;
    if (parsed.serial <= this.forgottenUpTo) return undefined;
    const record: NonceRecord = { ...parsed, usedNc: new Set() };
    this.nonces.set(nonce, record);
    if (this.nonces.size > MAX_KEPT_NONCES) {
      const [oldest, oldestRecord] = this.nonces.entries().next().value as [string, NonceRecord];
      this.letGo(oldest, oldestRecord);
    }
    return record;
  }

  private letGo(nonce: string, record: NonceRecord): void {
    this.nonces.delete(nonce);
    this.forgottenUpTo = Math.max(this.forgottenUpTo, record.serial);
  }

  private bearer(authorization: string): Principal {
    const token = authorization.replace(/^\s*Bearer\s+/i, '').trim();
    const record = this.tokens.get(token);
    if (!record || this.clock() >= record.expiresAt) {
      if (record) this.tokens.delete(token);
      throw failures.invalidBearerToken();
    }
    const { account } = record;
    return { kind: 'serviceAccount', account, roles: account.roles, ...(account.accessList ? { accessList: account.accessList } : {}) };
  }

  /** Basic client credentials -> the service account, or undefined. */
  serviceAccountFor(authorization: string | undefined): SeedServiceAccount | undefined {
    const match = /^\s*Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
    if (!match) return undefined;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    const clientId = decoded.slice(0, colon);
    const secret = decoded.slice(colon + 1);
    const account = this.credentials().serviceAccounts.find((a) => a.clientId === clientId);
    return account && sameText(account.clientSecret, secret) ? account : undefined;
  }

  issueToken(account: SeedServiceAccount): { access_token: string; token_type: 'Bearer'; expires_in: number } {
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { account, expiresAt: this.clock() + TOKEN_TTL_SECONDS * 1000 });
    return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS };
  }

  /** RFC 7009: ends a token issued to this account; any other token (unknown, expired, another's) is left alone. */
  revokeToken(account: SeedServiceAccount, token: string): void {
    if (this.tokens.get(token)?.account.clientId === account.clientId) this.tokens.delete(token);
  }
}

/** 403 unless the peer address is on the credential's access list (absent list: no restriction). */
export function checkCallerAddress(credential: { accessList?: string[] | undefined }, peer: string): void {
  const { accessList } = credential;
  if (accessList === undefined) return;
  const list = new AccessList(accessList);
  if (!list.allows(peer)) throw failures.ipNotOnAccessList(peer.replace(/^::ffff:/i, ''));
}

export type Action = 'read' | 'writeClusters' | 'writeProject';

const ROLE_ACTIONS: Record<RoleName, readonly Action[]> = {
  GROUP_OWNER: ['read', 'writeClusters', 'writeProject'],
  GROUP_CLUSTER_MANAGER: ['read', 'writeClusters'],
  GROUP_READ_ONLY: ['read'],
};

/**
 * seed: "a method not allowed for the resource gives 401. A resource that is not permitted
 * gives 403." A key with no role in the project gets 403; one whose roles there do not
 * permit the action gets 401 USER_UNAUTHORIZED.
 */
export function authorize(principal: Principal, projectId: string, action: Action): void {
  const roles = principal.roles.filter((role) => role.projectId === projectId);
  if (roles.length === 0) throw failures.roleForbidden();
  if (!roles.some((role) => ROLE_ACTIONS[role.roleName].includes(action))) throw failures.userUnauthorized();
}

