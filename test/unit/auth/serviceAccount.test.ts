import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  isGrantUsable,
  parseTokenResponse,
  ServiceAccountTokens,
  TokenFileCache,
  TokenResponseError,
  type TokenGrant,
} from '../../../src/auth/serviceAccount.js';
import { tempDir } from '../../helpers/cli.js';

describe('parseTokenResponse', () => {
  test('reads access_token and expires_in', () => {
    expect(parseTokenResponse({ access_token: 'tok', token_type: 'Bearer', expires_in: 3600 }, 1000)).toEqual({
      accessToken: 'tok',
      expiresAt: 1000 + 3_600_000,
      obtainedAt: 1000,
    });
  });
  test('token_type is case-insensitive; a missing expires_in means an hour', () => {
    expect(parseTokenResponse({ access_token: 't', token_type: 'bearer' }, 0).expiresAt).toBe(3_600_000);
  });
  test.each([
    [null, /not a JSON object/],
    [{}, /no access_token/],
    [{ access_token: 't', token_type: 'mac' }, /not Bearer/],
    [{ access_token: 't', expires_in: -5 }, /invalid expires_in/],
  ])('rejects %j', (body, pattern) => {
    expect(() => parseTokenResponse(body, 0)).toThrow(TokenResponseError);
    expect(() => parseTokenResponse(body, 0)).toThrow(pattern);
  });
});

describe('isGrantUsable', () => {
  const grant: TokenGrant = { accessToken: 't', obtainedAt: 0, expiresAt: 3_600_000 };
  test('usable until a minute before expiry', () => {
    expect(isGrantUsable(grant, 3_540_000 - 1)).toBe(true);
    expect(isGrantUsable(grant, 3_540_000)).toBe(false);
  });
  test('a short-lived token keeps a tenth of its life as margin', () => {
    const short = { accessToken: 't', obtainedAt: 0, expiresAt: 100_000 };
    expect(isGrantUsable(short, 89_999)).toBe(true);
    expect(isGrantUsable(short, 90_000)).toBe(false);
  });
});

describe('TokenFileCache', () => {
  test('writes a 0600 file in a 0700 tokens dir, keyed by base URL and client id', () => {
    const dir = tempDir();
    const cache = new TokenFileCache(dir, 'https://example.test', 'mdb_sa_id_1');
    expect(cache.read()).toBeUndefined();
    const grant = { accessToken: 'abc', expiresAt: 2, obtainedAt: 1 };
    cache.write(grant);
    expect(cache.read()).toEqual(grant);
    expect(statSync(cache.file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'tokens')).mode & 0o777).toBe(0o700);
    expect(cache.file).toMatch(/tokens\/[0-9a-f]{64}\.json$/);
    expect(new TokenFileCache(dir, 'http://127.0.0.1:1', 'mdb_sa_id_1').file).not.toBe(cache.file);
    cache.remove();
    expect(cache.read()).toBeUndefined();
  });
});

describe('ServiceAccountTokens', () => {
  const setup = (now: { t: number }) => {
    const cache = new TokenFileCache(tempDir(), 'https://x.test', 'id');
    let fetches = 0;
    const seen: string[] = [];
    const tokens = new ServiceAccountTokens({
      cache,
      now: () => now.t,
      onToken: (t) => seen.push(t),
      fetchGrant: async () => {
        fetches++;
        return { accessToken: `tok${fetches}`, obtainedAt: now.t, expiresAt: now.t + 3_600_000 };
      },
    });
    return { cache, tokens, fetches: () => fetches, seen };
  };

  test('fetches once, then serves from memory; concurrent callers share one fetch', async () => {
    const now = { t: 0 };
    const { tokens, fetches, seen } = setup(now);
    const [a, b] = await Promise.all([tokens.get(), tokens.get()]);
    expect(a).toEqual({ token: 'tok1', fresh: true });
    expect(b.token).toBe('tok1');
    expect(await tokens.get()).toEqual({ token: 'tok1', fresh: false });
    expect(fetches()).toBe(1);
    expect(seen).toEqual(['tok1']);
  });

  test('a second instance on the same cache file reuses the token', async () => {
    const now = { t: 0 };
    const first = setup(now);
    await first.tokens.get();
    let fetched = false;
    const second = new ServiceAccountTokens({
      cache: first.cache,
      now: () => now.t,
      fetchGrant: async () => {
        fetched = true;
        return { accessToken: 'other', obtainedAt: 0, expiresAt: 1 };
      },
    });
    expect(await second.get()).toEqual({ token: 'tok1', fresh: false });
    expect(fetched).toBe(false);
  });

  test('near expiry a new token is fetched', async () => {
    const now = { t: 0 };
    const { tokens, fetches } = setup(now);
    await tokens.get();
    now.t = 3_550_000;
    expect((await tokens.get()).token).toBe('tok2');
    expect(fetches()).toBe(2);
  });

  test('refresh drops a rejected token from memory and file', async () => {
    const now = { t: 0 };
    const { tokens, cache } = setup(now);
    await tokens.get();
    expect(await tokens.refresh('tok1')).toEqual({ token: 'tok2', fresh: true });
    expect(cache.read()?.accessToken).toBe('tok2');
  });
});
