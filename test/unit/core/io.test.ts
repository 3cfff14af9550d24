// The IO object: colour level, captured streams, spinner fallback, stdin and prompts.
import { describe, expect, it } from 'vitest';
import { IO, TestIO, colorLevelFor } from '../../../src/base/io.js';

const ESC = '\u001b[';

describe('colorLevelFor', () => {
  it.each([
    ['a TTY gets colour by default', {}, true, 1],
    ['a pipe gets none by default', {}, false, 0],
    ['NO_COLOR turns it off on a TTY', { NO_COLOR: '1' }, true, 0],
    ['NO_COLOR with any non-empty value', { NO_COLOR: 'yes' }, true, 0],
    ['an empty NO_COLOR is ignored (no-color.org)', { NO_COLOR: '' }, true, 1],
    ['NO_COLOR wins over FORCE_COLOR', { NO_COLOR: '1', FORCE_COLOR: '3' }, true, 0],
    ['FORCE_COLOR=0 turns it off on a TTY', { FORCE_COLOR: '0' }, true, 0],
    ['FORCE_COLOR=false turns it off', { FORCE_COLOR: 'false' }, true, 0],
    ['FORCE_COLOR=1 in a pipe', { FORCE_COLOR: '1' }, false, 1],
    ['FORCE_COLOR=2 in a pipe', { FORCE_COLOR: '2' }, false, 2],
    ['FORCE_COLOR=3 in a pipe', { FORCE_COLOR: '3' }, false, 3],
    ['FORCE_COLOR=true means basic colour', { FORCE_COLOR: 'true' }, false, 1],
    ['an empty FORCE_COLOR means basic colour', { FORCE_COLOR: '' }, false, 1],
    ['an out-of-range FORCE_COLOR means basic colour', { FORCE_COLOR: '7' }, false, 1],
  ] as const)('%s', (_label, env, isTTY, level) => {
    expect(colorLevelFor(env, isTTY)).toBe(level);
  });
});

describe('TestIO', () => {
  it('captures stdout and stderr separately', () => {
    const io = IO.test();
    expect(io).toBeInstanceOf(TestIO);
    io.write('result');
    io.write(' more\n');
    io.note('cdba: a message');
    io.note('cdba: already ended\n');
    expect(io.stdout).toBe('result more\n');
    expect(io.stderr).toBe('cdba: a message\ncdba: already ended\n');
  });

  it('defaults to no TTY, no colour, 100 columns', () => {
    const io = IO.test();
    expect([io.outIsTTY, io.errIsTTY, io.inIsTTY, io.colorLevel, io.columns]).toEqual([false, false, false, 0, 100]);
    expect(io.signal.aborted).toBe(false);
  });

  it('warn() is one "cdba: warning:" line on stderr, coloured only with a colour level', () => {
    const plain = IO.test();
    plain.warn('API version 2023-01-01 is deprecated');
    expect(plain.stderr).toBe('cdba: warning: API version 2023-01-01 is deprecated\n');
    expect(plain.stdout).toBe('');

    const coloured = IO.test({ colorLevel: 1 });
    coloured.warn('x');
    expect(coloured.stderr).toContain(ESC);
    expect(coloured.stderr).toContain('cdba: warning: x');
  });

  it('chalk follows the colour level, and disableColor() turns it off', () => {
    const io = IO.test({ colorLevel: 3 });
    expect(io.chalk.red('x')).toBe(`${ESC}31mx${ESC}39m`);
    io.disableColor();
    expect(io.colorLevel).toBe(0);
    expect(io.chalk.red('x')).toBe('x');
    expect(IO.test().chalk.bold('x')).toBe('x');
  });

  it('readStdin() returns all of stdin as UTF-8, up to its cap', async () => {
    const limits = { label: '--x', maxBytes: 64 };
    expect(await IO.test({ stdin: 'line one\nzwei – ü\n' }).readStdin(limits)).toBe('line one\nzwei – ü\n');
    expect(await IO.test().readStdin(limits)).toBe('');
    await expect(IO.test({ stdin: 'x'.repeat(65) }).readStdin(limits)).rejects.toThrow('--x: stdin is larger than 64 bytes');
  });
});

describe('spinner', () => {
  it('off a TTY, prints each distinct text once as a plain line', async () => {
    const io = IO.test({ errIsTTY: false });
    const spinner = await io.spinner('creating c0: CREATING');
    spinner.update('creating c0: CREATING');
    spinner.update('creating c0: CREATING');
    spinner.update('creating c0: UPDATING');
    spinner.update('creating c0: UPDATING');
    spinner.update('creating c0: CREATING');
    spinner.stop('c0 is IDLE');
    // Each line carries cdba's prefix: a CI log shows whose line it is.
    expect(io.stderr).toBe('cdba: creating c0: CREATING\ncdba: creating c0: UPDATING\ncdba: creating c0: CREATING\ncdba: c0 is IDLE\n');
    expect(io.stderr).not.toContain(ESC);
    expect(io.stdout).toBe('');
  });

  it('off a TTY, stop() without a final line prints nothing more', async () => {
    const io = IO.test();
    const spinner = await io.spinner('waiting');
    spinner.stop();
    expect(io.stderr).toBe('cdba: waiting\n');
  });

  it('on a TTY, draws on stderr only and ends with the final line', async () => {
    const io = IO.test({ errIsTTY: true });
    const spinner = await io.spinner('waiting for c0');
    spinner.update('still waiting');
    spinner.stop('done');
    expect(io.stdout).toBe('');
    expect(io.stderr).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] cdba: waiting for c0/);
    expect(io.stderr.endsWith('cdba: done\n')).toBe(true);
  });
});

describe('every line on stderr carries the prefix', () => {
  it('note() gives a line cdba\'s prefix unless it has it; warn() says warning', () => {
    const io = IO.test();
    io.note('rate limited (429); retrying in 24s');
    io.note('cdba: cluster c1 is IDLE', 'dim');
    io.note('');
    io.warn('API version 2023-02-01 is deprecated');
    expect(io.stderr).toBe('cdba: rate limited (429); retrying in 24s\ncdba: cluster c1 is IDLE\ncdba:\ncdba: warning: API version 2023-02-01 is deprecated\n');
  });

  it('trace() is the --debug transcript: its own markers, no prefix, still escaped and scrubbed', () => {
    const io = IO.test();
    io.addSecret('s3cr3t-value');
    io.trace('> authorization: Digest s3cr3t-value\u001b[2J');
    expect(io.stderr).toBe('> authorization: Digest [REDACTED]\\x1b[2J\n');
  });
});

describe('prompt', () => {
  it('asks on stderr and returns the line typed', async () => {
    const io = IO.test({ stdin: 'prod\n' });
    expect(await io.prompt('Profile name: ')).toBe('prod');
    expect(io.stderr).toBe('cdba: Profile name: ');
    expect(io.stdout).toBe('');
  });

  it('does not echo a secret answer', async () => {
    const io = IO.test({ stdin: 'hunter2-private-key\n' });
    expect(await io.prompt('Private key (hidden): ', { secret: true })).toBe('hunter2-private-key');
    expect(io.stderr).toContain('Private key (hidden): ');
    expect(io.stderr).not.toContain('hunter2');
  });

  it('rejects when stdin ends before an answer', async () => {
    await expect(IO.test({ stdin: '' }).prompt('Name: ')).rejects.toThrow(/stdin closed/);
  });
});
