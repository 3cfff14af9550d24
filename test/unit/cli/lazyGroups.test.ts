// A run builds only the command group its words name (src/cli/program.ts, addGroups):
// the tree of every other group is some 10% of a call's start-up. What a run prints
// must not depend on it: help, errors and suggestions are those of the whole tree.
import { describe, expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { App } from '../../../src/cli/command.js';
import { TOP_LEVEL_NAMES, addGroups, buildProgram } from '../../../src/cli/program.js';
import { main, prebuildProgram } from '../../../src/main.js';
import { cdba } from '../../helpers/inProcess.js';

const app = () => new App(IO.test(), {}, '0.0.0');
const topLevel = (argv?: string[]) =>
  buildProgram(app(), argv)
    .commands.map((c) => c.name())
    .filter((name) => name !== 'help');

describe('the groups a run builds', () => {
  it('the whole tree has every group of the list, in its order', () => {
    expect(topLevel()).toEqual(TOP_LEVEL_NAMES);
  });

  it('each group, named, is built alone, and is all its name stands for', () => {
    for (const name of TOP_LEVEL_NAMES.filter((n) => !['completion', '__complete'].includes(n))) {
      expect(topLevel([name, 'x']), name).toEqual([name]);
      expect(topLevel(['-P', 'clusters', '--project-id', 'p1', name]), `after global flags: ${name}`).toEqual([name]);
      expect(topLevel(['help', name]), `help ${name}`).toEqual([name]);
    }
  });

  it('every group when the words need the whole tree', () => {
    for (const argv of [
      [],
      ['--help'],
      ['--help', 'clusters'],
      ['-V'],
      ['help'],
      ['cluster', 'list'], // a misspelling: the suggestion comes from every name
      ['completion', 'bash'],
      ['__complete', 'clusters'],
      ['--bogus', 'clusters', 'list'],
      ['-yo', 'json', 'clusters', 'list'],
      ['clusters', 'list', '-o', 'env'],
      ['clusters', 'list', '--output=github'],
      ['-o', 'xml', 'clusters', 'list'],
    ]) {
      expect(topLevel(argv), argv.join(' ')).toEqual(TOP_LEVEL_NAMES);
    }
    expect(topLevel(['clusters', 'list', '-o', 'json', '--output=pretty'])).toEqual(['clusters']);
    expect(topLevel(['run', '--', 'sh', '-c', 'cdba -o env dbusers list'])).toEqual(['run']);
  });

  it('groups added to a prebuilt tree keep the order help lists them in, each built once', () => {
    const prebuilt = prebuildProgram(['clusters', 'list']);
    addGroups(prebuilt.program, prebuilt.app, ['dbusers', 'list']);
    addGroups(prebuilt.program, prebuilt.app, ['clusters', 'get']);
    expect(prebuilt.program.commands.map((c) => c.name()).filter((n) => n !== 'help')).toEqual(['clusters', 'dbusers']);
    addGroups(prebuilt.program, prebuilt.app);
    expect(prebuilt.program.commands.map((c) => c.name()).filter((n) => n !== 'help')).toEqual(TOP_LEVEL_NAMES);
    expect(prebuilt.program.options.find((o) => o.long === '--output')!.description).toBe('output format (env CDBA_OUTPUT); env up also prints env or github');
  });
});

describe('what a run prints is that of the whole tree', () => {
  it('a -o value of another command is refused by the command, naming every command that prints it', async () => {
    const refused = await cdba(['clusters', 'list', '-o', 'xml']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('Allowed choices are table, json, pretty (and env, github for env up)');
  });

  it('an unknown subcommand of a group suggests from the group; a misspelt group from all', async () => {
    const sub = await cdba(['clusters', 'lst']);
    expect(sub.exitCode).toBe(2);
    expect(sub.stderr).toMatch(/unknown command 'lst' \(did you mean list\?\)/);
    const group = await cdba(['dbuser', 'list']);
    expect(group.exitCode).toBe(2);
    expect(group.stderr).toMatch(/unknown command 'dbuser' \(did you mean dbusers\?\)/);
  });

  it('an empty flag value is refused in a group built alone, and in one added to a prebuilt tree', async () => {
    const alone = await cdba(['dbusers', 'list', '--timeout', '']);
    expect(alone.exitCode).toBe(2);
    expect(alone.stderr).toContain('empty value for --timeout');
    // As the single executable runs: its tree prebuilt with clusters, dbusers added by main().
    const io = IO.test();
    expect(await main(['dbusers', 'list', '--timeout', ''], {}, io, {}, prebuildProgram(['clusters']))).toBe(2);
    expect(io.stderr).toContain('empty value for --timeout');
  });
});
