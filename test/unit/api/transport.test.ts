import type { LookupAddress, LookupOptions } from 'node:dns';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { describe, expect, test } from 'vitest';
import { ExitCode, UsageError } from '../../../src/base/errors.js';
import { caCertificates, checkBaseUrl, loopbackLookup, userAgent } from '../../../src/api/transport.js';
import { isLoopbackHost } from '../../../src/config/validate.js';
import { tempDir } from '../../helpers/cli.js';

describe('base URLs', () => {
  test.each(['127.0.0.1', '127.255.0.9', 'localhost', 'LOCALHOST', '[::1]', '::1'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  // A name under .localhost is whatever a resolver answers: plain http to it would carry credentials in clear.
  test.each(['128.0.0.1', '10.0.0.1', 'localhost.example.com', 'example.com', '::2', 'attacker.localhost', 'a.b.LOCALHOST'])('%s is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  test('https anywhere, http to loopback only', () => {
    expect(checkBaseUrl('https://cloud.mongodb.com').origin).toBe('https://cloud.mongodb.com');
    expect(checkBaseUrl('http://127.0.0.1:8080').host).toBe('127.0.0.1:8080');
    expect(checkBaseUrl('http://[::1]:9/').hostname).toBe('[::1]');
    expect(checkBaseUrl('http://localhost:1').port).toBe('1');
  });

  test.each([
    ['http://cloud.mongodb.com', 'refusing plain http to cloud.mongodb.com'],
    ['http://10.0.0.5:8080', 'refusing plain http to 10.0.0.5:8080'],
    ['http://attacker.localhost:8080', 'refusing plain http to attacker.localhost:8080'],
    ['ftp://x', 'unsupported scheme "ftp:"'],
    ['not a url', 'invalid base URL "not a url"'],
    ['https://x.example/?a=1', 'must not have a query'],
  ])('%s is refused with exit 2', (url, message) => {
    let error: unknown;
    try {
      checkBaseUrl(url);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(ExitCode.usage);
    expect((error as UsageError).message).toContain(message);
  });
});

describe('localhost is connected to without a resolver', () => {
  // A resolver that answers a remote address for everything, and records what it was asked.
  const hostile = () => {
    const asked: string[] = [];
    const resolve = (hostname: string, options: LookupOptions, callback: (e: null, a: string | LookupAddress[], f: number) => void) => {
      asked.push(hostname);
      if (options.all) callback(null, [{ address: '203.0.113.7', family: 4 }], 4);
      else callback(null, '203.0.113.7', 4);
    };
    return { asked, lookup: loopbackLookup(resolve) };
  };
  const ask = (lookup: ReturnType<typeof loopbackLookup>, host: string, options: LookupOptions) =>
    new Promise<unknown>((done) => lookup(host, options, (_e, address, family) => done(Array.isArray(address) ? address : { address, family })));

  test.each(['localhost', 'LOCALHOST'])('%s is 127.0.0.1 and ::1, and the resolver is never asked', async (host) => {
    const { asked, lookup } = hostile();
    expect(await ask(lookup, host, { all: true })).toEqual([{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }]);
    expect(await ask(lookup, host, {})).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await ask(lookup, host, { family: 6 })).toEqual({ address: '::1', family: 6 });
    expect(asked).toEqual([]);
  });

  test('every other name goes to the resolver', async () => {
    const { asked, lookup } = hostile();
    expect(await ask(lookup, 'cloud.mongodb.com', {})).toEqual({ address: '203.0.113.7', family: 4 });
    expect(asked).toEqual(['cloud.mongodb.com']);
  });
});

test('User-Agent names cdba, node, os and arch', () => {
  expect(userAgent('1.2.3')).toBe(`cdba/1.2.3 (node ${process.versions.node}; ${process.platform}; ${process.arch})`);
});

describe('caCertificates', () => {
  // Real certificates: caCertificates parses each one.
  const PEM = `${rootCertificates[0]}\n`;
  test('node roots plus the file, plus NODE_EXTRA_CA_CERTS', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ca.pem'), PEM);
    writeFileSync(join(dir, 'extra.pem'), rootCertificates[1]!);
    const list = caCertificates(join(dir, 'ca.pem'), join(dir, 'extra.pem'));
    expect(list.length).toBe(rootCertificates.length + 2);
    expect(list.at(-2)).toBe(PEM);
    expect(list.at(-1)).toBe(rootCertificates[1]);
  });
  test('a missing file or one without a certificate is a usage error', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.pem'), 'hello');
    expect(() => caCertificates(join(dir, 'nope.pem'), undefined)).toThrow(/caFile: cannot read .*: no such file or directory/);
    expect(() => caCertificates(join(dir, 'bad.pem'), undefined)).toThrow(/holds no PEM certificate/);
  });
});
