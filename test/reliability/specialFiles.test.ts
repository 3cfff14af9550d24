// Guarantee: every read of a file or stdin has a cap, and where a regular file is
// meant (caFile, the emulator's --seed, --state, --tls-cert, --tls-key) a FIFO,
// a device or a directory is refused before a byte is read: one line, exit 2,
// never a hang, a crash or a 60 MB secret in the config. One reader does it all
// (src/base/boundedRead.ts).
//
// stdin from /dev/zero and a 60 MB key line need a real process (its stdin is
// the device or the file itself); the rest runs in-process.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CDBA_BIN, cdba, cleanEnv, tempDir } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { digestEnv, expectOneErrorLine, knownSeed } from './support.js';

/** A FIFO nobody writes to: reading it the ordinary way blocks for ever. */
function fifo(dir: string, name = 'fifo'): string {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return path;
}

/** Runs the built cdba with stdin opened on `stdinPath` itself (a device or a file, not a pipe). */
async function withStdinFrom(stdinPath: string, args: string[], configDir: string): Promise<{ exitCode: number; stderr: string; stdout: string }> {
  const fd = openSync(stdinPath, 'r');
  try {
    const child = spawn('node', [CDBA_BIN, ...args], { env: cleanEnv({}, configDir), stdio: [fd, 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
    return { exitCode: code ?? (signal ? -1 : -2), stdout, stderr: signal ? `${stderr}(killed by ${signal})` : stderr };
  } finally {
    closeSync(fd);
  }
}

describe('secrets on stdin are capped', () => {
  it.each([
    ['profile add --private-key-stdin', ['profile', 'add', 'p', '--public-key', 'abcdefgh', '--private-key-stdin'], /--private-key-stdin: stdin is larger than 64 KiB/],
    ['profile set p privateKey -', ['profile', 'set', 'p', 'privateKey', '-'], /privateKey -: stdin is larger than 64 KiB/],
  ])('%s < /dev/zero: one line, exit 2, nothing saved', async (_name, args, pattern) => {
    const configDir = tempDir('cdba-zero-');
    const result = await withStdinFrom('/dev/zero', args, configDir);
    expectOneErrorLine(result, 2, pattern);
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  }, 150_000);

  it('a 60 MB key line is refused and never written into the config', async () => {
    const configDir = tempDir('cdba-bigkey-');
    const keyFile = join(tempDir('cdba-bigkey-in-'), 'key');
    writeFileSync(keyFile, `${'k'.repeat(60 * 1024 * 1024)}\n`);
    const result = await withStdinFrom(keyFile, ['profile', 'add', 'p', '--public-key', 'abcdefgh', '--private-key-stdin'], configDir);
    expectOneErrorLine(result, 2, /--private-key-stdin: stdin is larger than 64 KiB/);
    expect(existsSync(join(configDir, 'config.json'))).toBe(false);
  }, 150_000);

  it('a key of ordinary length still goes through stdin', async () => {
    const configDir = tempDir('cdba-okkey-');
    const result = await cdba(['profile', 'set', 'p', 'privateKey', '-'], { configDir, input: 'f3a9c1e5-7b2d-4c6e-9a8b-5ec12e7d0a41\n' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toContain('f3a9c1e5-7b2d-4c6e-9a8b-5ec12e7d0a41');
  });
});

describe('caFile must be a regular file', () => {
  it.each([
    ['/dev/zero', (): string => '/dev/zero', /caFile: cannot read \/dev\/zero: it is a character device, not a regular file/],
    ['a FIFO', (dir: string): string => fifo(dir), /caFile: cannot read .*fifo: it is a FIFO, not a regular file/],
    ['a directory', (dir: string): string => dir, /caFile: cannot read .*: it is a directory/],
  ])('caFile %s: one line, exit 2, nothing sent', async (_name, path, pattern) => {
    const configDir = tempDir('cdba-cafile-special-');
    const set = await cdba(['profile', 'set', 'p', 'caFile', path(configDir)], { configDir });
    expect(set.exitCode, set.stderr).toBe(0);
    const { emu } = await withEmulator({ seed: knownSeed() });
    try {
      const result = await cdba(['-P', 'p', 'clusters', 'list'], { configDir, env: digestEnv(emu.url) });
      expectOneErrorLine(result, 2, pattern);
      expect(emu.stats().total).toBe(0);
    } finally {
      await emu.stop();
    }
  });
});

describe("the emulator's files must be regular files", () => {
  it.each([
    ['--seed', '/dev/zero', (): string[] => ['--seed', '/dev/zero'], /^cdba: --seed: cannot read \/dev\/zero: it is a character device, not a regular file\n$/],
    ['--seed', 'a FIFO', (dir: string): string[] => ['--seed', fifo(dir)], /^cdba: --seed: cannot read .*fifo: it is a FIFO, not a regular file\n$/],
    ['--state', 'a FIFO', (dir: string): string[] => ['--state', fifo(dir)], /^cdba: --state: cannot read .*fifo: it is a FIFO, not a regular file\n$/],
    ['--state', '/dev/zero', (): string[] => ['--state', '/dev/zero'], /^cdba: --state: cannot read \/dev\/zero: it is a character device/],
    ['--tls-cert', 'a FIFO', (dir: string): string[] => ['--tls-cert', fifo(dir), '--tls-key', fifo(dir, 'key')], /^cdba: --tls-cert: cannot read .*fifo: it is a FIFO/],
    ['--tls-key', '/dev/zero', (dir: string): string[] => { const cert = join(dir, 'cert.pem'); writeFileSync(cert, 'x'); return ['--tls-cert', cert, '--tls-key', '/dev/zero']; }, /^cdba: --tls-key: cannot read \/dev\/zero: it is a character device/],
    ['--seed', 'missing (plain words, no raw ENOENT)', (): string[] => ['--seed', '/nonexistent'], /^cdba: --seed: cannot read \/nonexistent: no such file or directory\n$/],
  ])('emulator %s %s: one line, exit 2', async (_flag, _what, args, pattern) => {
    const dir = tempDir('cdba-emu-special-');
    const result = await cdba(['emulator', '--port', '0', ...args(dir)]);
    expectOneErrorLine(result, 2, pattern);
    expect(result.stderr).not.toMatch(/ENOENT/);
  });

  it('a seed over its cap is refused without reading it whole', async () => {
    const dir = tempDir('cdba-emu-bigseed-');
    const seed = join(dir, 'seed.json');
    // Sparse: 65 MiB by its size, nothing on disk.
    execFileSync('truncate', ['-s', `${65 * 1024 * 1024}`, seed]);
    const result = await cdba(['emulator', '--port', '0', '--seed', seed]);
    expectOneErrorLine(result, 2, /^cdba: .*seed\.json is larger than 64 MiB; expected a seed document\n$/);
  });
});

describe('--file stays open to pipes, within its cap', () => {
  it('--file /dev/zero is refused at 5 MiB', async () => {
    const result = await cdba(['clusters', 'create', 'c1', '--file', '/dev/zero'], { env: { CDBA_BASE_URL: 'http://127.0.0.1:9', CDBA_PUBLIC_KEY: 'abcdefgh', CDBA_PRIVATE_KEY: 'x', CDBA_PROJECT_ID: '5e1ab0c0ffee0000deadbeef' } });
    expectOneErrorLine(result, 2, /^cdba: \/dev\/zero is larger than 5 MiB; expected a JSON document\n$/);
  });
});
