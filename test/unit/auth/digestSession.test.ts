import { describe, expect, test } from 'vitest';
import { digestResponse, DigestParseError, parseAuthorization, type DigestChallenge } from '../../../src/auth/digest.js';
import { DigestSession } from '../../../src/auth/digestSession.js';

const challenge = (nonce: string, extra: Partial<DigestChallenge> = {}): DigestChallenge => ({
  realm: 'MMS Public API',
  nonce,
  algorithm: 'MD5',
  qop: ['auth'],
  stale: false,
  ...extra,
});

describe('DigestSession', () => {
  test('signs nothing before the first challenge', () => {
    const session = new DigestSession({ username: 'u', password: 'p' });
    expect(session.sign('GET', '/x')).toBeUndefined();
    expect(session.hasChallenge).toBe(false);
  });

  test('each request gets the next nc on the same nonce, and a valid response', () => {
    const session = new DigestSession({ username: 'u', password: 'p' });
    session.learn(challenge('n1'));
    const signed = [1, 2, 3].map(() => session.sign('GET', '/api/atlas/v2?x=1')!);
    expect(signed.map((s) => s.nc)).toEqual([1, 2, 3]);
    const params = signed.map((s) => parseAuthorization(s.header)!);
    expect(params.map((p) => p.nc)).toEqual(['00000001', '00000002', '00000003']);
    for (const p of params) {
      expect(p.nonce).toBe('n1');
      expect(p.response).toBe(
        digestResponse({ algorithm: 'MD5', username: 'u', password: 'p', realm: 'MMS Public API', nonce: 'n1', method: 'GET', uri: '/api/atlas/v2?x=1', qop: 'auth', nc: Number.parseInt(p.nc!, 16), cnonce: p.cnonce! }),
      );
    }
  });

  test('a new challenge resets nc; -sess keeps one cnonce per nonce', () => {
    const session = new DigestSession({ username: 'u', password: 'p' });
    session.learn(challenge('n1', { algorithm: 'SHA-256-sess' }));
    const a = parseAuthorization(session.sign('GET', '/a')!.header)!;
    const b = parseAuthorization(session.sign('GET', '/b')!.header)!;
    expect(a.algorithm).toBe('SHA-256-sess');
    expect(a.cnonce).toBe(b.cnonce);
    session.learn(challenge('n2'));
    expect(session.sign('GET', '/c')).toMatchObject({ nonce: 'n2', nc: 1 });
  });

  test('without qop (RFC 2069 mode) no nc or cnonce is sent', () => {
    const session = new DigestSession({ username: 'u', password: 'p' });
    session.learn(challenge('n1', { qop: [] }));
    const p = parseAuthorization(session.sign('GET', '/a')!.header)!;
    expect(p.nc).toBeUndefined();
    expect(p.qop).toBeUndefined();
  });

  test('a challenge offering only auth-int is refused', () => {
    const session = new DigestSession({ username: 'u', password: 'p' });
    expect(() => session.learn(challenge('n', { qop: ['auth-int'] }))).toThrow(DigestParseError);
  });

  test('opaque is echoed', () => {
    const session = new DigestSession({ username: 'u', password: 'p' });
    session.learn(challenge('n', { opaque: 'op' }));
    expect(parseAuthorization(session.sign('GET', '/')!.header)!.opaque).toBe('op');
  });

  test('only the first caller primes; the others wait until a challenge is learned', async () => {
    const session = new DigestSession({ username: 'u', password: 'p' });
    const first = await session.awaitTurn();
    expect(first).toBe(true);
    let secondDone = false;
    const second = session.awaitTurn().then((v) => {
      secondDone = true;
      return v;
    });
    await Promise.resolve();
    expect(secondDone).toBe(false);
    session.learn(challenge('n'));
    expect(await second).toBe(false);
    expect(await session.awaitTurn()).toBe(false);
  });

  test('finishPriming releases waiters even without a challenge', async () => {
    const session = new DigestSession({ username: 'u', password: 'p' });
    expect(await session.awaitTurn()).toBe(true);
    const waiter = session.awaitTurn();
    session.finishPriming();
    expect(await waiter).toBe(false);
  });
});
