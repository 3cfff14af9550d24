import { describe, expect, test } from 'vitest';
import { DigestParseError } from '../../../src/auth/digest.js';
import { DigestSession } from '../../../src/auth/digestSession.js';
import { chooseAuthMethod, DigestScheme } from '../../../src/auth/scheme.js';
import { UsageError } from '../../../src/base/errors.js';

describe('chooseAuthMethod', () => {
  test('service account wins when both methods are set', () => {
    expect(chooseAuthMethod({ publicKey: 'a', privateKey: 'b', clientId: 'c', clientSecret: 'd' })).toBe('bearer');
  });
  test('keys alone give digest; nothing gives none', () => {
    expect(chooseAuthMethod({ publicKey: 'a', privateKey: 'b' })).toBe('digest');
    expect(chooseAuthMethod({})).toBe('none');
  });
  test('half a pair is a usage error naming what is missing', () => {
    expect(() => chooseAuthMethod({ publicKey: 'a' })).toThrow(UsageError);
    expect(() => chooseAuthMethod({ publicKey: 'a' })).toThrow('publicKey but no privateKey');
    expect(() => chooseAuthMethod({ clientSecret: 's' })).toThrow('clientSecret but no clientId');
  });
  test('half a pair from the environment names the variables, not the profile', () => {
    const fromEnv = (): unknown => chooseAuthMethod({ clientId: 'c', profileName: 'p' }, { clientId: 'env' });
    expect(fromEnv).toThrow(UsageError);
    expect(fromEnv).toThrow(/^the environment has CDBA_CLIENT_ID but no CDBA_CLIENT_SECRET$/);
    expect(() => chooseAuthMethod({ privateKey: 'k' }, { privateKey: 'env' })).toThrow(/^the environment has CDBA_PRIVATE_KEY but no CDBA_PUBLIC_KEY$/);
    let error: unknown;
    try {
      fromEnv();
    } catch (e) {
      error = e;
    }
    // What to do: the variables, not `cdba profile set`.
    expect(error).toMatchObject({ hint: 'set CDBA_CLIENT_SECRET too, or unset CDBA_CLIENT_ID' });
    expect((error as UsageError).remedy).toBeUndefined();
  });
  test('half a pair from a profile names the profile', () => {
    expect(() => chooseAuthMethod({ clientSecret: 's', profileName: 'work' }, { clientSecret: 'profile' })).toThrow(/^profile "work" has clientSecret but no clientId$/);
    expect(() => chooseAuthMethod({ publicKey: 'a', profileName: 'work' }, { publicKey: 'profile' })).toThrow(/^profile "work" has publicKey but no privateKey$/);
  });
  test('half a service-account pair is ignored when the keys are complete', () => {
    expect(chooseAuthMethod({ publicKey: 'a', privateKey: 'b', clientId: 'c' })).toBe('digest');
  });
});

describe('DigestScheme.after401', () => {
  const header = (nonce: string, stale = false): Record<string, string> => ({
    'www-authenticate': `Digest realm="r", nonce="${nonce}", algorithm=MD5, qop="auth", stale=${stale}`,
  });

  test('answers a challenge to an unsigned request, then refuses a second 401 on the fresh nonce', async () => {
    const scheme = new DigestScheme(new DigestSession({ username: 'u', password: 'p' }));
    const ticket = await scheme.begin();
    expect(ticket.primer).toBe(true);
    expect(scheme.authorize('GET', '/', ticket)).toBeUndefined();
    expect(await scheme.after401(header('n1'), ticket)).toBe(true);
    expect(scheme.authorize('GET', '/', ticket)).toMatch(/nonce="n1"/);
    expect(await scheme.after401(header('n2'), ticket)).toBe(false);
    scheme.end(ticket);
  });

  test('a cached nonce refused once is re-answered; stale always is', async () => {
    const session = new DigestSession({ username: 'u', password: 'p' });
    const scheme = new DigestScheme(session);
    session.learn({ realm: 'r', nonce: 'old', algorithm: 'MD5', qop: ['auth'], stale: false });
    const ticket = await scheme.begin();
    expect(ticket.primer).toBe(false);
    scheme.authorize('GET', '/', ticket);
    expect(await scheme.after401(header('n2'), ticket)).toBe(true);
    scheme.authorize('GET', '/', ticket);
    expect(await scheme.after401(header('n3', true), ticket)).toBe(true);
    expect(session.currentNonce).toBe('n3');
  });

  test('a 401 without a Digest challenge is not retried; a malformed one throws', async () => {
    const scheme = new DigestScheme(new DigestSession({ username: 'u', password: 'p' }));
    const ticket = await scheme.begin();
    expect(await scheme.after401({}, ticket)).toBe(false);
    await expect(scheme.after401({ 'www-authenticate': 'Digest realm="r", nonce="x' }, ticket)).rejects.toThrow(DigestParseError);
  });
});
