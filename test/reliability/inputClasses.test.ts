// Guarantees: whole classes of bad input are refused before any request, exit 2,
// one `cdba: ...` line. Single cases of each class are in the bad-input corpus
// (fixtures 170-193); here each class is walked as a whole.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/cli/command.js';
import { buildProgram } from '../../src/cli/program.js';
import { describe as describeTree, flatten } from '../../src/cli/tree.js';
import { IO } from '../../src/base/io.js';
import { main } from '../../src/main.js';
import { CDBA_BIN, cdba, cleanEnv, tempDir } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { digestEnv, expectOneErrorLine, knownSeed } from './support.js';

const tree = flatten(describeTree(buildProgram(new App(IO.test(), {}, '0.0.0')) as never));
/** Every (command path, long flag) whose option takes a value, across the whole tree. */
const valueFlags = tree.flatMap((c) => c.options.filter((o) => o.takesValue && o.long).map((o) => [c.path.join(' ') || '(root)', c.path, o.long!] as const));

describe('empty flag values', () => {
  it('the tree has value-taking flags to check', () => {
    expect(valueFlags.length).toBeGreaterThan(40);
  });

  it.each(valueFlags)('%s %s "" is refused, naming the flag', async (_label, path, flag) => {
    const io = IO.test();
    const base = 'http://127.0.0.1:9'; // discard port: nothing may be sent anyway
    const code = await main([...path, `${flag}=`], { CDBA_CONFIG_DIR: tempDir(), CDBA_BASE_URL: base, CDBA_PROJECT_ID: '5e1ab0c0ffee0000deadbeef' }, io);
    expect(code, io.stderr).toBe(2);
    expect(io.stdout).toBe('');
    expect(io.stderr).toBe(`cdba: empty value for ${flag}: give a value, or leave the flag out\n`);
  });

  it('an empty CDBA_* variable counts as unset: CDBA_PROJECT_ID= falls through (documented in README)', async () => {
    const { emu, env } = await withEmulator({ seed: knownSeed() });
    try {
      const result = await cdba(['clusters', 'list', '-o', 'json'], { env: { ...env, CDBA_PROJECT_ID: '', CDBA_OUTPUT: '' } });
      expectOneErrorLine(result, 2, /no project ID/);
      expect(emu.stats().total).toBe(0);
    } finally {
      await emu.stop();
    }
  });
});

describe('cdba help <unknown>', () => {
  it.each([
    [['help', 'nope'], /^cdba: unknown command 'nope'; see 'cdba --help'\n$/],
    [['help', 'clusterz'], /^cdba: unknown command 'clusterz' \(did you mean clusters\?\); see 'cdba --help'\n$/],
    [['clusters', 'help', 'lst'], /^cdba: unknown command 'lst' \(did you mean list\?\); see 'cdba clusters --help'\n$/],
    [['help', 'clusters', 'lst'], /^cdba: unknown command 'lst' \(did you mean list\?\); see 'cdba clusters --help'\n$/],
  ])('%j is one line and exit 2, not the whole help', async (argv, line) => {
    const result = await cdba(argv);
    expectOneErrorLine(result, 2, line);
    expect(result.stdout).toBe('');
  });

  it('help <known> still prints that command\'s help, exit 0', async () => {
    const result = await cdba(['help', 'clusters']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Usage: cdba clusters/);
    expect(result.stderr).toBe('');
  });
});

