// Guarantee: plain http carries credentials only to this machine. Literal
// loopback addresses and `localhost` itself (connected to without asking a
// resolver) are allowed; any other name, `*.localhost` included, is refused
// before a request, because a resolver may answer it with a remote address
// and the Basic credentials of the token exchange, a bearer token or a digest
// answer would then travel in clear.
import { describe, expect, it } from 'vitest';
import { cdba, tempDir } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { bearerEnv, digestEnv, expectOneErrorLine, knownSeed, testServer } from './support.js';

describe('plain http only to loopback', () => {
  it.each([
    ['service account', bearerEnv],
    ['API keys', digestEnv],
  ])('http://<name>.localhost with %s: exit 2, nothing sent', async (_label, envFor) => {
    const server = await testServer((_req, res) => res.writeHead(500).end());
    try {
      const port = new URL(server.url).port;
      for (const host of ['attacker.localhost', 'a.b.localhost', 'localhost.attacker.example']) {
        const result = await cdba(['clusters', 'list'], { env: envFor(`http://${host}:${port}`) });
        expectOneErrorLine(result, 2, new RegExp(`^cdba: refusing http:// base URL from CDBA_BASE_URL for non-loopback host ${host.replaceAll('.', '\\.')}: use https`));
      }
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('a profile cannot be given such a base URL', async () => {
    const env = { CDBA_CONFIG_DIR: tempDir('cdba-plain-http-') };
    const result = await cdba(['profile', 'set', 'p', 'baseUrl', 'http://attacker.localhost:8080'], { env });
    expectOneErrorLine(result, 2, /refusing http:\/\/ base URL for non-loopback host attacker\.localhost/);
  });

  it('http://localhost reaches the emulator on 127.0.0.1 with a service account', async () => {
    const { emu } = await withEmulator({ seed: knownSeed() });
    const port = new URL(emu.url).port;
    const result = await cdba(['clusters', 'list', '-o', 'json', '--query', 'results[].name'], { env: bearerEnv(`http://localhost:${port}`) });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual(['seeded']);
  });
});
