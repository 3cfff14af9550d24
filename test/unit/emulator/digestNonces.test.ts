// Issue 42, item 10: a digest challenge keeps nothing and costs the same however many
// came before it (each one used to scan every outstanding nonce, and 50,000 unauthenticated
// requests kept 50,000). What is kept is bounded: the nonces that authenticated a request,
// let go once expired and at most MAX_KEPT_NONCES; a nonce let go is answered stale, never
// accepted again. Counts, not timings (a figure is in test/bench/RESULTS.md).
import { describe, expect, it } from 'vitest';
import { authorizationHeader, newCnonce, parseChallenge } from '../../../src/auth/digest.js';
import { Authenticator, MAX_KEPT_NONCES } from '../../../src/emulator/auth.js';
import { OWNER, PROJECT_A, TestClock } from './fixtures.js';

const TTL = 60_000;
const PATH = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;

function setup() {
  const clock = new TestClock();
  const key = { ...OWNER, roles: [{ projectId: PROJECT_A, roleName: 'GROUP_OWNER' as const }] };
  const auth = new Authenticator(() => ({ apiKeys: [key], serviceAccounts: [] }), clock.read, TTL);
  const challenge = () => parseChallenge(auth.challengeHeaders(false))!;
  const signed = (nonce: string, nc = 1) =>
    auth.authenticate('GET', PATH, authorizationHeader({
      algorithm: 'MD5', username: OWNER.publicKey, password: OWNER.privateKey, realm: 'MMS Public API',
      nonce, method: 'GET', uri: PATH, qop: 'auth', nc, cnonce: newCnonce(),
    }));
  return { clock, auth, challenge, signed };
}

describe('digest nonces', () => {
  it('50,000 unauthenticated requests keep nothing, and an authenticated request still works', () => {
    const { auth, challenge, signed } = setup();
    let challenged = 0;
    for (let i = 0; i < 50_000; i++) {
      if ('challenge' in auth.authenticate('GET', PATH, undefined)) challenged++;
      auth.challengeHeaders(false);
    }
    expect(challenged).toBe(50_000);
    expect(auth.keptNonces()).toBe(0);
    const { nonce } = challenge();
    expect(signed(nonce)).toHaveProperty('principal');
    expect(auth.keptNonces()).toBe(1);
    expect(signed(nonce, 1)).toEqual({ challenge: { stale: false } }); // the same nc again: a replay
    expect(signed(nonce, 2)).toHaveProperty('principal');
  });

  it('a nonce that is not this run\'s, or altered, is answered stale and kept nowhere', () => {
    const { auth, challenge, signed } = setup();
    const { nonce } = challenge();
    const altered = (nonce[0] === 'A' ? 'B' : 'A') + nonce.slice(1);
    expect(signed(altered)).toEqual({ challenge: { stale: true } });
    expect(signed('bm90IGEgbm9uY2U=')).toEqual({ challenge: { stale: true } });
    expect(signed(parseChallenge(setup().auth.challengeHeaders(false))!.nonce)).toEqual({ challenge: { stale: true } });
    expect(auth.keptNonces()).toBe(0);
  });

  it('nonces in use are let go once expired, and an expired one is stale', () => {
    const { clock, auth, challenge, signed } = setup();
    const old = challenge().nonce;
    for (let i = 0; i < 100; i++) expect(signed(challenge().nonce)).toHaveProperty('principal');
    expect(signed(old)).toHaveProperty('principal');
    expect(auth.keptNonces()).toBe(101);
    clock.advance(TTL + 1);
    expect(signed(old, 2)).toEqual({ challenge: { stale: true } });
    expect(signed(challenge().nonce)).toHaveProperty('principal');
    expect(auth.keptNonces()).toBe(1);
  });

  it(`at most ${MAX_KEPT_NONCES} nonces in use are kept; one let go is stale, never replayed`, () => {
    const { auth, challenge, signed } = setup();
    const first = challenge().nonce;
    expect(signed(first)).toHaveProperty('principal');
    for (let i = 0; i < MAX_KEPT_NONCES + 500; i++) signed(challenge().nonce);
    expect(auth.keptNonces()).toBe(MAX_KEPT_NONCES);
    expect(signed(first, 1)).toEqual({ challenge: { stale: true } }); // its nc 1 was used: not accepted again
    expect(signed(first, 2)).toEqual({ challenge: { stale: true } });
    expect(signed(challenge().nonce)).toHaveProperty('principal');
    expect(auth.keptNonces()).toBe(MAX_KEPT_NONCES);
  });
});
