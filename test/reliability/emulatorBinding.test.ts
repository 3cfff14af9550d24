// Guarantees: `cdba emulator` listens on loopback unless --allow-remote says
// otherwise (it prints working owner keys), and the OS errors of starting it
// (port in use, address not on this machine, unreadable or non-PEM files, a
// --state path it cannot write) are one `cdba: ...` line with what to do, exit 2.
// No test here binds a non-loopback address: the refusals exit before listen(),
// and 192.0.2.1 (TEST-NET-1) is not on this machine, so binding it fails
// locally with EADDRNOTAVAIL; binding never sends a packet. Each run is main()
// in-process: every one here returns before or instead of listening.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bindDecision } from '../../src/cli/emulator.js';
import { UsageError } from '../../src/base/errors.js';
import { cdba, tempDir } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { expectOneErrorLine } from './support.js';

describe('emulator binding', () => {
  it.each(['0.0.0.0', '::', '192.0.2.1', 'example.com'])('--host %s without --allow-remote is refused: exit 2, nothing printed on stdout, no keys', async (host) => {
    const result = await cdba(['emulator', '--host', host]);
    expectOneErrorLine(result, 2, new RegExp(`^cdba: refusing to listen on non-loopback host "${host.replaceAll('.', '\\.')}".*pass --allow-remote`));
    // The process has exited, so nothing listens; and it never printed a URL or a key.
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toMatch(/privateKey|clientSecret/);
  });

  it('--allow-remote with an address this machine does not have: one line (EADDRNOTAVAIL), exit 2, no warning, no keys', async () => {
    const result = await cdba(['emulator', '--host', '192.0.2.1', '--allow-remote']);
    expectOneErrorLine(result, 2, /^cdba: cannot listen on 192\.0\.2\.1 port 0: no network interface of this machine has that address; pass an address/);
    expect(result.stdout).toBe('');
  });

  it('the decision: loopback hosts need nothing; others are refused, or warned about with --allow-remote', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(bindDecision(host, false), host).toEqual({});
      expect(bindDecision(host, true), host).toEqual({});
    }
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '::ffff:127.0.0.1', 'example.com', 'a.localhost', 'localhost.example.com']) {
      expect(() => bindDecision(host, false), host).toThrow(UsageError);
      expect(bindDecision(host, true).warning, host).toMatch(/reachable from other machines; anyone who can reach it can use its owner keys/);
    }
  });

  it('--allow-remote is in the help, with the examples', async () => {
    const result = await cdba(['emulator', '--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/--allow-remote/);
    expect(result.stdout).toMatch(/Examples:/);
  });
});

describe('emulator OS errors', () => {
  it('a port in use: one line naming the port, with --port 0 as the fix', async () => {
    const { emu } = await withEmulator();
    try {
      const port = new URL(emu.url).port;
      const result = await cdba(['emulator', '--port', port]);
      expectOneErrorLine(result, 2, new RegExp(`^cdba: cannot listen on 127\\.0\\.0\\.1 port ${port}: the port is in use; pass --port 0 for a free port`));
      expect(result.stdout).toBe('');
    } finally {
      await emu.stop();
    }
  });

  it('a host name that does not resolve: one line', async () => {
    const result = await cdba(['emulator', '--host', 'no-such-host.invalid', '--allow-remote']);
    expectOneErrorLine(result, 2, /^cdba: cannot listen on no-such-host\.invalid: no such host name/);
  });

  const dir = tempDir('cdba-emu-files-');
  mkdirSync(join(dir, 'a-dir'));
  writeFileSync(join(dir, 'not.pem'), 'not a certificate\n');
  writeFileSync(join(dir, 'state.json'), '{"format":');
  it.each([
    ['--seed a directory', ['--seed', join(dir, 'a-dir')], /^cdba: --seed: cannot read .*a-dir: it is a directory/],
    ['--seed missing', ['--seed', join(dir, 'missing.json')], /^cdba: --seed: cannot read .*missing\.json: no such file or directory/],
    ['--state a directory', ['--state', join(dir, 'a-dir')], /^cdba: --state: cannot read .*a-dir: it is a directory/],
    ['--state in a missing directory', ['--state', join(dir, 'nowhere', 'state.json')], /^cdba: --state: cannot write .*state\.json: no such file or directory/],
    ['--state not JSON', ['--state', join(dir, 'state.json')], /^cdba: --state: .*state\.json is not valid JSON/],
    ['--tls-cert a directory', ['--tls-cert', join(dir, 'a-dir'), '--tls-key', join(dir, 'not.pem')], /^cdba: --tls-cert: cannot read .*: it is a directory/],
    ['--tls-cert/--tls-key not PEM', ['--tls-cert', join(dir, 'not.pem'), '--tls-key', join(dir, 'not.pem')], /^cdba: --tls-cert\/--tls-key: not a usable PEM certificate and key: /],
  ])('%s: one line, exit 2, nothing listens', async (_label, argv, message) => {
    const result = await cdba(['emulator', ...argv]);
    expectOneErrorLine(result, 2, message);
    expect(result.stderr).not.toMatch(/unexpected error/);
    expect(result.stdout).toBe('');
  });
});
