// Every word cdba prints as part of a command (a hint, `clusters connect --print`,
// `env up -o env`) is read back by bash, zsh and fish as exactly that word; shown on
// stderr in cdba's escapes it still runs nothing when pasted (issue 34, class 4).
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeControl } from '../../../src/base/sanitize.js';
import { shellWord } from '../../../src/base/shellWord.js';
import { followUp } from '../../../src/core/hints.js';
import { tempDir } from '../../helpers/cli.js';
import { commandWorks, missingTool } from '../../helpers/tools.js';

const SHELLS = [
  { shell: 'bash', args: ['--norc', '--noprofile'] },
  { shell: 'zsh', args: ['-f'] },
  { shell: 'fish', args: ['--no-config'] },
] as const;
const missing = SHELLS.map(({ shell }) => missingTool(shell, commandWorks(shell), 'the shell-quoting property is')).some(Boolean);

const dir = tempDir('cdba-shellword-');
const printArgs = join(dir, 'print-args.cjs');
writeFileSync(printArgs, 'process.stdout.write(JSON.stringify(process.argv.slice(2)))');
const marker = join(dir, 'ran');

/** What each shell's `node print-args.cjs <words...>` receives, the words pasted as written. */
function argvIn(shell: string, args: readonly string[], words: string[]): string[] {
  const script = join(dir, `script.${shell}`);
  writeFileSync(script, `${shellWord(process.execPath)} ${shellWord(printArgs)} ${words.join(' ')}\n`);
  return JSON.parse(execFileSync(shell, [...args, script], { encoding: 'utf8', cwd: dir })) as string[];
}

// Names as a user or a server may send them: any code point but NUL (no argv holds one)
// and lone surrogates (no UTF-8 file does), and the characters shells treat specially.
const SPECIAL = ["'", '\\', '"', '$', '`', ' ', '\n', '\t', '\r', ';', '&', '|', '(', ')', '<', '>', '*', '?', '[', ']', '{', '}', '~', '#', '!', '%', '^', '=', 'a', 'é', '\u202e'];
const word = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom(...SPECIAL) }),
  fc.constantFrom(`$(touch ${marker})`, `\`touch ${marker}\``, `'; touch ${marker}; '`, `\\'; touch ${marker} #`, 'a\\', '\\', "'", ''),
).filter((w) => !w.includes('\0'));

describe.skipIf(missing)('shellWord', () => {
  it('bash, zsh and fish read every word back exactly', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 40 }), (words) => {
        for (const { shell, args } of SHELLS) expect(argvIn(shell, args, words.map(shellWord)), shell).toEqual(words);
      }),
      // `=a` is zsh's equals expansion unless quoted (found by this property in a CI run).
      { numRuns: 6, examples: [[['=a', '']], [['==', 'a=b']]] },
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('as an error line shows it (control characters and backslashes escaped), each word stays one word and runs nothing', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 40 }), (words) => {
        const shown = words.map((w) => escapeControl(shellWord(w)));
        for (const { shell, args } of SHELLS) {
          const read = argvIn(shell, args, shown);
          expect(read, shell).toHaveLength(words.length);
          // A word without a backslash or a control character is shown, and so read back, exactly.
          read.forEach((value, i) => {
            if (escapeControl(words[i]!) === words[i]) expect(value, shell).toBe(words[i]);
          });
        }
      }),
      // `=a` is zsh's equals expansion unless quoted (found by this property in a CI run).
      { numRuns: 6, examples: [[['=a', '']], [['==', 'a=b']]] },
    );
    expect(existsSync(marker)).toBe(false);
  });

  it("quotes a ' without a backslash, so the error line's escaping cannot unbalance it", () => {
    expect(shellWord("it's")).toBe(`'it'"'"'s'`);
    expect(followUp({ profile: 'p' }, 'dbusers', 'update', "o'brien")).toBe(`cdba -P p dbusers update 'o'"'"'brien'`);
    expect(shellWord('')).toBe("''");
    expect(shellWord('plain-name_1.2')).toBe('plain-name_1.2');
  });
});
