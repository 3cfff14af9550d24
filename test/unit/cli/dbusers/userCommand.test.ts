// The dbusers verbs on one existing user (get, update, delete) are declared by one
// function (userCommand): the same required <user>, and --auth-db admin|$external
// with admin as commander's default, so no verb falls back on its own.
import { expect, it } from 'vitest';
import { IO } from '../../../../src/base/io.js';
import { App } from '../../../../src/cli/command.js';
import { buildProgram } from '../../../../src/cli/program.js';

type Node = { name(): string; commands: Node[]; registeredArguments: Array<{ name(): string; required: boolean }>; options: Array<{ long?: string; defaultValue?: unknown; parseArg?: (value: string, previous: unknown) => unknown }> };

it.each(['get', 'update', 'delete'])('dbusers %s: <user> and --auth-db (admin by default, $external, nothing else)', (verb) => {
  const program = buildProgram(new App(IO.test(), {}, '0.0.0')) as unknown as Node;
  const command = program.commands.find((c) => c.name() === 'dbusers')!.commands.find((c) => c.name() === verb)!;
  expect(command.registeredArguments.map((a) => [a.name(), a.required])).toEqual([['user', true]]);
  const authDb = command.options.find((o) => o.long === '--auth-db')!;
  expect(authDb.defaultValue).toBe('admin');
  expect(authDb.parseArg!('$external', undefined)).toBe('$external');
  expect(() => authDb.parseArg!('local', undefined)).toThrow(/invalid --auth-db "local": expected one of admin, \$external/);
});
