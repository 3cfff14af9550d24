// escapeControl: server text shown on a terminal, in a table cell or in an error
// line never carries a control character, and the escaping is reversible.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { escapeControl } from '../../../src/base/sanitize.js';
import { keyValueLines, render } from '../../../src/output/render.js';

/** What must never reach a terminal raw: C0, DEL, C1, bidi controls, line/paragraph separators, lone surrogates. */
// eslint-disable-next-line no-control-regex -- the test looks for control characters
const DANGEROUS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]/u;
/** The same, except the tab, the newline and CR LF that keepLines leaves. */
// eslint-disable-next-line no-control-regex -- as above
const DANGEROUS_KEEP_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udfff]|\r(?!\n)/u;

/** The inverse of escapeControl, written independently: C-style escapes back to characters. */
function unescape(text: string): string {
  return text.replace(/\\(\\|t|n|r|x[0-9a-f]{2}|u[0-9a-f]{4})/g, (_m, e: string) => {
    if (e === '\\') return '\\';
    if (e === 't') return '\t';
    if (e === 'n') return '\n';
    if (e === 'r') return '\r';
    return String.fromCharCode(parseInt(e.slice(1), 16));
  });
}

// Any UTF-16 code unit (lone surrogates included), with the interesting ones made common.
const unit = fc.oneof(
  fc.constantFrom('\\', '\u001b', '\r', '\n', '\t', '\u0007', '\u0000', '\u007f', '\u009b', '\u0085', '\u202e', '\u2066', '\u2028', 'x', '1', 'b', 'u'),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);
const text = fc.string({ unit, maxLength: 40 });

describe('escapeControl', () => {
  it.each([
    ['clear screen', '\u001b[2J', '\\x1b[2J'],
    ['terminal title (OSC ... BEL)', '\u001b]0;title\u0007', '\\x1b]0;title\\x07'],
    ['CR and LF', 'IDLE\r\nforged\trow', 'IDLE\\r\\nforged\\trow'],
    ['C1 CSI', 'a\u009b2Jb', 'a\\u009b2Jb'],
    ['NUL and DEL', '\u0000\u007f', '\\x00\\x7f'],
    ['right-to-left override', 'abc\u202edef', 'abc\\u202edef'],
    ['bidi isolate', '\u2066x\u2069', '\\u2066x\\u2069'],
    ['backslash', 'C:\\dir', 'C:\\\\dir'],
    ['the text \\x1b, not the byte', '\\x1b', '\\\\x1b'],
    ['a lone surrogate', 'a\ud800b', 'a\\ud800b'],
    ['plain text, unchanged', 'Cluster-0 7.0.12 M10 ✓ 東京 😀', 'Cluster-0 7.0.12 M10 ✓ 東京 😀'],
  ])('%s', (_name, input, expected) => {
    expect(escapeControl(input)).toBe(expected);
  });

  it('keepLines keeps tabs, newlines and CR LF, and escapes a bare CR and the rest', () => {
    expect(escapeControl('a\tb\r\nc\nd\re\u001b[2J\\', { keepLines: true })).toBe('a\tb\r\nc\nd\\re\\x1b[2J\\\\');
  });

  it('property: the result never contains a control, bidi or lone surrogate character', () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(escapeControl(input)).not.toMatch(DANGEROUS);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: with keepLines, only tabs, newlines and CR LF remain', () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(escapeControl(input, { keepLines: true })).not.toMatch(DANGEROUS_KEEP_LINES);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: reversible, so distinct inputs never look the same', () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(unescape(escapeControl(input))).toBe(input);
        expect(unescape(escapeControl(input, { keepLines: true }))).toBe(input);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: text without controls or backslashes is left as it is', () => {
    const safe = text.map((s) => s.replace(new RegExp(DANGEROUS.source, 'gu'), '').replace(/\\/g, ''));
    fc.assert(
      fc.property(safe, (input) => {
        expect(escapeControl(input)).toBe(input);
      }),
    );
  });
});

describe('the sinks escape before they colour', () => {
  it('io.note: one line, server text escaped, our colour kept', () => {
    const io = IO.test({ colorLevel: 1 });
    io.note('cdba: no such cluster\u001b[2J\r\ncdba: forged', 'red');
    expect(io.stderr).toBe('\u001b[31mcdba: no such cluster\\x1b[2J\\r\\ncdba: forged\u001b[39m\n');
  });

  it('io.note: a trailing newline is the line end, not text', () => {
    const io = IO.test();
    io.note('cdba: done\n');
    expect(io.stderr).toBe('cdba: done\n');
  });

  it('io.warn and the spinner (no TTY) escape too; registered secrets are still redacted', () => {
    const io = IO.test();
    io.addSecret('s3cret\u001bvalue');
    io.warn('version\u202e s3cret\u001bvalue');
    return io.spinner('waiting: CREATING\u009b2J').then((spinner) => {
      spinner.stop('cdba: done\u0007');
      expect(io.stderr).toBe('cdba: warning: version\\u202e [REDACTED]\ncdba: waiting: CREATING\\u009b2J\ncdba: done\\x07\n');
    });
  });

  it('keyValueLines: the value is escaped, then given its colour', () => {
    const io = IO.test({ colorLevel: 1 });
    const line = keyValueLines(io, [['State', 'IDLE\u001b[8m', (t) => io.chalk.green(t)]]);
    expect(line).toBe('\u001b[1mState: \u001b[22m\u001b[32mIDLE\\x1b[8m\u001b[39m');
  });

  it('a generic table (after --query) escapes the headers too: they are the server\'s keys', async () => {
    const io = IO.test();
    await render(io, [{ 'a\tb\u001b[2J': 'x\ny' }], { format: 'table', query: '@' });
    expect(io.stdout).toBe('A\\tB\\x1b[2J\nx\\ny\n');
  });
});
