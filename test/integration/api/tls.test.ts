// HTTPS with a private CA: a self-signed certificate made with openssl.
// Without openssl the tests are skipped with a visible note.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ExitCode, NetworkError } from '../../../src/base/errors.js';
import { getCluster } from '../../../src/api/resources/clusters.js';
import { tempDir } from '../../helpers/cli.js';
import { clientFor, json, settingsFor, startTlsServer, type TestServer } from './servers.js';
import { commandWorks, missingTool } from '../../helpers/tools.js';

const opensslAvailable = !missingTool('openssl', commandWorks('openssl', ['version']), 'the TLS tests of the API layer are');

describe.skipIf(!opensslAvailable)('TLS', () => {
  const dir = tempDir('cdba-tls-');
  let server: TestServer;
  const caFile = join(dir, 'cert.pem');

  beforeAll(async () => {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=cdba test',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', join(dir, 'key.pem'), '-out', caFile,
    ], { stdio: 'ignore' });
    server = await startTlsServer({ key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(caFile, 'utf8') }, (_req, res) => json(res, 200, { name: 'c1' }));
  });
  afterAll(() => server?.close());

  test('a certificate from an unknown CA is a clear TLS error (exit 7)', async () => {
    const { client } = clientFor(settingsFor(server.url));
    try {
      const error = (await getCluster(client, 'p', 'c1').catch((e: unknown) => e)) as NetworkError;
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.exitCode).toBe(ExitCode.server);
      expect(error.message).toBe(`TLS: certificate signed by unknown authority (${new URL(server.url).host}) — set caFile or NODE_EXTRA_CA_CERTS`);
    } finally {
      await client.close();
    }
  });

  test('with caFile the same server works', async () => {
    const { client } = clientFor(settingsFor(server.url, { caFile }));
    try {
      const response = await getCluster(client, 'p', 'c1');
      expect(response.body).toEqual({ name: 'c1' });
    } finally {
      await client.close();
    }
  });

  test('a certificate for another name fails with its own message', async () => {
    const other = join(dir, 'other');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=elsewhere',
      '-addext', 'subjectAltName=DNS:elsewhere.example', '-keyout', `${other}-key.pem`, '-out', `${other}.pem`,
    ], { stdio: 'ignore' });
    const wrong = await startTlsServer({ key: readFileSync(`${other}-key.pem`, 'utf8'), cert: readFileSync(`${other}.pem`, 'utf8') }, (_req, res) => json(res, 200, {}));
    const { client } = clientFor(settingsFor(wrong.url, { caFile: `${other}.pem` }));
    try {
      const error = (await getCluster(client, 'p', 'c1').catch((e: unknown) => e)) as NetworkError;
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.message).toBe('TLS: the certificate does not match the host name 127.0.0.1');
    } finally {
      await client.close();
      await wrong.close();
    }
  });

  test('an http server addressed as https fails the handshake clearly', async () => {
    const { startServer } = await import('./servers.js');
    const plain = await startServer((_req, res) => json(res, 200, {}));
    const { client } = clientFor(settingsFor(plain.url.replace('http:', 'https:')));
    try {
      const error = (await getCluster(client, 'p', 'c1').catch((e: unknown) => e)) as NetworkError;
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.message).toMatch(/^TLS handshake with 127\.0\.0\.1:\d+ failed \(is it an HTTPS server\?\)$/);
    } finally {
      await client.close();
      await plain.close();
    }
  });

  test('a caFile that is not PEM is refused before any request', () => {
    writeFileSync(join(dir, 'junk.pem'), 'junk');
    expect(() => clientFor(settingsFor(server.url, { caFile: join(dir, 'junk.pem') }))).toThrow(/holds no PEM certificate/);
  });
});
