// Issue 42, item 3: what the emulator writes with --state it can load again. Thirty search
// index definitions of ~800 KB made a pretty-printed state of 76 MB, over the 64 MiB that
// --state loads, so a restart failed. The file is now compact JSON, and a change that could
// take it past the limit is refused with 413 before it is made. The limit is an option
// (maxStateBytes, default 64 MiB) so that the test reaches it with a few indexes.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/inProcess.js';
import { PROJECT_A, client, modernCreate, testSeed, v2 } from './fixtures.js';

const MiB = 1024 * 1024;
const LIMIT = 3 * MiB;
const INDEXES = `/api/atlas/v2/groups/${PROJECT_A}/clusters/big/search/indexes`;
const headers = v2('2024-05-30');
const seed = testSeed({ clusters: [{ projectId: PROJECT_A, cluster: modernCreate('big') }] });

/** A search index whose definition is ~800 KB of compact JSON (and about three times that pretty-printed). */
function bigIndex(name: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (let i = 0; i < 11_500; i++) fields[`field_number_${i}`] = { type: 'document', fields: { inner: { type: 'string' } } };
  return { database: 'app', collectionName: 'items', name, definition: { mappings: { dynamic: false, fields } } };
}

describe('the --state file stays loadable', () => {
  it('is written compactly; a create that could pass the limit is 413 with nothing changed, and the file loads again', async () => {
    const statePath = join(tempDir(), 'state.json');
    const first = (await withEmulator({ seed, statePath, maxStateBytes: LIMIT })).emu;
    const c = client(first);
    const bodyBytes = JSON.stringify(bigIndex('x')).length;
    expect(bodyBytes).toBeGreaterThan(700_000);
    let created = 0;
    let refused: { status: number; json: { errorCode: string; detail: string } } | undefined;
    for (let i = 0; i < 10 && !refused; i++) {
      const answer = await c.request('POST', INDEXES, { headers, body: bigIndex(`i${i}`) });
      if (answer.status === 201) created++;
      else refused = answer;
    }
    expect(created).toBeGreaterThanOrEqual(2);
    expect(refused?.status).toBe(413);
    expect(refused?.json.errorCode).toBe('STATE_LIMIT_EXCEEDED');
    expect(refused?.json.detail).toContain('3 MiB');
    const listed = await c.request('GET', INDEXES, { headers });
    expect(listed.json).toHaveLength(created);
    // Compact: what is on disk is about the definitions' own size, not three times it.
    const size = statSync(statePath).size;
    expect(size).toBeLessThanOrEqual(LIMIT);
    expect(size).toBeLessThan(created * bodyBytes * 1.1);
    expect(readFileSync(statePath, 'utf8')).not.toContain('\n');
    // A delete frees room: the next create is taken.
    expect((await c.request('DELETE', `${INDEXES}/app/items/i0`, { headers })).status).toBeLessThan(300);
    expect(first.unexpectedErrors()).toEqual([]);
    await first.stop();

    const again = (await withEmulator({ seed, statePath, maxStateBytes: LIMIT })).emu;
    try {
      const reloaded = await client(again).request('GET', INDEXES, { headers });
      expect(reloaded.status).toBe(200);
      expect(reloaded.json.length).toBeGreaterThanOrEqual(created - 1);
    } finally {
      await again.stop();
    }
  });
});
