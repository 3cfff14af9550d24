// Runs one command as a child process and times it from spawn to the close of its
// output, the way a shell pipeline waits for it. Also the statistics the bench reports.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ env: Record<string, string>, keepStdout?: boolean, timeoutMs?: number }} options
 * @returns {Promise<{ ms: number, exitCode: number | null, stdout: string, stdoutBytes: number, stderr: string }>}
 */
export function timeProcess(command, args, { env, keepStdout = false, timeoutMs = 60_000 }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    let stdoutBytes = 0;
    // Read (and by default discard) stdout as fast as a consumer like jq would.
    child.stdout.on('data', (chunk) => {
      stdoutBytes += chunk.length;
      if (keepStdout) out.push(chunk);
    });
    child.stderr.on('data', (chunk) => err.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      const ms = performance.now() - started;
      clearTimeout(timer);
      resolve({ ms, exitCode, stdout: Buffer.concat(out).toString('utf8'), stdoutBytes, stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

export function median(values) {
  return quantile(values, 0.5);
}

/** Linear interpolation between closest ranks (the common "R-7" definition). */
export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}
