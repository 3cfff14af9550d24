// A registered secret never reaches stdout or stderr in any form it takes on the way:
// raw, JSON-escaped (also ASCII-only), percent-encoded, shell-quoted, and in cdba's own
// escapes of tables and error lines; nor the --debug trace (issue 34, class 7).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { redact } from '../../../src/api/redact.js';
import { followUp } from '../../../src/core/hints.js';
import { render } from '../../../src/output/render.js';

// The secret's middle is a marker no scrubbed form can leave behind; its ends are the
// characters that make the forms differ from the raw one.
const CORE = 'Kq7vMarker9';
const ENDS = ['"', '\\', '\t', '\n', "'", '/', ' ', '%', '&', '+', 'é', '€', '\u001b', '\u202e', 'a'];
const end = fc.string({ unit: fc.constantFrom(...ENDS), minLength: 1, maxLength: 4 });
const secret = fc.tuple(end, end).map(([a, b]) => `${a}${CORE}${b}`);

describe('secret forms', () => {
  it('stdout: a JSON document, a pretty one and a table that carry it echoed by a server', async () => {
    await fc.assert(
      fc.asyncProperty(secret, async (password) => {
        const io = IO.test();
        io.addSecret(password);
        const doc = { username: 'u', password, note: `was ${password}`, url: `https://x/?p=${encodeURIComponent(password)}` };
        await render(io, doc, { format: 'json' });
        await render(io, doc, { format: 'pretty' });
        await render(io, [doc], { format: 'table' });
        io.write(`MONGODB_PASSWORD=${followUp({}, password).slice('cdba '.length)}\n`);
        expect(io.stdout).not.toContain(CORE);
        expect(io.stdout).toContain('[REDACTED]');
      }),
      { numRuns: 200 },
    );
  });

  it('stderr: error lines quoting it as JSON, percent-encoded, shell-quoted or raw', () => {
    fc.assert(
      fc.property(secret, (password) => {
        const io = IO.test();
        io.addSecret(password);
        io.note(`cdba: the service said: ${JSON.stringify({ detail: `bad password ${password}` })}`);
        io.note(`cdba: ${JSON.stringify(password)} is not allowed`);
        io.note(`cdba: GET /x?password=${encodeURIComponent(password)}`);
        io.warn(`try ${followUp({ profile: 'p' }, 'dbusers', 'update', 'u', '--password', password)}`);
        io.note(`cdba: raw ${password}`);
        expect(io.stderr).not.toContain(CORE);
      }),
      { numRuns: 200 },
    );
  });

  it('the --debug trace: a body that echoes it ASCII-escaped, as Java servers write JSON', () => {
    const password = `é"${CORE}\\`;
    const echoed = JSON.stringify({ detail: password }).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(echoed).toContain('\\u00e9');
    expect(redact(echoed, [password])).not.toContain(CORE);
  });
});
