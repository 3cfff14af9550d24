// Usage errors exit 2 with one stderr line and no stack; help and version; every
// command's help has an Examples section. Runs the built bin/cdba.js.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/base/io.js';
import { App } from '../../src/cli/command.js';
import { buildProgram } from '../../src/cli/program.js';
import { describe as describeTree, flatten } from '../../src/cli/tree.js';
import { REPO_ROOT, cdba, tempDir, type CliResult } from '../helpers/inProcess.js';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const STACK_LINE = /^\s+at .+[.:]\d+/m;

function expectUsageError(result: CliResult, message: RegExp): void {
  expect(result.exitCode).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.split('\n')).toHaveLength(2); // one line and its newline
  expect(result.stderr).toMatch(/^cdba: .+\n$/);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(STACK_LINE);
  expect(result.stderr).not.toContain('\u001b[');
}

describe.concurrent('usage errors: exit 2, one stderr line, no stack trace', () => {
  it.each([
    ['an unknown command, with a suggestion', ['prfile'], {}, /^cdba: unknown command 'prfile' \(did you mean profile\?\); see 'cdba --help'\n$/],
    ['an unknown subcommand, with a suggestion', ['profile', 'lst'], {}, /^cdba: unknown command 'lst' \(did you mean (one of )?list(, ls)?\?\); see 'cdba profile --help'\n$/],
    ['an unknown global option', ['--bogus', 'profile', 'list'], {}, /^cdba: unknown option '--bogus'/],
    ['an unknown option of a command', ['profile', 'list', '--bogus'], {}, /^cdba: unknown option '--bogus'; see 'cdba profile list --help'\n$/],
    ['a misspelt option, with a suggestion', ['profile', 'add', 'p', '--publc-key', 'k'], {}, /unknown option '--publc-key' \(did you mean --public-key\?\)/],
    ['a bad --output value', ['-o', 'xml', 'profile', 'list'], {}, /^cdba: option '-o, --output <format>' argument 'xml' is invalid.*table, json, pretty/],
    ['a bad --output value after the command', ['profile', 'show', '--output', 'yaml'], {}, /argument 'yaml' is invalid.*see 'cdba profile show --help'\n$/],
    ['a bad CDBA_API_VERSION on a command that resolves settings', ['profile', 'show'], { CDBA_API_VERSION: '2023-02-30' }, /^cdba: invalid API version "2023-02-30" from CDBA_API_VERSION: expected v1.0 or a date like 2023-02-01\n$/],
    ['a bad CDBA_OUTPUT', ['profile', 'show'], { CDBA_OUTPUT: 'xml' }, /^cdba: invalid output format "xml" from CDBA_OUTPUT: expected one of table, json, pretty\n$/],
    ['a bad CDBA_BASE_URL', ['profile', 'show'], { CDBA_BASE_URL: 'http://example.com' }, /^cdba: refusing http:\/\/ base URL from CDBA_BASE_URL for non-loopback host example\.com: use https/],
    ['a bad CDBA_PROJECT_ID', ['profile', 'show'], { CDBA_PROJECT_ID: 'abc' }, /^cdba: invalid project ID "abc" from CDBA_PROJECT_ID: expected 24 hexadecimal characters\n$/],
    ['a bad --api-version flag', ['--api-version', '2023-13-01', 'profile', 'show'], {}, /^cdba: invalid API version "2023-13-01" from --api-version: /],
    ['a bad --base-url flag', ['--base-url', 'https://cloud.mongodb.com/api', 'profile', 'show'], {}, /^cdba: invalid base URL "https:\/\/cloud\.mongodb\.com\/api" from --base-url: give only scheme, host and port/],
    ['a bad --project-id flag', ['--project-id', '123', 'profile', 'show'], {}, /^cdba: invalid project ID "123" from --project-id: /],
    ['a bad --timeout on a command that sends no request', ['profile', 'list', '--timeout', 'abc'], {}, /^cdba: invalid --timeout "abc": expected a duration like 90, 90s, 5m or 1h\n$/],
    ['a bad --timeout before the command', ['--timeout', '-1', 'conn-string', 'parse', 'mongodb://h'], {}, /^cdba: invalid --timeout "-1"/],
    ['a missing argument', ['profile', 'add'], {}, /^cdba: missing required argument 'name'; see 'cdba profile add --help'\n$/],
    ['a missing second argument', ['profile', 'rename', 'a'], {}, /^cdba: missing required argument 'new'; see 'cdba profile rename --help'\n$/],
    ['too many arguments', ['profile', 'use', 'a', 'b'], {}, /^cdba: too many arguments for 'use'/],
    ['an option missing its value', ['profile', 'list', '--query'], {}, /^cdba: option '--query <jmespath>' argument missing/],
    ['a CDBA_PROFILE that does not exist', ['profile', 'show'], { CDBA_PROFILE: 'nope' }, /^cdba: profile "nope" does not exist/],
  ])('%s', async (_label, args, env, message) => {
    expectUsageError(await cdba(args, { env }), message);
  });

  it('a stack trace appears only with --debug', async () => {
    const plain = await cdba(['--api-version', '2023-02-30', 'profile', 'show']);
    expect(plain.stderr).not.toMatch(STACK_LINE);
    const debug = await cdba(['--debug', '--api-version', '2023-02-30', 'profile', 'show']);
    expect(debug.exitCode).toBe(2);
    expect(debug.stdout).toBe('');
    expect(debug.stderr.split('\n')[0]).toBe('cdba: invalid API version "2023-02-30" from --api-version: expected v1.0 or a date like 2023-02-01');
    expect(debug.stderr).toMatch(STACK_LINE);
  });

  it('CDBA_DEBUG also turns on the stack trace', async () => {
    const result = await cdba(['profile', 'show'], { env: { CDBA_DEBUG: '1', CDBA_OUTPUT: 'xml' } });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(STACK_LINE);
  });

  it('a config file that is not JSON is a usage error, not a crash', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), '{"profiles": ', { mode: 0o600 });
    expectUsageError(await cdba(['profile', 'list'], { configDir: dir }), /^cdba: cannot read config file .*config\.json.*; fix or remove the file; it is JSON\n$/);
  });
});

