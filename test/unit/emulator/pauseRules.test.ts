// The emulator's pause rules, as the service's error codes give them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator } from '../../helpers/emulator.js';
import type { DigestClient } from '../../helpers/emulator.js';
import { PROJECT_A, TestClock, client, modernCreate, tenantCreate, testSeed, v2 } from './fixtures.js';

const clock = new TestClock();
let emu: RunningEmulator;
let c: DigestClient;
const v1 = `/api/atlas/v1.0/groups/${PROJECT_A}/clusters`;
const v2p = `/api/atlas/v2/groups/${PROJECT_A}/clusters`;
const NEW = v2('2023-02-01');

beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: testSeed(), clock: clock.read, transitionMs: 2000, removedVersions: [] }));
  c = client(emu);
});
afterAll(() => emu.stop());

const patch = (name: string, body: Record<string, unknown>) => c.request('PATCH', `${v2p}/${name}`, { headers: NEW, body });

describe('pause rules', () => {
  it('a cluster still being created: 409 CANNOT_PAUSE_CLUSTER_WITH_PENDING_CHANGES', async () => {
    await c.request('POST', v2p, { headers: NEW, body: modernCreate('young') });
    const refused = await patch('young', { paused: true });
    expect([refused.status, refused.json.errorCode]).toEqual([409, 'CANNOT_PAUSE_CLUSTER_WITH_PENDING_CHANGES']);
  });

  it('a pause with other changes: 409 CANNOT_UPDATE_AND_PAUSE_CLUSTER; nothing changes', async () => {
    await c.request('POST', v2p, { headers: NEW, body: modernCreate('both') });
    clock.advance(2000);
    const refused = await patch('both', { paused: true, diskSizeGB: 40 });
    expect([refused.status, refused.json.errorCode, refused.json.detail]).toEqual([409, 'CANNOT_UPDATE_AND_PAUSE_CLUSTER', 'Cannot update and pause cluster both at the same time.']);
    expect((await c.request('GET', `${v2p}/both`, { headers: NEW })).json).toMatchObject({ paused: false, stateName: 'IDLE' });
  });

  it('a shared tier (v1.0 too): 400 TENANT_CLUSTER_UPDATE_UNSUPPORTED', async () => {
    await c.request('POST', v2p, { headers: NEW, body: tenantCreate('tiny') });
    clock.advance(2000);
    const refused = await c.request('PATCH', `${v1}/tiny`, { body: { paused: true } });
    expect([refused.status, refused.json.errorCode]).toEqual([400, 'TENANT_CLUSTER_UPDATE_UNSUPPORTED']);
  });

  it('paused: a resume with other changes is refused (resume alone first); a pause again is CLUSTER_ALREADY_PAUSED', async () => {
    await c.request('POST', v2p, { headers: NEW, body: modernCreate('nap') });
    clock.advance(2000);
    expect((await patch('nap', { paused: true })).json.paused).toBe(true);
    const again = await patch('nap', { paused: true });
    expect([again.status, again.json.errorCode]).toEqual([409, 'CLUSTER_ALREADY_PAUSED']);
    const both = await patch('nap', { paused: false, diskSizeGB: 40 });
    expect([both.status, both.json.errorCode]).toEqual([409, 'CANNOT_UPDATE_PAUSED_CLUSTER']);
    expect((await patch('nap', { paused: false })).json).toMatchObject({ paused: false, stateName: 'UPDATING' });
  });

  it('a resume of a running cluster is accepted and changes nothing', async () => {
    await c.request('POST', v2p, { headers: NEW, body: modernCreate('awake') });
    clock.advance(2000);
    const answer = await patch('awake', { paused: false });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ paused: false, stateName: 'IDLE' });
  });
});
