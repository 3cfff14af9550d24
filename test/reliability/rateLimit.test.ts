// Guarantees under the service's rate limit (429 + Retry-After):
// - `clusters list --all` over more pages than the limit allows per window
//   completes, by waiting out Retry-After, with every cluster in order;
// - `api` in a tight loop stops with exit 6 once the retry budget cannot cover
//   the wait, without waiting and without a stack trace.
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { cdba } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { digestEnv, expectOneErrorLine, knownSeed, modernBody, PROJECT_ID, spawnEmulator, type EmulatorProcess } from './support.js';

const PAGE_SIZE = 500; // what list --all asks for (the service's maximum)
const CLUSTERS = 3 * PAGE_SIZE + 250; // four pages
// One request per window, and the emulator's clock moves one window on each
// refusal it serves, and only then: the page fetched after the first lands in
// the first's window (a 429 is certain, however slow the machine), and every
// retry finds a window with room again. Retry-After is always the whole 2 s.
const LIMIT = 1;
const WINDOW_MS = 2000;

let emu: RunningEmulator | undefined;
let proc: EmulatorProcess | undefined;
afterAll(async () => {
  await emu?.stop();
  await proc?.stop();
});

describe('rate limits', () => {
  it(`clusters list --all reads ${Math.ceil(CLUSTERS / PAGE_SIZE)} pages at ${LIMIT} requests per window through Retry-After waits`, async () => {
    const clusters = Array.from({ length: CLUSTERS }, (_, i) => ({ projectId: PROJECT_ID, cluster: modernBody(`c${String(i).padStart(4, '0')}`) }));
    const firstWindow = Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS;
    const refused = (): number => emu?.stats().byStatus['429'] ?? 0;
    ({ emu } = await withEmulator({ seed: knownSeed({ clusters }), rateLimitPerMinute: LIMIT, rateWindowMs: WINDOW_MS, clock: () => firstWindow + WINDOW_MS * refused() }));
    const result = await cdba(['clusters', 'list', '--all', '-o', 'json'], { env: digestEnv(emu.url), timeoutMs: 60_000 });
    expect(result.exitCode, result.stderr).toBe(0);
    const list = JSON.parse(result.stdout) as { results: Array<{ name: string }>; totalCount: number };
    expect(list.totalCount).toBe(CLUSTERS);
    expect(list.results.map((c) => c.name)).toEqual(emu.state().clusters.map((c) => c.name));
    const stats = emu.stats();
    // The limit was hit and waited out: some pages were refused, then all were served.
    expect(stats.byStatus['429'] ?? 0).toBeGreaterThanOrEqual(1);
    expect(stats.byStatus['200']).toBe(Math.ceil(CLUSTERS / PAGE_SIZE));
    expect(result.stderr).toMatch(/rate limited \(429\); retrying in 2s/);
  });

  it('api in a tight loop exits 6 when the wait for the next window exceeds the retry budget', async () => {
    // Windows are aligned to the clock (a minute starts at :00), so an hour-long
    // window can end within seconds. Ten years: Retry-After is always far beyond
    // the client's 90 s wait budget.
    proc = await spawnEmulator(['--rate-limit', '10', '--rate-window-ms', String(10 * 365 * 24 * 3600 * 1000)]);
    const env = { CDBA_BASE_URL: proc.url, CDBA_PUBLIC_KEY: proc.info.publicKey!, CDBA_PRIVATE_KEY: proc.info.privateKey!, CDBA_PROJECT_ID: proc.info.projectId! };
    const exits: number[] = [];
    let last;
    // At most two windows' worth, in case a window boundary passes during the loop.
    for (let i = 0; i < 22; i++) {
      last = await cdba(['api', '/groups/{projectId}/clusters'], { env });
      exits.push(last.exitCode);
      if (last.exitCode !== 0) break;
    }
    expect(exits.at(-1), `exits: ${exits.join(',')}`).toBe(6);
    expect(exits.slice(0, -1).every((code) => code === 0)).toBe(true);
    expect(exits.length).toBeGreaterThanOrEqual(11);
    expectOneErrorLine(last!, 6, /RATE_LIMITED, HTTP 429\); rate limited and the retries ran out/);
    // The error document still goes to stdout, as api prints every answer.
    expect(JSON.parse(last!.stdout).errorCode).toBe('RATE_LIMITED');
    const stats = async (): Promise<{ byStatus: Record<string, number> }> => (await fetch(`${proc!.url}/_emulator/stats`)).json() as never;
    // The refused call was not retried: a wait of an hour is never started.
    expect((await stats()).byStatus['429']).toBe(1);
    // A command that is not raw says why it stopped.
    const list = await cdba(['clusters', 'list'], { env });
    expectOneErrorLine(list, 6, /RATE_LIMITED, HTTP 429\); gave up: waiting again would pass the 90s retry budget; the limit is per project and resets each minute/);
    expect((await stats()).byStatus['429']).toBe(2);
  });
});
