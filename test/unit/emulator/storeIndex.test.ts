// The store keeps each project's clusters in an index and visits only clusters in
// transition: lists keep creation order across projects, deletes, pagination
// and name reuse, and each transition lands exactly at its own due time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import type { DigestClient } from '../../helpers/emulator.js';
import { PROJECT_A, PROJECT_B, TestClock, client, modernCreate, testSeed, v2 } from './fixtures.js';

const clock = new TestClock();
let emu: RunningEmulator;
let c: DigestClient;
const NEW = v2('2023-02-01');
const listA = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;
const listB = `/api/atlas/v2/groups/${PROJECT_B}/clusters`;

const names = async (path: string): Promise<string[]> =>
  ((await c.request('GET', path, { headers: NEW })).json.results as Array<{ name: string }>).map((r) => r.name);
const stateOf = async (path: string): Promise<string | number> => {
  const answer = await c.request('GET', path, { headers: NEW });
  return answer.status === 200 ? (answer.json.stateName as string) : answer.status;
};

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: testSeed(), clock: clock.read, transitionMs: 1000 }));
  c = client(emu);
});
afterAll(() => emu.stop());

describe('store index', () => {
  it('lists each project in creation order, across interleaved creates, deletes and name reuse', async () => {
    for (const name of ['n1', 'n2', 'n3', 'n4', 'n5']) {
      expect((await c.request('POST', listA, { headers: NEW, body: modernCreate(name) })).status).toBe(201);
      expect((await c.request('POST', listB, { headers: NEW, body: modernCreate(`b-${name}`) })).status).toBe(201);
    }
    expect(await names(listA)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    expect(await names(listB)).toEqual(['b-n1', 'b-n2', 'b-n3', 'b-n4', 'b-n5']);
    clock.advance(1000);

    expect((await c.request('DELETE', `${listA}/n2`, { headers: NEW })).status).toBe(202);
    expect((await c.request('DELETE', `${listA}/n4`, { headers: NEW })).status).toBe(202);
    // Still listed while DELETING; a second create of the same name is refused until it is gone.
    expect(await names(listA)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    expect((await c.request('POST', listA, { headers: NEW, body: modernCreate('n2') })).json.errorCode).toBe('DUPLICATE_CLUSTER_NAME');
    clock.advance(1000);
    expect(await names(listA)).toEqual(['n1', 'n3', 'n5']);
    expect((await c.request('GET', `${listA}/n2`, { headers: NEW })).status).toBe(404);

    // The name is free again; the new cluster goes to the end and is the one found by name.
    const again = await c.request('POST', listA, { headers: NEW, body: modernCreate('n2') });
    expect(again.status).toBe(201);
    expect(await names(listA)).toEqual(['n1', 'n3', 'n5', 'n2']);
    expect((await c.request('GET', `${listA}/n2`, { headers: NEW })).json.id).toBe(again.json.id);
    // Names are matched exactly, as before.
    expect((await c.request('GET', `${listA}/N2`, { headers: NEW })).status).toBe(404);

    const page2 = await c.request('GET', `${listA}?itemsPerPage=2&pageNum=2`, { headers: NEW });
    expect(page2.json.results.map((r: { name: string }) => r.name)).toEqual(['n5', 'n2']);
    expect(page2.json.totalCount).toBe(4);
    expect(page2.json.links.map((l: { rel: string }) => l.rel)).toEqual(['self', 'previous']);
    expect(await names(listB)).toEqual(['b-n1', 'b-n2', 'b-n3', 'b-n4', 'b-n5']);
    expect(emu.state().clusters.map((k) => k.name)).toEqual(['n1', 'n3', 'n5', 'n2', 'b-n1', 'b-n2', 'b-n3', 'b-n4', 'b-n5']);
  });

  it('ends each transition at its own due time, and a later change moves the due time', async () => {
    const a = `${listA}/due-a`;
    const b = `${listA}/due-b`;
    await c.request('POST', listA, { headers: NEW, body: modernCreate('due-a') });
    clock.advance(400);
    await c.request('POST', listA, { headers: NEW, body: modernCreate('due-b') });
    clock.advance(300);
    // A change while CREATING keeps CREATING and restarts the clock: due-a now ends 1000 ms from here.
    expect((await c.request('PATCH', a, { headers: NEW, body: { backupEnabled: true } })).json.stateName).toBe('CREATING');
    clock.advance(300); // due-a's first deadline: passed, but it no longer counts
    expect([await stateOf(a), await stateOf(b)]).toEqual(['CREATING', 'CREATING']);
    clock.advance(399);
    expect([await stateOf(a), await stateOf(b)]).toEqual(['CREATING', 'CREATING']);
    clock.advance(1); // due-b's 1000 ms are up
    expect([await stateOf(a), await stateOf(b)]).toEqual(['CREATING', 'IDLE']);
    clock.advance(299);
    expect(await stateOf(a)).toBe('CREATING');
    clock.advance(1);
    expect(await stateOf(a)).toBe('IDLE');
    expect((await c.request('GET', a, { headers: v2('2023-01-01') })).json.mongoURIUpdated).toBe(
      new Date(Math.floor(clock.now / 1000) * 1000).toISOString().replace('.000Z', 'Z'), // the due time, to the second
    );

    // DELETE of an UPDATING cluster: the delete's deadline counts, not the update's.
    await c.request('PATCH', b, { headers: NEW, body: { mongoDBMajorVersion: '8.0' } });
    clock.advance(500);
    await c.request('DELETE', b, { headers: NEW });
    clock.advance(500);
    expect(await stateOf(b)).toBe('DELETING');
    clock.advance(500);
    expect(await stateOf(b)).toBe(404);
  });
});