describe.concurrent('help and version', () => {
  it('--help exits 0 and shows the usage, the global options and Examples on stdout', async () => {
    const result = await cdba(['--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: cdba \[options\] \[command\]\n/);
    for (const option of ['-P, --profile', '-o, --output', '--query', '--project-id', '--api-version', '--base-url', '--debug', '--no-color', '-y, --yes', '-h, --help', '-V, --version']) {
      expect(result.stdout).toContain(option);
    }
    expect(result.stdout).toContain('\nExamples:\n');
    expect(result.stdout).toMatch(/\n {2}profile\s/);
  });

  it('-h is the same as --help', async () => {
    const [long, short] = await Promise.all([cdba(['--help']), cdba(['-h'])]);
    expect(short).toEqual(long);
  });

  it('cdba help exits 0 with the same text as --help', async () => {
    const [flag, command] = await Promise.all([cdba(['--help']), cdba(['help'])]);
    expect(command.stderr).toBe('');
    expect(command.stdout).toBe(flag.stdout);
    expect(command.exitCode).toBe(0);
  });

  it('cdba help <command> exits 0 with that command\'s help', async () => {
    const [flag, command] = await Promise.all([cdba(['profile', '--help']), cdba(['help', 'profile'])]);
    expect(command.stderr).toBe('');
    expect(command.stdout).toBe(flag.stdout);
    expect(command.exitCode).toBe(0);
  });

  it.each([
    [['clusters', 'create']],
    [['dbusers', 'create']],
    [['access-list', 'add']],
    [['clusters', 'start']], // an alias
  ])('cdba help %j takes the command path: the same text as its --help', async (path) => {
    const [flag, command] = await Promise.all([cdba([...path, '--help']), cdba(['help', ...path])]);
    expect(command.stderr).toBe('');
    expect(command.stdout).toBe(flag.stdout);
    expect(command.stdout).toMatch(new RegExp(`^Usage: cdba ${path[0]} \\S*\\b${path[1]}\\b`));
    expect(command.exitCode).toBe(0);
  });

  it.each([['--version'], ['-V']])('%s prints the package.json version and nothing else', async (flag) => {
    expect(await cdba([flag])).toEqual({ exitCode: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('the version is a real semantic version', () => {
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
  });
});

/** Command names listed under "Commands:" in a help text (commander's own `help` excluded). */
function listedCommands(help: string): string[] {
  const section = help.split('\nCommands:\n')[1];
  if (!section) return [];
  const names: string[] = [];
  for (const line of section.split('\n')) {
    if (line.trim() === '') break;
    const match = /^ {2}([a-z][\w-]*)/.exec(line); // deeper indents are wrapped descriptions
    if (match?.[1] && match[1] !== 'help') names.push(match[1]);
  }
  return names;
}

describe('every command has two examples and a pipeline: in its help, or the help names the man page that has the rest', () => {
  const tree = flatten(describeTree(buildProgram(new App(IO.test(), {}, '0.0.0')) as never));
  const declared = new Map(tree.map((c) => [['cdba', ...c.path].join(' '), c]));

  it('walks the tree from cdba --help down to every leaf', async () => {
    const seen: string[] = [];
    const missing: string[] = [];
    let level: string[][] = [[]];
    while (level.length > 0) {
      const helps = await Promise.all(level.map((path) => cdba([...path, '--help'])));
      const next: string[][] = [];
      helps.forEach((result, i) => {
        const path = level[i]!;
        const name = ['cdba', ...path].join(' ');
        seen.push(name);
        expect(result.exitCode, `${name} --help`).toBe(0);
        expect(result.stderr, `${name} --help`).toBe('');
        // At least two commented examples that run cdba, one of them a pipeline
        // (a --query, or a pipe into or out of cdba); a subcommand's help fits a screen
        // (issue 43, item 14), so it may show the first few and name the man page for the rest.
        const examples = declared.get(name)?.examples ?? [];
        const commands = examples.map(([, line]) => line).filter((line) => /\bcdba\b/.test(line));
        const pipeline = commands.some((line) => line.includes('--query') || line.includes('|'));
        if (commands.length < 2 || !pipeline) missing.push(name);
        // A long example is broken over lines with ` \` (as help wraps to 80 columns): one line again.
        const shown = (result.stdout.split('\nExamples:\n')[1] ?? '').replace(/ \\\n +/g, ' ').split('\n').filter((line) => /^ {2}\$ /.test(line));
        expect(shown, name).toEqual(examples.slice(0, shown.length).map(([, line]) => `  $ ${line}`));
        const rest = examples.length - shown.length;
        if (rest > 0) {
          const page = `cdba-${path[0]}`;
          const pointer = shown.length === 0 ? `Examples (${rest})` : `${rest} more example${rest === 1 ? '' : 's'}`;
          expect(result.stdout, name).toMatch(new RegExp(`^${pointer.replace(/[()]/g, '\\$&')}( and more details)?: man ${page}$`, 'm'));
          const man = readFileSync(join(REPO_ROOT, 'man', `${page}.1`), 'utf8');
          for (const [, line] of examples.slice(shown.length)) expect(man, `${name} in ${page}.1`).toContain(line.replace(/\\/g, '\\e').replace(/-/g, '\\-'));
        }
        for (const child of listedCommands(result.stdout)) next.push([...path, child]);
      });
      level = next;
    }
    expect(missing).toEqual([]);
    expect(seen.sort()).toEqual([...declared.keys()].sort());
    // The foundation's own commands are all reached.
    for (const verb of ['add', 'list', 'show', 'use', 'set', 'unset', 'remove', 'rename']) {
      expect(seen).toContain(`cdba profile ${verb}`);
    }
  });

  it('cdba --help lists the command groups that exist', async () => {
    const result = await cdba(['--help']);
    expect(listedCommands(result.stdout)).toContain('profile');
    expect(listedCommands(result.stdout)).not.toContain('help');
  });
});
