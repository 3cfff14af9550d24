// The context commands get: settings resolution, output format choice, confirmation.
import { describe, expect, it } from 'vitest';
import { Context, type GlobalOptions } from '../../../src/core/context.js';
import { UsageError } from '../../../src/base/errors.js';
import { IO, type TestIO } from '../../../src/base/io.js';
import { ConfigStore } from '../../../src/config/store.js';
import type { Profile } from '../../../src/config/settings.js';
import { tempDir } from '../../helpers/cli.js';

async function contextWith(
  options: { profiles?: Record<string, Profile>; current?: string; env?: NodeJS.ProcessEnv; globals?: GlobalOptions; io?: TestIO } = {},
): Promise<{ ctx: Context; io: TestIO }> {
  const dir = tempDir();
  if (options.profiles) {
    const store = await ConfigStore.open(dir);
    await store.update((config) => {
      Object.assign(config.profiles, options.profiles);
      if (options.current) config.currentProfile = options.current;
    });
  }
  const io = options.io ?? IO.test();
  return { ctx: new Context(io, { ...options.env, CDBA_CONFIG_DIR: dir }, '0.0.0-test', options.globals ?? {}), io };
}

describe('Context.resolve', () => {
  it('uses the current profile and reports where the profile name came from', async () => {
    const { ctx } = await contextWith({ profiles: { a: { projectId: 'aaaaaaaaaaaaaaaaaaaaaaaa' } }, current: 'a' });
    const resolved = await ctx.resolve();
    expect(resolved.settings.profileName).toBe('a');
    expect(resolved.settings.projectId).toBe('aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(resolved.profileSource).toBe('profile');
    expect(resolved.profileExists).toBe(true);
  });

  it('passes the global flags to the resolver', async () => {
    const { ctx } = await contextWith({
      profiles: { a: { projectId: 'aaaaaaaaaaaaaaaaaaaaaaaa', apiVersion: 'v1.0' } },
      current: 'a',
      env: { CDBA_API_VERSION: '2024-08-05' },
      globals: { projectId: 'BBBBBBBBBBBBBBBBBBBBBBBB', baseUrl: 'http://127.0.0.1:9', output: 'pretty' },
    });
    const { settings, sources } = await ctx.resolve();
    expect(settings).toMatchObject({ projectId: 'bbbbbbbbbbbbbbbbbbbbbbbb', apiVersion: '2024-08-05', baseUrl: 'http://127.0.0.1:9', output: 'pretty' });
    expect(sources).toMatchObject({ projectId: 'flag', apiVersion: 'env', baseUrl: 'flag', output: 'flag' });
  });

  it('with no config at all, resolves the "default" profile to defaults', async () => {
    const { ctx } = await contextWith();
    const resolved = await ctx.resolve();
    expect(resolved.profileExists).toBe(false);
    expect(resolved.profileSource).toBe('default');
    expect(resolved.settings).toEqual({ profileName: 'default', baseUrl: 'https://cloud.mongodb.com', apiVersion: '2024-11-13', service: 'atlas' });
  });

  it.each([
    ['-P', { globals: { profile: 'nope' } }],
    ['CDBA_PROFILE', { env: { CDBA_PROFILE: 'nope' } }],
  ])('a profile named by %s that does not exist is a usage error', async (_label, options) => {
    const { ctx } = await contextWith({ profiles: { a: {} }, ...options });
    await expect(ctx.resolve()).rejects.toThrow(UsageError);
    await expect(ctx.resolve()).rejects.toThrow('profile "nope" does not exist');
  });

  it('projectId() explains how to give one when none is set', async () => {
    const { ctx } = await contextWith();
    await expect(ctx.projectId()).rejects.toThrow(/no project ID: pass --project-id, set CDBA_PROJECT_ID/);
  });
});

describe('Context.outputFormat (flag > env > profile > table on a TTY, json in a pipe)', () => {
  it.each([
    ['pipe, nothing set', {}, false, 'json'],
    ['TTY, nothing set', {}, true, 'table'],
    ['profile output wins over the TTY default', { profiles: { a: { output: 'pretty' } }, current: 'a' }, true, 'pretty'],
    ['profile output wins over the pipe default', { profiles: { a: { output: 'table' } }, current: 'a' }, false, 'table'],
    ['CDBA_OUTPUT wins over the profile', { profiles: { a: { output: 'table' } }, current: 'a', env: { CDBA_OUTPUT: 'pretty' } }, false, 'pretty'],
    ['--output wins over CDBA_OUTPUT', { env: { CDBA_OUTPUT: 'pretty' }, globals: { output: 'json' } }, true, 'json'],
  ] as const)('%s → %s', async (_label, options, tty, expected) => {
    const { ctx } = await contextWith({ ...options, io: IO.test({ outIsTTY: tty }) });
    expect(await ctx.outputFormat()).toBe(expected);
  });

  it('an invalid --output is refused even when no profile could be resolved', async () => {
    const { ctx } = await contextWith({ globals: { output: 'yaml', profile: 'missing' } });
    await expect(ctx.outputFormat()).rejects.toThrow(/invalid output format "yaml"/);
  });

  it('output() applies --query and the format to stdout only', async () => {
    const { ctx, io } = await contextWith({ globals: { output: 'json', query: 'results[].name' } });
    await ctx.output({ results: [{ name: 'c0' }, { name: 'c1' }], totalCount: 2 });
    expect(io.stdout).toBe('["c0","c1"]\n');
    expect(io.stderr).toBe('');
  });
});

describe('Context.confirm', () => {
  it('refuses without a TTY and without --yes', async () => {
    const { ctx, io } = await contextWith();
    await expect(ctx.confirm('Delete c0?')).rejects.toThrow(/pass --yes when not on a terminal/);
    expect(io.stderr).toBe('');
  });

  it('--yes (global or the command\'s own) skips the question', async () => {
    await expect((await contextWith({ globals: { yes: true } })).ctx.confirm('Delete c0?')).resolves.toBeUndefined();
    await expect((await contextWith()).ctx.confirm('Delete c0?', true)).resolves.toBeUndefined();
  });

  it.each(['y\n', 'yes\n', 'Y\n', 'YES\n'])('on a TTY, %j goes ahead', async (answer) => {
    const { ctx, io } = await contextWith({ io: IO.test({ inIsTTY: true, errIsTTY: true, stdin: answer }) });
    await expect(ctx.confirm('Delete c0?')).resolves.toBeUndefined();
    expect(io.stderr).toContain('Delete c0? [y/N] ');
  });

  it.each(['\n', 'n\n', 'no\n', 'yess\n', ''])('on a TTY, %j cancels', async (answer) => {
    const { ctx } = await contextWith({ io: IO.test({ inIsTTY: true, errIsTTY: true, stdin: answer }) });
    await expect(ctx.confirm('Delete c0?')).rejects.toMatchObject({ message: 'cancelled; nothing was changed', exitCode: 15 });
  });
});

describe('Context flags', () => {
  it('timeoutMs is 60 s by default and parses --timeout as a DURATION', async () => {
    expect((await contextWith()).ctx.timeoutMs).toBe(60_000);
    expect((await contextWith({ globals: { timeout: '1m30s' } })).ctx.timeoutMs).toBe(90_000);
    expect(() => new Context(IO.test(), {}, 'v', { timeout: 'soon' }).timeoutMs).toThrow(/invalid --timeout "soon"/);
  });

  it.each([
    [{}, {}, false],
    [{ debug: true }, {}, true],
    [{}, { CDBA_DEBUG: '1' }, true],
    [{}, { CDBA_DEBUG: '0' }, false],
    [{}, { CDBA_DEBUG: '' }, false],
  ] as const)('debug with globals %j and env %j is %s', (globals, env, expected) => {
    expect(new Context(IO.test(), env, 'v', globals).debug).toBe(expected);
  });
});
