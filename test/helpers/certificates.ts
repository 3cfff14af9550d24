// A private CA and a server certificate for IP 127.0.0.1 signed by it, made at
// test time with openssl, for tests that serve HTTPS on loopback.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './cli.js';

export interface TestCertificates {
  dir: string;
  /** The CA's certificate (PEM file): what a client must trust. */
  caFile: string;
  /** The server's certificate and key, PEM text and files. */
  cert: string;
  key: string;
  certFile: string;
  keyFile: string;
}

/** The certificates, or undefined where openssl is not available. */
export function makeCertificates(): TestCertificates | undefined {
  const dir = tempDir('cdba-tls-');
  const at = (name: string): string => join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    const run = (args: string[]): void => void execFileSync('openssl', args, { stdio: 'ignore' });
    run(['req', '-x509', ...ec, '-days', '2', '-subj', '/CN=cdba test CA', '-keyout', at('ca.key'), '-out', at('ca.pem'),
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign']);
    run(['req', ...ec, '-subj', '/CN=127.0.0.1', '-keyout', at('server.key'), '-out', at('server.csr')]);
    writeFileSync(at('server.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
    run(['x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-days', '2',
      '-out', at('server.pem'), '-extfile', at('server.ext')]);
    return {
      dir,
      caFile: at('ca.pem'),
      cert: readFileSync(at('server.pem'), 'utf8'),
      key: readFileSync(at('server.key'), 'utf8'),
      certFile: at('server.pem'),
      keyFile: at('server.key'),
    };
  } catch {
    return undefined;
  }
}
