// `cdba api --include`: the status line and headers, with credentials never in clear.
import { describe, expect, it } from 'vitest';
import { includeBlock, statusLine } from '../../../../src/cli/api/include.js';

describe('statusLine', () => {
  it('names the status', () => {
    expect(statusLine(200)).toBe('HTTP/1.1 200 OK');
    expect(statusLine(202)).toBe('HTTP/1.1 202 Accepted');
    expect(statusLine(404)).toBe('HTTP/1.1 404 Not Found');
    expect(statusLine(599)).toBe('HTTP/1.1 599');
  });
});

describe('includeBlock', () => {
  it('prints each header, arrays joined, then a blank line', () => {
    expect(includeBlock(200, { 'content-type': 'application/json', vary: ['a', 'b'], skipped: undefined }, [])).toBe(
      'HTTP/1.1 200 OK\ncontent-type: application/json\nvary: a, b\n\n',
    );
  });

  it('never shows credentials: auth and cookie headers are redacted, and so is any known secret', () => {
    const secret = 'f0e1d2c3-secret-value';
    const block = includeBlock(
      401,
      {
        'www-authenticate': 'Digest realm="MMS Public API", nonce="abc", qop="auth"',
        authorization: `Digest username="k", response="${secret}"`,
        'set-cookie': ['session=abcdef; HttpOnly'],
        'x-echo': `key=${secret}`,
      },
      [secret],
    );
    expect(block).not.toContain(secret);
    expect(block).not.toContain('session=abcdef');
    expect(block).toContain('authorization: Digest [REDACTED]\n');
    expect(block).toContain('set-cookie: [REDACTED]\n');
    expect(block).toContain('x-echo: key=[REDACTED]\n');
    // A challenge carries no secret and helps explain a 401.
    expect(block).toContain('www-authenticate: Digest realm="MMS Public API", nonce="abc", qop="auth"\n');
  });
});
