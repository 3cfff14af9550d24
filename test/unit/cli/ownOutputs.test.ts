// -o values beyond the document formats belong to the command that prints them
// (`env up -o env|github`, withOwnOutputs): the global -o accepts a command's own
// values and words its help and refusal from the tree, so a new one is declared by
// its command alone; every other command refuses them (src/config/validate.ts).
import { describe, expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { App, ownOutputsOf, withOwnOutputs } from '../../../src/cli/command.js';
import { buildProgram } from '../../../src/cli/program.js';

const build = () => buildProgram(new App(IO.test(), {}, '0.0.0'));
const outputOption = (program: ReturnType<typeof build>) => program.options.find((option) => option.long === '--output')!;

describe('-o values of one command', () => {
  it('env up declares env and github; the global -o names them from the tree', () => {
    const program = build();
    const up = program.commands.find((c) => c.name() === 'env')!.commands.find((c) => c.name() === 'up')!;
    expect(ownOutputsOf(up)).toEqual(['env', 'github']);
    expect(outputOption(program).description).toBe('output format (env CDBA_OUTPUT); env up also prints env or github');
    expect(outputOption(program).argChoices).toEqual(['table', 'json', 'pretty']);
  });

  it('a command that declares a value of its own gets it through the global -o; an unknown value is refused naming every command\'s own', async () => {
    const program = build();
    let seen: unknown;
    withOwnOutputs(
      program.command('fixture').action((_options, cmd) => {
        seen = (cmd.optsWithGlobals() as { output?: string }).output;
      }),
      ['csv'],
    );
    program.exitOverride();
    program.configureOutput({ writeErr: () => undefined });
    await program.parseAsync(['fixture', '-o', 'csv'], { from: 'user' });
    expect(seen).toBe('csv');
    await expect(build().exitOverride().configureOutput({ writeErr: () => undefined }).parseAsync(['clusters', 'list', '-o', 'xml'], { from: 'user' })).rejects.toThrow(
      "argument 'xml' is invalid. Allowed choices are table, json, pretty (and env, github for env up).",
    );
  });
});
