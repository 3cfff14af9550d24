// The digest session file: disjoint nc blocks under the lock, a spent block
// leads to a fresh challenge, and the refusal note.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { DigestSession } from '../../../src/auth/digestSession.js';
import { DigestSessionFile, NC_BLOCK, NC_MAX, REFUSAL_MEMORY_MS } from '../../../src/auth/digestSessionFile.js';
import type { DigestChallenge } from '../../../src/auth/digest.js';
import { tempDir } from '../../helpers/cli.js';

const KEY = { baseUrl: 'https://cloud.example', username: 'pubkey12', password: '0d4e8b2a-6c1f-4a3e-8d7b-9f2c5a1e3b60' };
const CHALLENGE: DigestChallenge = { realm: 'MMS Public API', nonce: 'bm9uY2Ux', algorithm: 'MD5', qop: ['auth'], stale: false };
const fileIn = (dir: string, now?: () => number) => new DigestSessionFile(dir, KEY, () => {}, now);

describe('DigestSessionFile', () => {
  test('nothing stored: no reservation; a fresh challenge keeps the first block', async () => {
    const dir = tempDir('cdba-dsf-');
    expect(await fileIn(dir).reserve()).toBeUndefined();
    expect(fileIn(dir).saveFresh(CHALLENGE, 'c1')).toBe(NC_BLOCK);
    const reserved = await fileIn(dir).reserve();
    expect(reserved).toMatchObject({ first: NC_BLOCK + 1, last: 2 * NC_BLOCK, cnonce: 'c1' });
    expect(reserved?.challenge.nonce).toBe(CHALLENGE.nonce);
  });

  test('concurrent reservations get disjoint blocks', async () => {
    const dir = tempDir('cdba-dsf-');
    fileIn(dir).saveFresh(CHALLENGE, 'c1');
    const blocks = await Promise.all(Array.from({ length: 10 }, () => fileIn(dir).reserve()));
    const firsts = blocks.map((b) => b!.first).sort((a, b) => a - b);
    expect(firsts).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * NC_BLOCK + 1));
    expect(JSON.parse(readFileSync(fileIn(dir).file, 'utf8')).next).toBe(11 * NC_BLOCK + 1);
  });

  test('a refusal note stops reuse for a while, then reuse is tried again', async () => {
    const dir = tempDir('cdba-dsf-');
    let now = 1_000_000;
    fileIn(dir).saveFresh(CHALLENGE, 'c1');
    fileIn(dir, () => now).noteRefusal();
    expect(await fileIn(dir, () => now).reserve()).toBeUndefined();
    expect(fileIn(dir, () => now).saveFresh(CHALLENGE, 'c2')).toBe(NC_MAX);
    now += REFUSAL_MEMORY_MS + 1;
    expect(await fileIn(dir, () => now).reserve()).toBeDefined();
  });
});

describe('DigestSession with a session file', () => {
  test('signs with the reserved block only, then asks for a fresh challenge', async () => {
    const store = {
      reserve: async () => ({ challenge: CHALLENGE, cnonce: 'c', first: 7, last: 8 }),
      saveFresh: () => NC_BLOCK,
      noteRefusal: () => {},
    } as unknown as DigestSessionFile;
    const session = new DigestSession({ username: KEY.username, password: KEY.password }, store);
    expect(await session.adoptStored()).toBe(true);
    expect(await session.adoptStored()).toBe(false); // once per process
    expect(session.sign('GET', '/a')?.nc).toBe(7);
    expect(session.sign('GET', '/a')?.nc).toBe(8);
    expect(session.sign('GET', '/a')).toBeUndefined();
    expect(session.hasChallenge).toBe(false);
    session.learn({ ...CHALLENGE, nonce: 'bm9uY2Uy' });
    expect(session.sign('GET', '/a')).toMatchObject({ nc: 1, nonce: 'bm9uY2Uy' });
  });
});
