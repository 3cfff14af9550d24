// Help of the private-ip, conn-string and api commands, read from the same tree the man
// pages and completion scripts use: every command has at least two examples, one of them
// a pipeline (-o json --query), and fixed flag values are commander choices.
import { describe as suite, expect, it } from 'vitest';
import { App } from '../../../../src/cli/command.js';
import { buildProgram } from '../../../../src/cli/program.js';
import { describe, flatten, type CommandInfo } from '../../../../src/cli/tree.js';
import { IO } from '../../../../src/base/io.js';

const root = describe(buildProgram(new App(IO.test(), {}, '0.0.0')) as never);
const ours = flatten(root).filter((c) => ['private-ip', 'conn-string', 'api'].includes(c.path[0] ?? ''));
const byPath = (path: string): CommandInfo => {
  const found = ours.find((c) => c.path.join(' ') === path);
  if (!found) throw new Error(`no command ${path}`);
  return found;
};

suite('help of private-ip, conn-string and api', () => {
  it('has every command of the design', () => {
    expect(ours.map((c) => c.path.join(' ')).sort()).toEqual(
      ['api', 'api describe', 'api list', 'conn-string', 'conn-string get', 'conn-string list', 'conn-string parse', 'private-ip', 'private-ip disable', 'private-ip status'].sort(),
    );
  });

  it.each(ours.map((c) => [c.path.join(' '), c] as const))('%s: two examples or more, one a -o json --query pipeline', (_path, info) => {
    expect(info.examples.length).toBeGreaterThanOrEqual(2);
    expect(info.examples.some(([, command]) => /-o json .*--query /.test(command))).toBe(true);
    for (const [description, command] of info.examples) {
      expect(description).not.toBe('');
      expect(command).toMatch(/\bcdba\b/);
    }
  });

  it('fixed values are commander choices, so completion and man pages list them', () => {
    const option = (path: string, long: string) => byPath(path).options.find((o) => o.long === long);
    expect(option('conn-string get', '--type')?.choices).toEqual(['standard', 'private', 'private-endpoint', 'legacy']);
    expect(option('api', '--method')?.choices).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);
    expect(byPath('conn-string get').options.map((o) => o.long)).toEqual(
      expect.arrayContaining(['--type', '--no-srv', '--endpoint', '--optimized', '--no-optimized']),
    );
    expect(byPath('api').options.map((o) => o.long)).toEqual(
      expect.arrayContaining(['--method', '--input', '--field', '--header', '--paginate', '--include']),
    );
  });

  it('private-ip disable has no --yes of its own: the global -y/--yes answers it', () => {
    expect(byPath('private-ip disable').options.map((o) => o.long)).not.toContain('--yes');
    expect(root.options.map((o) => o.long)).toContain('--yes');
  });
});
