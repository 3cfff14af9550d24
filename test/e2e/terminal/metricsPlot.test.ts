// `cdba metrics processes --plot` in a real pseudo-terminal against an emulator: one chart
// per series, each line within the terminal's width; the same command in a pipe is refused
// before any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { cdba } from '../../helpers/cli.js';
import { withEmulator } from '../../helpers/emulator.js';
import { displayWidth } from '../../../src/output/fit.js';
import { SEEDED_CLUSTER, digestEnv, knownSeed } from '../../reliability/support.js';
import { inTerminal, scriptAvailable } from './pty.js';

let emu: RunningEmulator;
/** The emulator's clock: two hours after the cluster was seeded, so that each series has an hour of points. */
let now = Date.UTC(2026, 7, 10, 9, 0, 0);
beforeAll(async () => {
  ({ emu } = await withEmulator({ seed: knownSeed(), transitionMs: 0, clock: () => now }));
  now += 2 * 3_600_000;
});
afterAll(async () => {
  expect(emu.unexpectedErrors()).toEqual([]);
  await emu.stop();
});

const args = ['metrics', 'processes', SEEDED_CLUSTER, '--plot', '--type', 'CONNECTIONS', '--type', 'SYSTEM_CPU_USER', '--granularity', 'PT1M', '--period', 'PT1H'];

describe.skipIf(!scriptAvailable)('metrics --plot in a terminal', () => {
  it.each([60, 100])('at %i columns: a chart per process and series, no line wider than the terminal', async (columns) => {
    const terminal = inTerminal(args, { columns, env: { ...digestEnv(emu.url), NO_COLOR: '1' } });
    const { exitCode, text } = await terminal.done();
    expect(exitCode, text).toBe(0);
    const titles = text.split('\n').filter((l) => /(CONNECTIONS \(SCALAR\)|SYSTEM_CPU_USER \(PERCENT\)) {2}latest /.test(l));
    expect(titles).toHaveLength(6);
    // Each process's ID, whole, above its charts.
    expect(text.split('\n').filter((l) => /^atlas-[a-z0-9]{6}-shard-00-0[0-2]\.[a-z0-9]+\.mongodb\.net:27017$/.test(l))).toHaveLength(3);
    expect(text.split('\n').filter((l) => /[┤┼]/.test(l)).length).toBe(6 * 7);
    for (const line of text.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
  });

  it('in a pipe: refused, one line, exit 2', async () => {
    const result = await cdba(args, { env: digestEnv(emu.url) });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('cdba: --plot draws on a terminal, and stdout is not one: use -o json for the series\n');
  });
});
