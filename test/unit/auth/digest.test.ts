// Digest maths against the published vectors: RFC 2617 section 3.5 ("Mufasa",
// "Circle Of Life") and RFC 7616 section 3.9.1 (MD5 and SHA-256).
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  authorizationHeader,
  digestResponse,
  DigestParseError,
  formatNc,
  newCnonce,
  parseAuthorization,
  parseAuthParams,
  parseChallenge,
} from '../../../src/auth/digest.js';

const md5 = (s: string): string => createHash('md5').update(s).digest('hex');
const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

describe('RFC 2617 section 3.5 example', () => {
  const input = {
    algorithm: 'MD5' as const,
    username: 'Mufasa',
    password: 'Circle Of Life',
    realm: 'testrealm@host.com',
    nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
    method: 'GET',
    uri: '/dir/index.html',
    qop: 'auth' as const,
    nc: 1,
    cnonce: '0a4f113b',
  };

  test('response is 6629fae49393a05397450978507c4ef1', () => {
    expect(digestResponse(input)).toBe('6629fae49393a05397450978507c4ef1');
  });

  test('the Authorization header carries the RFC fields and parses back', () => {
    const header = authorizationHeader({ ...input, opaque: '5ccc069c403ebaf9f0171e9517f40e41' });
    expect(header.startsWith('Digest ')).toBe(true);
    expect(parseAuthorization(header)).toEqual({
      username: 'Mufasa',
      realm: 'testrealm@host.com',
      nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
      uri: '/dir/index.html',
      algorithm: 'MD5',
      response: '6629fae49393a05397450978507c4ef1',
      qop: 'auth',
      nc: '00000001',
      cnonce: '0a4f113b',
      opaque: '5ccc069c403ebaf9f0171e9517f40e41',
    });
  });
});

describe('RFC 7616 section 3.9.1 example', () => {
  const base = {
    username: 'Mufasa',
    password: 'Circle of Life',
    realm: 'http-auth@example.org',
    nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
    method: 'GET',
    uri: '/dir/index.html',
    qop: 'auth' as const,
    nc: 1,
    cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
  };

  test('MD5 response is 8ca523f5e9506fed4657c9700eebdbec', () => {
    expect(digestResponse({ ...base, algorithm: 'MD5' })).toBe('8ca523f5e9506fed4657c9700eebdbec');
  });

  test('SHA-256 response is 753927fa...b6c1', () => {
    expect(digestResponse({ ...base, algorithm: 'SHA-256' })).toBe('753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1');
  });

  test('the RFC challenge parses, and SHA-256 is preferred over MD5', () => {
    const header = [
      'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
      'Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
    ];
    expect(parseChallenge(header)).toEqual({
      realm: 'http-auth@example.org',
      nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
      algorithm: 'SHA-256',
      qop: ['auth', 'auth-int'],
      opaque: 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS',
      stale: false,
    });
    expect(parseChallenge([header[1]!])?.algorithm).toBe('MD5');
  });
});

describe('-sess variants (RFC 7616 section 3.4.2: HA1 folds in nonce and cnonce)', () => {
  const input = {
    username: 'Mufasa',
    password: 'Circle of Life',
    realm: 'http-auth@example.org',
    nonce: 'abc',
    method: 'POST',
    uri: '/x?y=1',
    qop: 'auth' as const,
    nc: 7,
    cnonce: 'cn',
  };
  test('MD5-sess', () => {
    const ha1 = md5(`${md5('Mufasa:http-auth@example.org:Circle of Life')}:abc:cn`);
    const expected = md5(`${ha1}:abc:00000007:cn:auth:${md5('POST:/x?y=1')}`);
    expect(digestResponse({ ...input, algorithm: 'MD5-sess' })).toBe(expected);
    expect(expected).not.toBe(digestResponse({ ...input, algorithm: 'MD5' }));
  });
  test('SHA-256-sess', () => {
    const ha1 = sha256(`${sha256('Mufasa:http-auth@example.org:Circle of Life')}:abc:cn`);
    const expected = sha256(`${ha1}:abc:00000007:cn:auth:${sha256('POST:/x?y=1')}`);
    expect(digestResponse({ ...input, algorithm: 'SHA-256-sess' })).toBe(expected);
  });
});

describe('parsing', () => {
  test('the challenge recorded from the live service', () => {
    const c = parseChallenge('Digest realm="MMS Public API", domain="", nonce="89FU+zZ06zgKynmobMhdFzhWpORw6cYM", algorithm=MD5, qop="auth", stale=false');
    expect(c).toEqual({ realm: 'MMS Public API', nonce: '89FU+zZ06zgKynmobMhdFzhWpORw6cYM', algorithm: 'MD5', qop: ['auth'], stale: false });
  });

  test('stale=true, case-insensitive names, and a Digest challenge after a Basic one', () => {
    const c = parseChallenge('Basic realm="x", Digest REALM="r", NONCE="n", stale=TRUE, qop="auth"');
    expect(c).toMatchObject({ realm: 'r', nonce: 'n', stale: true, algorithm: 'MD5' });
  });

  test('no Digest challenge, or only unknown algorithms, gives undefined', () => {
    expect(parseChallenge(undefined)).toBeUndefined();
    expect(parseChallenge('Bearer realm="x"')).toBeUndefined();
    expect(parseChallenge('Digest realm="r", nonce="n", algorithm=SHA-512-256')).toBeUndefined();
  });

  test('malformed challenges throw DigestParseError', () => {
    expect(() => parseChallenge('Digest realm="r", nonce="n')).toThrow(DigestParseError);
    expect(() => parseChallenge('Digest realm="r"')).toThrow(/no nonce/);
    expect(() => parseChallenge('Digest nonce="n"')).toThrow(/no realm/);
    expect(() => parseAuthParams('realm')).toThrow(/no value/);
  });

  test('quoted values keep commas and escaped quotes', () => {
    expect(parseAuthParams('a="x, \\"y\\"", b=z')).toEqual({ a: 'x, "y"', b: 'z' });
  });

  test('formatNc and newCnonce', () => {
    expect(formatNc(1)).toBe('00000001');
    expect(formatNc(255)).toBe('000000ff');
    expect(newCnonce()).toMatch(/^[0-9a-f]{32}$/);
    expect(newCnonce()).not.toBe(newCnonce());
  });

  test('parseAuthorization ignores other schemes and broken headers', () => {
    expect(parseAuthorization('Bearer x')).toBeUndefined();
    expect(parseAuthorization('Digest username="x')).toBeUndefined();
    expect(parseAuthorization(undefined)).toBeUndefined();
  });
});
