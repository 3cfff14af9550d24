import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { parseChallenge } from '../../../src/auth/digest.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { tempDir } from '../../helpers/cli.js';
import { missingTool } from '../../helpers/tools.js';

function selfSignedCertificate(): { cert: string; key: string } | undefined {
  const dir = tempDir('cdba-emu-tls-');
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } catch {
    return undefined;
  }
}
const tls = selfSignedCertificate();
missingTool('openssl', tls !== undefined, 'the emulator TLS test is');

describe.skipIf(!tls)('TLS', () => {
  it('serves HTTPS with the given PEM certificate and key', async () => {
    const emu = await startEmulator({ tls: tls! });
    try {
      expect(emu.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const dispatcher = new Agent({ connect: { ca: tls!.cert } });
      const response = await fetch(`${emu.url}/api/atlas/v1.0`, { dispatcher });
      expect(response.status).toBe(401);
      expect(parseChallenge(response.headers.get('www-authenticate') ?? undefined)?.realm).toBe('MMS Public API');
      const stats = await fetch(`${emu.url}/_emulator/stats`, { dispatcher });
      expect(((await stats.json()) as { total: number }).total).toBe(1);
      await dispatcher.close();
    } finally {
      await emu.stop();
    }
  });
});
