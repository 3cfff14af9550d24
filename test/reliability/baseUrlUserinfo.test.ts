// Guarantee: a base URL with userinfo (user:password@) is refused before any
// request, and the error line never shows it: not for a URL that parses, nor for
// one that does not (a port past 65535 once made the line quote the whole URL,
// password included), from the flag, the environment, `profile set` or a
// hand-edited profile: validateBaseUrl, on every path into the API client, is the
// one check (the transport's own was removed as redundant).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdba, tempDir } from '../helpers/inProcess.js';
import { expectOneErrorLine } from './support.js';

const URLS = [
  'https://admin:s3cret@example.com:99999',
  'https://admin:s3cret@example.com',
  'https://admin:s3cret@[::1',
  'http://admin:s3cret@127.0.0.1:8080',
  'admin:s3cret@example.com',
  'https://admin:s3cret@example.com/api?x=1',
];

describe('userinfo in a base URL', () => {
  it.each(URLS)('--base-url %s: one line, exit 2, the password never shown', async (url) => {
    const result = await cdba(['--base-url', url, 'clusters', 'list'], { env: { CDBA_PUBLIC_KEY: 'abcdefgh', CDBA_PRIVATE_KEY: 'k', CDBA_PROJECT_ID: '5e1ab0c0ffee0000deadbeef' } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^cdba: invalid base URL from --base-url: it must not contain credentials \(user:password@\), and it is not shown here; give only scheme, host and port/);
    expect(result.stderr).not.toContain('s3cret');
    expect(result.stdout).not.toContain('s3cret');
  });

  it.each(URLS)('CDBA_BASE_URL=%s: the same', async (url) => {
    const result = await cdba(['clusters', 'list'], { env: { CDBA_BASE_URL: url, CDBA_PUBLIC_KEY: 'abcdefgh', CDBA_PRIVATE_KEY: 'k', CDBA_PROJECT_ID: '5e1ab0c0ffee0000deadbeef' } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^cdba: invalid base URL from CDBA_BASE_URL: it must not contain credentials/);
    expect(`${result.stderr}${result.stdout}`).not.toContain('s3cret');
  });

  it('profile set p baseUrl with userinfo: refused, nothing saved', async () => {
    const configDir = tempDir('cdba-userinfo-');
    const result = await cdba(['profile', 'set', 'p', 'baseUrl', URLS[0]!], { configDir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).not.toContain('s3cret');
  });

  it('a hand-edited profile with userinfo in baseUrl: one line, exit 2, nothing sent, the password never shown', async () => {
    const configDir = tempDir('cdba-userinfo-');
    const profile = { baseUrl: URLS[1], publicKey: 'abcdefgh', privateKey: 'k', projectId: '5e1ab0c0ffee0000deadbeef' };
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ currentProfile: 'p', profiles: { p: profile } }), { mode: 0o600 });
    const result = await cdba(['clusters', 'list'], { configDir });
    expectOneErrorLine(result, 2, /^cdba: invalid base URL from profile "p" baseUrl: it must not contain credentials/);
    expect(`${result.stderr}${result.stdout}`).not.toContain('s3cret');
  });

  it('backslashes for slashes (a URL parser reads them so): refused after parsing, the password never shown', async () => {
    const result = await cdba(['--base-url', 'https:\\\\admin:s3cret@example.com', 'clusters', 'list']);
    expectOneErrorLine(result, 2, /^cdba: invalid base URL from --base-url: it must not contain credentials/);
    expect(`${result.stderr}${result.stdout}`).not.toContain('s3cret');
  });

  it('an @ in a path is not userinfo: refused for the path, not for credentials', async () => {
    const result = await cdba(['--base-url', 'https://example.com/a@b', 'clusters', 'list']);
    expectOneErrorLine(result, 2, /give only scheme, host and port/);
  });
});
