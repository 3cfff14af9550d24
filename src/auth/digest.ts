// HTTP Digest authentication maths (RFC 7616, compatible with RFC 2617).
// Pure: shared by the client transport and the emulator's verifier.
import { createHash, randomBytes } from 'node:crypto';

export type DigestAlgorithm = 'MD5' | 'MD5-sess' | 'SHA-256' | 'SHA-256-sess';
export const DIGEST_ALGORITHMS: readonly DigestAlgorithm[] = ['MD5', 'MD5-sess', 'SHA-256', 'SHA-256-sess'];

export interface DigestChallenge {
  realm: string;
  nonce: string;
  algorithm: DigestAlgorithm;
  /** qop options offered by the server; empty means RFC 2069 compatibility mode. */
  qop: string[];
  opaque?: string;
  stale: boolean;
}

export interface DigestInput {
  algorithm: DigestAlgorithm;
  username: string;
  password: string;
  realm: string;
  nonce: string;
  method: string;
  /** The request-target: path plus query, exactly as sent. */
  uri: string;
  /** 'auth' or undefined (no qop). */
  qop?: 'auth';
  nc?: number;
  cnonce?: string;
}

export class DigestParseError extends Error {}

const hashName = (algorithm: DigestAlgorithm): 'md5' | 'sha256' => (algorithm.startsWith('SHA-256') ? 'sha256' : 'md5');
const h = (algorithm: DigestAlgorithm, text: string): string => createHash(hashName(algorithm)).update(text, 'utf8').digest('hex');

/** nc is eight lowercase hex digits. */
export function formatNc(nc: number): string {
  return nc.toString(16).padStart(8, '0');
}

export function newCnonce(): string {
  return randomBytes(16).toString('hex');
}

/** The `response` value of RFC 7616 section 3.4.1. */
export function digestResponse(input: DigestInput): string {
  const { algorithm, username, password, realm, nonce, method, uri, qop } = input;
  let ha1 = h(algorithm, `${username}:${realm}:${password}`);
  if (algorithm.endsWith('-sess')) ha1 = h(algorithm, `${ha1}:${nonce}:${input.cnonce ?? ''}`);
  const ha2 = h(algorithm, `${method.toUpperCase()}:${uri}`);
  if (!qop) return h(algorithm, `${ha1}:${nonce}:${ha2}`);
  return h(algorithm, `${ha1}:${nonce}:${formatNc(input.nc ?? 1)}:${input.cnonce ?? ''}:${qop}:${ha2}`);
}

/** The Authorization header value for one request. */
export function authorizationHeader(input: DigestInput & { opaque?: string }): string {
  const parts = [
    `username="${quote(input.username)}"`,
    `realm="${quote(input.realm)}"`,
    `nonce="${quote(input.nonce)}"`,
    `uri="${quote(input.uri)}"`,
    `algorithm=${input.algorithm}`,
    `response="${digestResponse(input)}"`,
  ];
  if (input.qop) parts.push(`qop=${input.qop}`, `nc=${formatNc(input.nc ?? 1)}`, `cnonce="${quote(input.cnonce ?? '')}"`);
  if (input.opaque !== undefined) parts.push(`opaque="${quote(input.opaque)}"`);
  return `Digest ${parts.join(', ')}`;
}

const quote = (value: string): string => value.replace(/(["\\])/g, '\\$1');

/**
 * Parses comma-separated auth-params (`a=b, c="d, e"`) into a lower-cased-key map.
 * Throws DigestParseError on an unterminated quote or a param without `=`.
 */
export function parseAuthParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  let i = 0;
  const skip = (): void => {
    while (i < text.length && /[\s,]/.test(text[i]!)) i++;
  };
  skip();
  while (i < text.length) {
    const keyMatch = /^[A-Za-z0-9_-]+/.exec(text.slice(i));
    if (!keyMatch) throw new DigestParseError(`unexpected character at ${i}`);
    const key = keyMatch[0].toLowerCase();
    i += keyMatch[0].length;
    while (text[i] === ' ') i++;
    if (text[i] !== '=') throw new DigestParseError(`parameter ${key} has no value`);
    i++;
    while (text[i] === ' ') i++;
    let value = '';
    if (text[i] === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        value += text[i];
        i++;
      }
      if (text[i] !== '"') throw new DigestParseError(`unterminated quoted value for ${key}`);
      i++;
    } else {
      const tokenMatch = /^[^\s,]*/.exec(text.slice(i))!;
      value = tokenMatch[0];
      i += value.length;
    }
    params[key] = value;
    skip();
  }
  return params;
}

/**
 * Picks the strongest Digest challenge from WWW-Authenticate header values.
 * Returns undefined when none is a usable Digest challenge; throws
 * DigestParseError when a Digest challenge is malformed.
 */
export function parseChallenge(headerValues: string | string[] | undefined): DigestChallenge | undefined {
  const values = headerValues === undefined ? [] : Array.isArray(headerValues) ? headerValues : [headerValues];
  const challenges: DigestChallenge[] = [];
  for (const value of values) {
    // A header can hold several challenges; each starts with a scheme token followed by a space.
    for (const piece of value.split(/,?\s*(?=\b[A-Za-z][\w-]*\s+[A-Za-z0-9_-]+\s*=)/)) {
      const match = /^\s*Digest\s+(.*)$/is.exec(piece);
      if (!match) continue;
      const params = parseAuthParams(match[1]!);
      if (!params.realm && params.realm !== '') throw new DigestParseError('challenge has no realm');
      if (!params.nonce) throw new DigestParseError('challenge has no nonce');
      const algorithm = (DIGEST_ALGORITHMS.find((a) => a.toLowerCase() === (params.algorithm ?? 'MD5').toLowerCase()));
      if (!algorithm) continue; // An algorithm we do not speak; another challenge may do.
      challenges.push({
        realm: params.realm ?? '',
        nonce: params.nonce,
        algorithm,
        qop: (params.qop ?? '').split(',').map((q) => q.trim()).filter(Boolean),
        ...(params.opaque !== undefined ? { opaque: params.opaque } : {}),
        stale: (params.stale ?? '').toLowerCase() === 'true',
      });
    }
  }
  const strength = (c: DigestChallenge): number => (c.algorithm.startsWith('SHA-256') ? 1 : 0);
  return challenges.sort((a, b) => strength(b) - strength(a))[0];
}

/** Server side: parses an `Authorization: Digest ...` header, or returns undefined. */
export function parseAuthorization(header: string | undefined): Record<string, string> | undefined {
  if (!header) return undefined;
  const match = /^\s*Digest\s+(.*)$/is.exec(header);
  if (!match) return undefined;
  try {
    return parseAuthParams(match[1]!);
  } catch {
    return undefined;
  }
}
