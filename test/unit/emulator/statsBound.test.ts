// The request statistics stay bounded however many distinct paths unauthenticated
// callers send: at most MAX_KEYS paths by name, the rest counted together, every
// request still counted once (issue 34, class 11).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { MAX_KEYS, OTHER } from '../../../src/emulator/stats.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.stop());

describe('emulator statistics', () => {
  it('1,500 distinct unauthenticated paths keep at most MAX_KEYS entries, and the counts add up to the total', async () => {
    const before = emu.stats().total;
    for (let batch = 0; batch < 15; batch++) {
      await Promise.all(Array.from({ length: 100 }, (_, i) => fetch(`${emu.url}/api/atlas/v2/no-such-${batch}-${i}/${'x'.repeat(200)}`).then((r) => r.arrayBuffer())));
    }
    const stats = emu.stats();
    expect(stats.total - before).toBe(1500);
    expect(Object.keys(stats.byPath).length).toBeLessThanOrEqual(MAX_KEYS + 1);
    expect(stats.byPath[OTHER]).toBeGreaterThan(1000);
    expect(Object.values(stats.byPath).reduce((a, b) => a + b, 0)).toBe(stats.total);
    // The control route stays readable without credentials.
    const response = await fetch(`${emu.url}/_emulator/stats`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { total: number }).total).toBe(stats.total);
  });
});
