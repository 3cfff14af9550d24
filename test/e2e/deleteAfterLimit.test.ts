// The documented maximum of --delete-after and env up --ttl, seven days, is accepted by
// a service whose clock reads a moment after cdba's (as every real one does: the request
// takes time to arrive), and one second more is refused before any request (issue 34, class 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { startEmulator } from '../../src/emulator/index.js';
import { cdba, tempDir } from '../helpers/inProcess.js';
import { OWNER, ownerEnv } from './conn-string/world.js';

const PROJECT = 'c0000000000000000000007d';
let emu: RunningEmulator;
const env = () => ownerEnv(emu.url, PROJECT);

beforeAll(async () => {
  // The emulator's real clock: it reads the time when the request arrives, after cdba computed the date.
  emu = await startEmulator({
    transitionMs: 0,
    seed: {
      projects: [{ id: PROJECT, name: 'week' }],
      apiKeys: [{ ...OWNER, roles: [{ projectId: PROJECT, roleName: 'GROUP_OWNER' }] }],
      rateLimit: { perMinute: 100_000 },
    },
  });
});

afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

describe('seven days, the longest deleteAfterDate the service takes', () => {
  it('access-list add --delete-after 7d and 168h are accepted', async () => {
    for (const [address, duration] of [['10.7.7.1', '7d'], ['10.7.7.2', '168h']]) {
      const result = await cdba(['access-list', 'add', address!, '--delete-after', duration!, '-o', 'json'], { env: env() });
      expect(result.stderr, duration).not.toMatch(/deleteAfterDate|invalid/i);
      expect(result.exitCode, duration).toBe(0);
    }
  });

  it('dbusers create --delete-after 7d is accepted', async () => {
    const result = await cdba(['dbusers', 'create', 'week-user', '--role', 'read@app', '--generate-password', '--delete-after', '7d', '-o', 'json'], { env: env() });
    expect(result.stderr).not.toMatch(/deleteAfterDate|invalid/i);
    expect(result.exitCode).toBe(0);
  });

  it('env up --ttl 7d makes the env, user and entry included', async () => {
    const result = await cdba(['env', 'up', 'week-env', '--ttl', '7d', '-o', 'json'], { env: env(), configDir: tempDir() });
    expect(result.stderr).toMatch(/env week-env is ready/);
    expect(result.exitCode).toBe(0);
  });

  it('one second more is refused before any request, by each', async () => {
    const before = emu.stats().total;
    for (const args of [
      ['access-list', 'add', '10.7.7.3', '--delete-after', '604801s'],
      ['dbusers', 'create', 'late-user', '--role', 'read@app', '--generate-password', '--delete-after', '7d1s'],
      ['env', 'up', 'late-env', '--ttl', '168h1s'],
    ]) {
      const result = await cdba(args, { env: env(), configDir: tempDir() });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^cdba: invalid --(delete-after|ttl) .*at most one week.*\n$/);
    }
    expect(emu.stats().total).toBe(before);
  });
});
