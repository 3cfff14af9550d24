// What the commands declare completes them (src/cli/command.ts, `completes`) and the
// lookups the groups register agree: a name a command declares is registered, with
// `needsOf` exactly where the declarations ask it of the first argument, and every
// registered lookup is declared somewhere (profiles: by the PROFILES kind; a command's
// flags by flagsCompletedBy, as `api <operationId>` declares them).
import { describe as describeSuite, expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { App, lookupsOf } from '../../../src/cli/command.js';
import { buildProgram } from '../../../src/cli/program.js';
import { describe, flatten } from '../../../src/cli/tree.js';

describeSuite('completion declarations and lookups', () => {
  const program = buildProgram(new App(IO.test(), {}, '0.0.0'));
  const commands = flatten(describe(program as never));
  const values = commands.flatMap((c) => [...c.args, ...c.options]);
  const lookups = lookupsOf(program);

  it('every lookup a command declares is registered, asked of the first argument where it needs one', () => {
    const declared = values.flatMap((v) => (v.completion?.kind === 'lookup' ? [v.completion] : []));
    expect(declared.length).toBeGreaterThan(30);
    for (const completion of declared) {
      expect(lookups.has(completion.list), completion.list).toBe(true);
      if (lookups.get(completion.list)!.needsOf) expect(completion.ofFirst, completion.list).toBe(true);
    }
  });

  it('every registered lookup is declared by some argument or flag, or answers a command\'s flags (flagsCompletedBy)', () => {
    const used = new Set(values.flatMap((v) => (v.completion?.kind === 'lookup' ? [v.completion.list] : v.completion?.kind === 'profiles' ? ['profiles'] : [])));
    for (const command of commands) if (command.flagsBy !== undefined) used.add(command.flagsBy);
    expect([...lookups.keys()].filter((list) => !used.has(list))).toEqual([]);
  });
});
