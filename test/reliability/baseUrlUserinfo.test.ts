// Guarantee: a base URL with userinfo (user:password@) is refused before any
// request, and the error line never shows it: not for a URL that parses, nor for
// one that does not (a port past 65535 once made the line quote the whole URL,
// password included), from the flag, the environment or `profile set`.
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
    expect(result.stderr).toMatch(/^cdba: invalid base URL: it must not contain credentials \(user:password@\), and it is not shown here; give only scheme, host and port/);
    expect(result.stderr).not.toContain('s3cret');
    expect(result.stdout).not.toContain('s3cret');
  });

  it.each(URLS)('CDBA_BASE_URL=%s: the same', async (url) => {
    const result = await cdba(['clusters', 'list'], { env: { CDBA_BASE_URL: url, CDBA_PUBLIC_KEY: 'abcdefgh', CDBA_PRIVATE_KEY: 'k', CDBA_PROJECT_ID: '5e1ab0c0ffee0000deadbeef' } });
    expect(result.exitCode).toBe(2);
    expect(`${result.stderr}${result.stdout}`).not.toContain('s3cret');
  });

  it('profile set p baseUrl with userinfo: refused, nothing saved', async () => {
    const configDir = tempDir('cdba-userinfo-');
    const result = await cdba(['profile', 'set', 'p', 'baseUrl', URLS[0]!], { configDir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).not.toContain('s3cret');
  });

  it('an @ in a path is not userinfo: refused for the path, not for credentials', async () => {
    const result = await cdba(['--base-url', 'https://example.com/a@b', 'clusters', 'list']);
    expectOneErrorLine(result, 2, /give only scheme, host and port/);
  });
});
