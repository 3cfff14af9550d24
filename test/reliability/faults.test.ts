// Guarantees under injected faults:
// - with 30 % of requests answered 503 (Retry-After: 1) and 20 ms latency, 50
//   idempotent commands all succeed through bounded retries;
// - when the service commits a create and then drops the connection, `clusters
//   create` does not retry, exactly one cluster exists, and the message says to
//   check with `clusters get`.
import { afterAll, describe, expect, it } from 'vitest';
import { Faults } from '../../src/emulator/faults.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { cdba } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { digestEnv, expectOneErrorLine, inPool, knownSeed, PROJECT_ID, SEEDED_CLUSTER } from './support.js';

const FAIL_RATE = 0.3;
const LANES = 10;
const COMMANDS_PER_LANE = 5;
/** The client's attempts per request (src/api/retryPolicy.ts DEFAULT_RETRY_BUDGET). */
const MAX_ATTEMPTS = 5;

/** Longest run of consecutive failures in the first `draws` decisions of a fault seed. */
function longestFailureRun(faultSeed: number, draws: number): number {
  const faults = new Faults({ failRate: FAIL_RATE, faultSeed });
  let longest = 0;
  let run = 0;
  for (let i = 0; i < draws; i++) {
    run = faults.shouldFail() ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Idempotent commands: reads, and a PATCH that sets a value (the client retries it like PUT). */
const IDEMPOTENT: string[][] = [
  ['clusters', 'list'],
  ['clusters', 'get', SEEDED_CLUSTER],
  ['api', '/groups/{projectId}/clusters/seeded'],
  ['private-ip', 'status'],
  ['clusters', 'patch', SEEDED_CLUSTER, '--disk-size-gb', '40'],
];

const emulators: RunningEmulator[] = [];
afterAll(async () => {
  await Promise.all(emulators.map((e) => e.stop()));
});

describe('faults', () => {
  it(`${LANES * COMMANDS_PER_LANE} idempotent commands succeed with --fail-rate ${FAIL_RATE} --latency 20`, async () => {
    // Each lane is one emulator with its own fault seed, driven by one command at a
    // time, so the request order, and with it every fault, is the same on each run.
    // The seeds are the first whose first 200 draws never fail MAX_ATTEMPTS times
    // in a row: within that, every request must get through.
    const seeds: number[] = [];
    for (let seed = 1; seeds.length < LANES; seed++) if (longestFailureRun(seed, 200) < MAX_ATTEMPTS) seeds.push(seed);
    const lanes = await Promise.all(
      seeds.map(async (faultSeed) => {
        const { emu } = await withEmulator({ seed: knownSeed(), failRate: FAIL_RATE, latencyMs: 20, faultSeed, transitionMs: 0 });
        emulators.push(emu);
        return emu;
      }),
    );
    const results = await Promise.all(
      lanes.map((emu) =>
        inPool(Array.from({ length: COMMANDS_PER_LANE }, (_, i) => IDEMPOTENT[i % IDEMPOTENT.length]!), 1, (args) =>
          cdba(args, { env: digestEnv(emu.url) }),
        ),
      ),
    );
    for (const [lane, runs] of results.entries()) {
      for (const [i, result] of runs.entries()) {
        expect(result.exitCode, `lane ${lane} command ${i} (${IDEMPOTENT[i]!.join(' ')}): ${result.stderr}`).toBe(0);
        expect(result.stdout.trim().length).toBeGreaterThan(0);
      }
    }
    const stats = lanes.map((emu) => emu.stats());
    const served503 = stats.reduce((sum, s) => sum + (s.byStatus['503'] ?? 0), 0);
    const served2xx = stats.reduce((sum, s) => sum + (s.byStatus['200'] ?? 0), 0);
    // The faults really happened, and every answered request was a success, a challenge or a fault.
    expect(served503).toBeGreaterThanOrEqual(10);
    expect(served2xx).toBeGreaterThanOrEqual(LANES * COMMANDS_PER_LANE);
    for (const s of stats) expect(Object.keys(s.byStatus).sort()).toEqual(expect.arrayContaining(['200', '503']));
    for (const s of stats) for (const status of Object.keys(s.byStatus)) expect(['200', '401', '503']).toContain(status);
    // The patch landed exactly as asked, despite the replays.
    for (const emu of lanes) expect(emu.state().clusters.find((c) => c.name === SEEDED_CLUSTER)?.model.diskSizeGB).toBe(40);
  });

  it('commit-then-drop: create makes exactly one cluster, does not retry, and says to check with clusters get', async () => {
    const { emu, env } = await withEmulator({ seed: knownSeed(), dropAfterCommit: true });
    emulators.push(emu);
    const result = await cdba(['clusters', 'create', 'dropped', '--provider', 'AWS', '--region', 'US_EAST_1'], { env: { ...env, ...digestEnv(emu.url) } });
    expectOneErrorLine(result, 7, /check with `cdba clusters get dropped`/);
    expect(result.stdout).toBe('');
    const stats = emu.stats();
    const posts = stats.byPath['POST /api/atlas/v2/groups/{groupId}/clusters'];
    // One unsigned POST answered by the digest challenge, one signed POST committed and dropped: no replay.
    expect(stats.dropped).toBe(1);
    expect(stats.challenges).toBe(1);
    expect(posts).toBe(2);
    const created = emu.state().clusters.filter((c) => c.projectId === PROJECT_ID && c.name === 'dropped');
    expect(created).toHaveLength(1);
    expect(emu.state().clusters).toHaveLength(2); // the seeded one and the dropped create
    // The check the message suggests works.
    const check = await cdba(['clusters', 'get', 'dropped'], { env: digestEnv(emu.url) });
    expect(check.exitCode, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout).name).toBe('dropped');
  });
});
