// Runs `cdba emulator` in its own process, so the CLI runs being timed never share
// an event loop (or a core's time slice) with the bench's own bookkeeping.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { clearTimeout, setTimeout } from 'node:timers';
import { request } from 'undici';

/**
 * @param {{ bin: string, seedFile: string, latencyMs?: number, env: Record<string, string> }} options
 * @returns {Promise<{ url: string, pid: number, stats(): Promise<any>, stop(): Promise<void>, killNow(): void }>}
 */
export async function startEmulatorProcess({ bin, seedFile, latencyMs = 0, env }) {
  const args = [bin, 'emulator', '--seed', seedFile];
  if (latencyMs > 0) args.push('--latency', String(latencyMs));
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  // The first stdout line is the base URL alone (see src/cli/emulator.ts).
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start within 30 s: ${stderr}`)), 30_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited (${code}) before printing its URL: ${stderr}`));
    });
  });
  lines.on('line', () => {}); // keep draining the credential lines

  return {
    url,
    pid: child.pid,
    async stats() {
      const { statusCode, body } = await request(`${url}/_emulator/stats`);
      if (statusCode !== 200) throw new Error(`GET /_emulator/stats answered ${statusCode}`);
      return body.json();
    },
    /** Synchronous, for an exit handler: the emulator must not outlive the bench. */
    killNow() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
