// Issue 43, item 13: a mistyped subcommand gets one suggestion per command, by its
// name: `snapshots lst` suggests list, not "one of list, ls" (commander offers the
// aliases too). Walked over every command of the tree that has an alias, with typos
// close to both the name and the alias.
import { describe, expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { App } from '../../../src/cli/command.js';
import { buildProgram } from '../../../src/cli/program.js';
import { cdba } from '../../helpers/inProcess.js';

type AnyCommand = ReturnType<typeof buildProgram>;

/** [parent path, command name, its aliases] for every command with an alias. */
function aliased(): Array<[string[], string, string[]]> {
  const found: Array<[string[], string, string[]]> = [];
  const walk = (command: AnyCommand, path: string[]): void => {
    for (const sub of command.commands as AnyCommand[]) {
      if (sub.aliases().length > 0) found.push([path, sub.name(), sub.aliases()]);
      walk(sub, [...path, sub.name()]);
    }
  };
  walk(buildProgram(new App(IO.test(), {}, '0.0.0')), []);
  return found;
}

describe('did you mean', () => {
  it('snapshots lst: one command', async () => {
    const result = await cdba(['backups', 'snapshots', 'lst']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe("cdba: unknown command 'lst' (did you mean list?); see 'cdba backups snapshots --help'\n");
  });

  it.each(aliased())('%j %s: a typo near it and its aliases suggests the name alone', async (path, name, aliases) => {
    // A typo one edit from the name, and for a short alias one from the alias too (lst: list and ls).
    const typos = [`${name.slice(0, -1)}x`, ...aliases.map((alias) => `${alias}x`)];
    for (const typo of typos) {
      if ([name, ...aliases].includes(typo)) continue;
      const result = await cdba([...path, typo]);
      expect(result.exitCode, result.stderr).toBe(2);
      const suggested = /\(did you mean (?:one of )?([^?]*)\?\)/.exec(result.stderr)?.[1]?.split(', ') ?? [];
      for (const alias of aliases) expect(suggested, result.stderr).not.toContain(alias);
    }
  });
});
