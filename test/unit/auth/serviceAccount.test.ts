import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  credentialKey,
  isGrantUsable,
  parseTokenResponse,
  removeCachedTokens,
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
  test('writes a 0600 file in a 0700 tokens dir, keyed by base URL, client id and secret', () => {
    const dir = tempDir();
    const cache = new TokenFileCache(dir, 'https://example.test', 'mdb_sa_id_1', 'secret-1');
    expect(cache.read()).toBeUndefined();
    const grant = { accessToken: 'abc', expiresAt: 2, obtainedAt: 1 };
    cache.write(grant);
    expect(cache.read()).toEqual(grant);
    expect(statSync(cache.file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'tokens')).mode & 0o777).toBe(0o700);
    expect(cache.file).toMatch(/tokens\/[0-9a-f]{64}-[0-9a-f]{64}\.json$/);
    expect(new TokenFileCache(dir, 'http://127.0.0.1:1', 'mdb_sa_id_1', 'secret-1').file).not.toBe(cache.file);
    expect(new TokenFileCache(dir, 'https://example.test', 'mdb_sa_id_2', 'secret-1').file).not.toBe(cache.file);
    cache.remove();
    expect(cache.read()).toBeUndefined();
  });

  test('a different secret never reads the token another secret stored', () => {
    const dir = tempDir();
    new TokenFileCache(dir, 'https://example.test', 'id', 'right-secret').write({ accessToken: 'abc', expiresAt: 2, obtainedAt: 1 });
    expect(new TokenFileCache(dir, 'https://example.test', 'id', 'wrong-secret').read()).toBeUndefined();
  });

  test('neither the file name nor the file holds the secret', () => {
    const dir = tempDir();
    const secret = 'mdb_sa_sk_0123456789abcdef';
    const cache = new TokenFileCache(dir, 'https://example.test', 'id', secret);
    cache.write({ accessToken: 'abc', expiresAt: 2, obtainedAt: 1 });
    expect(cache.file).not.toContain(secret);
    expect(readFileSync(cache.file, 'utf8')).not.toContain(secret);
    expect(credentialKey('id', secret)).not.toBe(credentialKey('id', `${secret}x`));
  });

  test('a failed write throws and leaves no temp file behind', () => {
    const dir = tempDir();
    const cache = new TokenFileCache(dir, 'https://example.test', 'id', 's');
    mkdirSync(cache.file, { recursive: true }); // a directory where the file goes is refused before any write
    expect(() => cache.write({ accessToken: 'tok-in-temp', expiresAt: 2, obtainedAt: 1 })).toThrow(/is not a regular file/);
    expect(readdirSync(join(dir, 'tokens'))).toEqual([cache.file.slice(cache.file.lastIndexOf('/') + 1)]);
    expect(cache.read()).toBeUndefined();
    expect(() => cache.remove()).not.toThrow();
  });
});

describe('removeCachedTokens', () => {
  test('deletes the tokens of one credential pair for every base URL, and only those', () => {
    const dir = tempDir();
    const grant = { accessToken: 'abc', expiresAt: 2, obtainedAt: 1 };
    new TokenFileCache(dir, 'https://a.test', 'id', 's1').write(grant);
    new TokenFileCache(dir, 'https://b.test', 'id', 's1').write(grant);
    const other = new TokenFileCache(dir, 'https://a.test', 'id', 's2');
    other.write(grant);
    removeCachedTokens(dir, 'id', 's1');
    expect(readdirSync(join(dir, 'tokens'))).toEqual([other.file.slice(other.file.lastIndexOf('/') + 1)]);
  });

  test('no tokens dir, or a file where the config dir should be: nothing to do', () => {
    const dir = tempDir();
    expect(() => removeCachedTokens(dir, 'id', 's')).not.toThrow();
    writeFileSync(join(dir, 'file'), '');
    expect(() => removeCachedTokens(join(dir, 'file'), 'id', 's')).not.toThrow();
  });
});

describe('ServiceAccountTokens', () => {
  const setup = (now: { t: number }) => {
    const cache = new TokenFileCache(tempDir(), 'https://x.test', 'id', 'secret');
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

  test('a token that cannot be stored is still used, with one warning for the process', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tokens'), ''); // a file where the tokens dir belongs
    const cache = new TokenFileCache(dir, 'https://x.test', 'id', 'secret');
    const warnings: string[] = [];
    let n = 0;
    const now = { t: 0 };
    const tokens = new ServiceAccountTokens({
      cache,
      now: () => now.t,
      onStoreFailure: (message) => warnings.push(message),
      fetchGrant: async () => ({ accessToken: `tok${++n}`, obtainedAt: now.t, expiresAt: now.t + 3_600_000 }),
    });
    expect(await tokens.get()).toEqual({ token: 'tok1', fresh: true });
    now.t = 3_550_000;
    expect(await tokens.get()).toEqual({ token: 'tok2', fresh: true });
    expect(warnings).toEqual([`cannot store the service-account token in ${join(dir, 'tokens')}: a file is in the way; the next run will ask for a new one`]);
  });
});
