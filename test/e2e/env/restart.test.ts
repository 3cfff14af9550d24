// The emulator as a process, its --date a time (issue 38): an env brought up, the
// emulator stopped and started again on the same --state three hours on; what has
// ended on its clock, env list --expired shows and env gc removes, although this
// machine's clock says it has not.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdba, tempDir } from '../../helpers/inProcess.js';
import { spawnEmulator } from '../../reliability/support.js';

const HOUR = 3_600_000;

describe('expiry without waiting: an emulator restarted on its --state, hours on', () => {
  it('env up --ttl 1h, then at +3h: env list --expired names it, env gc removes its cluster', async () => {
    const state = join(tempDir(), 'state.json');
    const started = Math.floor(Date.now() / 1000) * 1000;
    const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const first = await spawnEmulator(['--state', state, '--date', iso(started), '--transition-ms', '0']);
    const envOf = (emu: typeof first) => ({ CDBA_BASE_URL: emu.url, CDBA_PUBLIC_KEY: emu.info.publicKey!, CDBA_PRIVATE_KEY: emu.info.privateKey!, CDBA_PROJECT_ID: emu.info.projectId! });
    try {
      const up = await cdba(['env', 'up', 'dead-runner', '--ttl', '1h', '-o', 'json'], { env: envOf(first), configDir: tempDir() });
      expect(up.exitCode, up.stderr).toBe(0);
      const fresh = await cdba(['env', 'list', '--expired', '-o', 'json'], { env: envOf(first) });
      expect(JSON.parse(fresh.stdout).results).toEqual([]);
    } finally {
      await first.stop();
    }

    const later = await spawnEmulator(['--state', state, '--date', iso(started + 3 * HOUR), '--transition-ms', '0']);
    try {
      const env = envOf(later);
      const list = await cdba(['env', 'list', '--expired', '-o', 'json'], { env });
      const doc = JSON.parse(list.stdout) as { results: Array<{ name: string; expires: string }>; serviceTime: string };
      expect(doc.results.map((e) => e.name)).toEqual(['dead-runner']);
      expect(Date.parse(doc.results[0]!.expires)).toBeGreaterThan(Date.now()); // this machine's clock: not yet
      expect(Date.parse(doc.serviceTime) - started).toBeGreaterThanOrEqual(3 * HOUR);
      const gc = await cdba(['env', 'gc', '-o', 'table'], { env });
      expect(gc.exitCode, gc.stderr).toBe(0);
      expect(gc.stderr).toContain('cdba: env dead-runner: removed cluster dead-runner (deleting)');
      const after = await cdba(['env', 'list', '-o', 'json'], { env });
      expect(JSON.parse(after.stdout).results).toEqual([]);
    } finally {
      await later.stop();
    }
  });
});
