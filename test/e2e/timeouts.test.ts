// Timeouts have one meaning each: the global --timeout is the deadline of each
// request; --watch-timeout is how long a watch waits, for `clusters watch` and
// every --watch; 0 means no limit for both. `clusters watch --timeout` (the old
// spelling) still works, with a deprecation warning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { cdba, heldDeadline, start } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { digestEnv, knownSeed } from '../reliability/support.js';

let stuck: RunningEmulator; // transitions last an hour
let quick: RunningEmulator; // transitions last 300 ms
beforeAll(async () => {
  [{ emu: stuck }, { emu: quick }] = await Promise.all([
    withEmulator({ seed: knownSeed(), transitionMs: 3_600_000 }),
    withEmulator({ seed: knownSeed(), transitionMs: 300 }),
  ]);
  const created = await cdba(['clusters', 'create', 'slow', '--provider', 'AWS', '--region', 'US_EAST_1', '-o', 'json'], { env: digestEnv(stuck.url) });
  expect(created.exitCode, created.stderr).toBe(0);
});
afterAll(async () => {
  await Promise.all([stuck?.stop(), quick?.stop()]);
});

const on = (emu: RunningEmulator): Record<string, string> => ({ ...digestEnv(emu.url), CDBA_WATCH_INTERVAL_MS: '50' });

describe('watch deadlines', () => {
  // The deadline is held (heldDeadline): it runs out once the test has seen the
  // state line, so a slow first look cannot beat it.
  it('the global --timeout is not the watch deadline: --watch-timeout is', async () => {
    const deadline = heldDeadline();
    const watching = start(['--timeout', '20', 'clusters', 'watch', 'slow', '--watch-timeout', '45'], { env: on(stuck), watchDeadline: deadline.timer });
    await watching.seen(/is CREATING\n/);
    // Armed with --watch-timeout, not with the global --timeout, nor the shorter of the two.
    expect(await deadline.armed).toBe(45_000);
    deadline.expire();
    const result = await watching.result;
    expect(result.exitCode).toBe(8);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cdba: cluster slow is CREATING\ncdba: gave up waiting for cluster slow after 45s; it is still CREATING; /);
  });

  it('clusters watch --timeout (the old spelling) still sets the watch deadline, with a deprecation warning', async () => {
    const deadline = heldDeadline();
    const watching = start(['clusters', 'watch', 'slow', '--timeout', '300ms'], { env: on(stuck), watchDeadline: deadline.timer });
    await watching.seen(/is CREATING\n/);
    expect(await deadline.armed).toBe(300);
    deadline.expire();
    const result = await watching.result;
    expect(result.exitCode).toBe(8);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('cdba: warning: clusters watch --timeout is deprecated: use --watch-timeout (the global --timeout is the deadline of each request)');
    expect(lines.at(-1)).toMatch(/^cdba: gave up waiting for cluster slow after 300ms; it is still CREATING; /);
  });

  it('a bad old-spelling value is one usage error, before any request', async () => {
    const result = await cdba(['clusters', 'watch', 'slow', '--timeout', 'forever'], { env: on(stuck) });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe('cdba: invalid --timeout "forever": expected a duration like 90, 90s, 5m or 1h\n');
  });

  it('clusters watch --watch-timeout 0 means no limit: it waits until IDLE', async () => {
    const created = await cdba(['clusters', 'create', 'w0', '--provider', 'AWS', '--region', 'US_EAST_1', '-o', 'json'], { env: on(quick) });
    expect(created.exitCode, created.stderr).toBe(0);
    const result = await cdba(['clusters', 'watch', 'w0', '--watch-timeout', '0', '-o', 'json', '--query', 'stateName'], { env: on(quick) });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('"IDLE"\n');
  });

  it('create --watch-timeout 0 means no limit too', async () => {
    const result = await cdba(['clusters', 'create', 'c0', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch-timeout', '0', '-o', 'json', '--query', 'stateName'], {
      env: on(quick),
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('"IDLE"\n');
  });

  it('--help names --watch-timeout, and not the old spelling', async () => {
    const result = await cdba(['clusters', 'watch', '--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('--watch-timeout <duration>');
    expect(result.stdout).not.toMatch(/^\s+--timeout <duration>\s+deprecated/m);
  });
});
