// The commands a hint may suggest (and so the ones that get the invocation's -P,
// --project-id, --base-url and --api-version) are the command tree's top-level
// names, registered when the tree is built: a new command group needs no list.
import { describe, expect, it } from 'vitest';
import { IO } from '../../../src/base/io.js';
import { App } from '../../../src/cli/command.js';
import { buildProgram } from '../../../src/cli/program.js';
import { withContext } from '../../../src/core/hints.js';

describe('hints name the commands of the tree', () => {
  const program = buildProgram(new App(IO.test(), {}, '0.0.0'));
  const names = program.commands.map((c) => c.name()).filter((name) => name !== 'help');

  it('a hint for env down or run gets -P', () => {
    expect(withContext('remove it with `cdba env down ci-1`', { profile: 'big' })).toBe('remove it with `cdba -P big env down ci-1`');
    expect(withContext('try cdba run -- npm test', { profile: 'big', projectId: 'p1' })).toBe('try cdba -P big --project-id p1 run -- npm test');
  });

  it('every top-level command of the tree gets the context; other words after cdba are prose', () => {
    expect(names).toEqual(expect.arrayContaining(['clusters', 'env', 'run', 'dbusers', 'access-list']));
    for (const name of names) expect(withContext(`see cdba ${name}`, { profile: 'p' })).toBe(`see cdba -P p ${name}`);
    expect(withContext('this cdba knows none', { profile: 'p' })).toBe('this cdba knows none');
  });
});
