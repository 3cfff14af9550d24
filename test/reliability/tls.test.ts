// Guarantees of TLS: against the emulator over HTTPS with a certificate from a
// private CA made at test time (openssl),
// - without the CA, cdba fails with a clear TLS error and exit 7, and nothing reaches the service;
// - with the profile's caFile, or with NODE_EXTRA_CA_CERTS, it works;
// - plain http to a host that is not loopback is refused before any connection (exit 2).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { makeCertificates } from '../helpers/certificates.js';
import { cdba, tempDir } from '../helpers/cli.js';
import { withEmulator } from '../helpers/emulator.js';
import { digestEnv, expectOneErrorLine, knownSeed, OWNER_PRIVATE, OWNER_PUBLIC, PROJECT_ID } from './support.js';
import { missingTool } from '../helpers/tools.js';

const certificates = makeCertificates();
missingTool('openssl', certificates !== undefined, 'the TLS reliability tests are');

describe.skipIf(!certificates)('TLS', () => {
  let emu: RunningEmulator;
  let plain: RunningEmulator;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: knownSeed(), tls: { cert: certificates!.cert, key: certificates!.key } }));
    ({ emu: plain } = await withEmulator({ seed: knownSeed() }));
  });
  afterAll(async () => {
    await emu?.stop();
    await plain?.stop();
  });

  it('serves https', () => {
    expect(emu.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('without the CA: a clear TLS error, exit 7, and no request reaches the service', async () => {
    emu.resetStats();
    const result = await cdba(['clusters', 'list'], { env: digestEnv(emu.url) });
    expectOneErrorLine(result, 7, /TLS: certificate signed by unknown authority \(127\.0\.0\.1:\d+\) — set caFile or NODE_EXTRA_CA_CERTS/);
    expect(emu.stats().total).toBe(0);
  });

  it("with the profile's caFile: works", async () => {
    const configDir = tempDir('cdba-tls-profile-');
    const add = await cdba(
      ['--base-url', emu.url, '--project-id', PROJECT_ID, 'profile', 'add', 'tls', '--public-key', OWNER_PUBLIC, '--private-key-stdin', '--ca-file', certificates!.caFile],
      { configDir, input: `${OWNER_PRIVATE}\n` },
    );
    expect(add.exitCode, add.stderr).toBe(0);
    const result = await cdba(['-P', 'tls', 'clusters', 'get', 'seeded'], { configDir });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).name).toBe('seeded');
  });

  it('with NODE_EXTRA_CA_CERTS: works', async () => {
    const result = await cdba(['clusters', 'list'], { env: { ...digestEnv(emu.url), NODE_EXTRA_CA_CERTS: certificates!.caFile } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).results.map((c: { name: string }) => c.name)).toEqual(['seeded']);
  });

  it('a caFile that holds no certificate: exit 2 before any connection', async () => {
    const configDir = tempDir('cdba-tls-profile-');
    const garbage = join(certificates!.dir, 'not-a-cert.pem');
    writeFileSync(garbage, 'hello\n');
    const set = await cdba(['profile', 'set', 'bad', 'caFile', garbage], { configDir });
    expect(set.exitCode, set.stderr).toBe(0);
    emu.resetStats();
    const result = await cdba(['-P', 'bad', 'clusters', 'list'], { configDir, env: digestEnv(emu.url) });
    expectOneErrorLine(result, 2, /caFile .*not-a-cert\.pem holds no PEM certificate/);
    expect(emu.stats().total).toBe(0);
  });

  it('https to a server that speaks plain http: exit 7, says the handshake failed', async () => {
    const result = await cdba(['clusters', 'list'], { env: digestEnv(plain.url.replace('http:', 'https:')) });
    expectOneErrorLine(result, 7, /TLS handshake with 127\.0\.0\.1:\d+ failed \(is it an HTTPS server\?\)/);
  });

  it('http to a host that is not loopback: refused, exit 2', async () => {
    for (const base of ['http://cloud.mongodb.com', 'http://192.168.1.20:8443', 'http://[2001:db8::1]']) {
      const result = await cdba(['clusters', 'list'], { env: digestEnv(base) });
      expectOneErrorLine(result, 2, /refusing http:\/\/ base URL from CDBA_BASE_URL for non-loopback host .*: use https/);
    }
  });
});