describe('before any request', () => {
  let emu: RunningEmulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    ({ emu } = await withEmulator({ seed: knownSeed() }));
    env = digestEnv(emu.url);
  });
  afterAll(() => emu.stop());

  it.each([
    ['--timeout', ['--timeout', '2147483648ms', 'clusters', 'list']],
    ['--timeout (597h)', ['--timeout', '597h', 'clusters', 'list']],
    ['--watch-timeout', ['clusters', 'create', 'c9', '--watch-timeout', '2147484s']],
    ['clusters watch --timeout', ['clusters', 'watch', 'seeded', '--timeout', '30000000']],
  ])('a duration past a timer\'s 2^31-1 ms (%s) is refused', async (_label, argv) => {
    emu.resetStats();
    const result = await cdba(argv, { env });
    expectOneErrorLine(result, 2, /longer than a timer can wait/);
    expect(emu.stats().total).toBe(0);
  });

  it.each([
    ['foo(bar)', /unknown function foo\(\)/],
    ['results[].nmae | upper(@)', /unknown function upper\(\)/],
    ['results.', /incomplete/],
    ['results..name', /incomplete/],
    ['results[-]', /'-' must be followed by digits/],
    ['results[:::]', /at most two ':'/],
    ['sort_by(results, name)', /must be an expression reference/],
    ['abs(`"x"`)', /must be number/],
  ])('--query %s is refused before the request', async (query, message) => {
    emu.resetStats();
    const result = await cdba(['--query', query, 'clusters', 'list'], { env });
    expectOneErrorLine(result, 2, message);
    expect(result.stdout).toBe('');
    expect(emu.stats().total).toBe(0);
  });

  it('a --query that fails on the answer\'s data: exit 1 (the request went through), not 2', async () => {
    emu.resetStats();
    const listed = await cdba(['--query', 'abs(results)', 'clusters', 'list'], { env });
    expectOneErrorLine(listed, 1, /^cdba: --query "abs\(results\)" failed on the answer: .*to be type number.*; the command itself went through/);
    expect(listed.stdout).toBe('');
    expect(emu.stats().total).toBeGreaterThan(0); // the lists were read
    // A write: the entry is made, and the exit code does not say that nothing was sent.
    const added = await cdba(['access-list', 'add', '198.51.100.7', '--query', 'abs(results)'], { env });
    expectOneErrorLine(added, 1, /failed on the answer/);
    const entries = await cdba(['access-list', 'list', '-o', 'json', '--query', 'results[].ipAddress'], { env });
    expect(JSON.parse(entries.stdout)).toContain('198.51.100.7');
  });

  it('a valid --query still works', async () => {
    const result = await cdba(['--query', 'results[].name', '-o', 'json', 'clusters', 'list'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe('["seeded"]\n');
    expect(result.stderr).toBe('');
  });

  const latin1 = Buffer.from('{"name":"c1","tags":[{"key":"caf\xe9","value":"x"}]}', 'latin1');
  it('invalid UTF-8 in --file is refused, naming the file and the byte offset', async () => {
    emu.resetStats();
    const file = join(tempDir(), 'latin1.json');
    writeFileSync(file, latin1);
    const result = await cdba(['clusters', 'create', 'c1', '--file', file], { env });
    expectOneErrorLine(result, 2, new RegExp(`${file.replaceAll('.', '\\.')}: not valid UTF-8 at byte 32`));
    expect(emu.stats().total).toBe(0);
  });

  it.each([
    ['clusters create --file -', ['clusters', 'create', 'c1', '--file', '-']],
    ['api --input -', ['api', `/groups/${'5e1ab0c0ffee0000deadbeef'}/clusters`, '-X', 'POST', '--input', '-']],
  ])('invalid UTF-8 on stdin (%s) is refused, naming stdin and the byte offset', async (_label, argv) => {
    emu.resetStats();
    // Bytes, not a string: a string would be re-encoded as valid UTF-8 on the way in.
    const result = await execa('node', [CDBA_BIN, ...argv], { env: cleanEnv(env), extendEnv: false, input: latin1, reject: false, stripFinalNewline: false });
    expectOneErrorLine({ exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr }, 2, /^cdba: stdin: not valid UTF-8 at byte 32/);
    expect(emu.stats().total).toBe(0);
  });

  it('a cut-off multi-byte sequence at the end of a file points at its first byte', async () => {
    const file = join(tempDir(), 'cut.json');
    writeFileSync(file, Buffer.concat([Buffer.from('{"name":"c1"}'), Buffer.from([0xe2, 0x82])]));
    const result = await cdba(['clusters', 'convert', '--file', file]);
    expectOneErrorLine(result, 2, /not valid UTF-8 at byte 13;/);
    expect(result.stdout).toBe('');
  });

  it.each([
    ['{"a":1}', /no cluster field among "a"/],
    ['{"results":[],"totalCount":0}', /no cluster field among "results", "totalCount"/],
    ['{}', /it has no fields/],
  ])('clusters convert of %s, which is not a cluster, is exit 2 (it printed {} and exit 0)', async (input, message) => {
    const result = await cdba(['clusters', 'convert'], { input });
    expectOneErrorLine(result, 2, message);
    expect(result.stdout).toBe('');
  });

  it.each([
    ['--tag env=', /the tag value must be 1 to 255 characters, not 0/],
    [`--tag ${'k'.repeat(256)}=v`, /the tag key must be 1 to 255 characters, not 256/],
    [`--tag env=${'é'.repeat(256)}`, /the tag value must be 1 to 255 characters, not 256/],
  ])('create %s (outside the service\'s 1-255) is refused before the request', async (flag, message) => {
    emu.resetStats();
    const [name, value] = [flag.slice(0, 5), flag.slice(6)];
    const result = await cdba(['clusters', 'create', 'c1', name, value], { env });
    expectOneErrorLine(result, 2, message);
    expect(emu.stats().total).toBe(0);
  });

  it('a 255-character tag value is accepted and sent', async () => {
    emu.resetStats();
    const result = await cdba(['clusters', 'create', 'c255', '--provider', 'AWS', '--region', 'US_EAST_1', '--tag', `env=${'v'.repeat(255)}`, '-o', 'json', '--query', 'tags[0].value'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(`"${'v'.repeat(255)}"\n`);
  });

  it.each(['M11', 'X', 'M10_NVME'])('patch --tier %s (no provider has it) is refused before the request', async (tier) => {
    emu.resetStats();
    const result = await cdba(['clusters', 'patch', 'seeded', '--tier', tier], { env });
    expectOneErrorLine(result, 2, /not an instance size of any provider/);
    expect(emu.stats().total).toBe(0);
  });
});
