// The single executable (npm run build:sea) on a machine without Node: every
// run here has a PATH with no `node` on it. Built once per source change
// (scripts/build-sea.mjs keeps dist/sea/cdba while its inputs' hash holds);
// skipped with a note where it cannot be built (not linux-x64, ...).
// It starts from a V8 start-up snapshot holding what `clusters list` needs,
// and the command tree, built at snapshot time and bound to each run's io and
// environment (so help and errors must reach this run's streams);
// the HTTPS cases need node:tls and node:https, which Node 20 cannot put in a
// snapshot, `conn-string parse` and the emulator modules it does not preload,
// and `clusters connect` node:child_process (loaded on first use, scripts/lazyBuiltins.mjs).
import { execa, type ResultPromise } from 'execa';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificates } from '../helpers/certificates.js';
import { closedPort } from '../reliability/support.js';
import { REPO_ROOT, tempDir, type CliResult } from '../helpers/cli.js';
import { commandWorks, missingTool } from '../helpers/tools.js';

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const SEA = join(REPO_ROOT, 'dist', 'sea', 'cdba');
const BUILD = join(REPO_ROOT, 'scripts', 'build-sea.mjs');

missingTool('strip', commandWorks('strip'), 'the single-executable tests are');
const build = await execa(process.execPath, [BUILD], { reject: false, timeout: 240_000 });
const cannotBuild = build.exitCode === 3;
if (cannotBuild) process.stderr.write(`note: ${build.stderr.trim().split('\n').pop()}; the single-executable tests are skipped\n`);

/** An environment with no node anywhere on PATH (an empty directory is the whole PATH). */
function noNodeEnv(extra: Record<string, string> = {}): Record<string, string> {
  const dir = tempDir('cdba-sea-');
  const emptyBin = join(dir, 'bin');
  mkdirSync(emptyBin);
  return { PATH: emptyBin, HOME: dir, CDBA_CONFIG_DIR: dir, LANG: 'C.UTF-8', ...extra };
}

async function sea(args: string[], env: Record<string, string> = noNodeEnv()): Promise<CliResult> {
  const r = await execa(SEA, args, { env, extendEnv: false, reject: false, input: '', timeout: 20_000, stripFinalNewline: false });
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

interface SeaEmulator {
  child: ResultPromise;
  /** Its stdout and stderr so far. */
  out: () => string;
  err: () => string;
  /** A CLI environment (no node on PATH) pointed at it with its owner's keys. */
  cliEnv: (extra?: Record<string, string>) => Record<string, string>;
}

/** Runs the executable's own `cdba emulator` and waits for it to print its keys. */
async function startSeaEmulator(args: string[]): Promise<SeaEmulator> {
  const child = execa(SEA, ['emulator', '--port', '0', ...args], { env: noNodeEnv(), extendEnv: false, reject: false, stdin: 'ignore' });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/^clientSecret=.*\n/m.test(out)) resolve();
    });
    void child.once('exit', () => reject(new Error(`emulator exited: ${err}`)));
  });
  const value = (key: string): string => new RegExp(`^${key}=(.*)$`, 'm').exec(out)?.[1] ?? '';
  return {
    child,
    out: () => out,
    err: () => err,
    cliEnv: (extra = {}) =>
      noNodeEnv({
        CDBA_BASE_URL: out.split('\n')[0]!,
        CDBA_PROJECT_ID: value('projectId'),
        CDBA_PUBLIC_KEY: value('publicKey'),
        CDBA_PRIVATE_KEY: value('privateKey'),
        ...extra,
      }),
  };
}

describe.skipIf(cannotBuild)('the single executable, with no node on PATH', () => {
  let emulator: SeaEmulator | undefined;
  let cliEnv: Record<string, string> = {};

  beforeAll(async () => {
    expect(build.exitCode, build.stderr).toBe(0);
    emulator = await startSeaEmulator(['--transition-ms', '0']);
    cliEnv = emulator.cliEnv();
  }, 300_000);

  afterAll(async () => {
    if (emulator && emulator.child.exitCode === null) emulator.child.kill('SIGTERM');
    await emulator?.child;
  });

  it('finds no node on the PATH it runs with', async () => {
    const probe = await execa('node', ['-e', '0'], { env: noNodeEnv(), extendEnv: false, reject: false });
    expect(probe.exitCode).not.toBe(0);
  });

  it('--version prints the package version', async () => {
    expect(await sea(['--version'])).toEqual({ exitCode: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('version --verbose says it is the single executable, and on which Node and platform', async () => {
    expect(await sea(['version', '--verbose'])).toEqual({
      exitCode: 0,
      stdout: `cdba ${VERSION}\nnode ${process.version}\nplatform linux-x64\nsingle-executable yes\n`,
      stderr: '',
    });
  });

  it('runs the emulator: the first line is its URL, then its keys', () => {
    expect(emulator!.out()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\nprojectId=[0-9a-f]{24}\npublicKey=[a-z0-9]{8}\n/);
  });

  it('creates and lists clusters against that emulator', async () => {
    const created = await sea(['clusters', 'create', 'sea1', '--provider', 'AWS', '--region', 'US_EAST_1', '--tier', 'M10', '-o', 'json', '--query', 'name'], cliEnv);
    expect(created.stdout).toBe('"sea1"\n');
    expect(created.exitCode, created.stderr).toBe(0);
    const listed = await sea(['clusters', 'list', '-o', 'json', '--query', 'results[].name'], cliEnv);
    expect(listed).toEqual({ exitCode: 0, stdout: '["sea1"]\n', stderr: '' });
    const table = await sea(['clusters', 'list', '-o', 'table'], cliEnv);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/^NAME\t/);
    expect(table.stdout).toContain('sea1');
  });

  it('spawns mongosh for clusters connect (node:child_process, which the snapshot does not hold, loads in the run)', async () => {
    const env = emulator!.cliEnv();
    // The stand-in mongosh, alone on the PATH: prints the string it was given, exits 3.
    writeFileSync(join(env.PATH!, 'mongosh'), '#!/bin/sh\nprintf "%s\\n" "$1"\nexit 3\n', { mode: 0o755 });
    const result = await sea(['clusters', 'connect', 'sea1', '--no-srv'], env);
    expect(result.exitCode, result.stderr).toBe(3);
    expect(result.stdout).toMatch(/^mongodb:\/\/sea1-shard-00-00\.[^\n]*\n$/);
  });

  it('parses a connection string offline', async () => {
    const result = await sea(['conn-string', 'parse', 'mongodb+srv://demo-pri.ab12c.mongodb.net', '-o', 'json', '--query', '[type, cluster]']);
    expect(result).toEqual({ exitCode: 0, stdout: '["privatePeering","demo"]\n', stderr: '' });
  });

  it('prints help from the command tree the snapshot holds, on this run\'s stdout', async () => {
    const result = await sea(['clusters', 'list', '--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: cdba clusters list\|ls \[options\]\n/);
    expect(result.stdout).toContain('\nExamples:\n');
  });

  it('maps a usage error to one line and exit 2', async () => {
    const result = await sea(['clusters', 'lst']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cdba: unknown command 'lst' \(did you mean .*list.*\?\); see 'cdba clusters --help'\n$/);
  });

  it('a deadline fires: --timeout against a server that accepts and never answers (the snapshot holds no stale timer)', async () => {
    // The snapshot build makes calls (src/sea/warmup.ts); a timer of undici's left in
    // the snapshot once stopped every later deadline from firing, and this run hung.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const result = await sea(['clusters', 'list', '--timeout', '1s'], { ...cliEnv, CDBA_BASE_URL: `http://127.0.0.1:${port}` });
      expect(result.exitCode).toBe(7);
      expect(result.stderr).toMatch(new RegExp(`^cdba: no response from 127\\.0\\.0\\.1:${port} within 1s \\(GET [^)]+\\); raise --timeout to wait longer\n$`));
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('--debug shows an error with its stack (the snapshot build leaves Error.stackTraceLimit as it was)', async () => {
    // The build's calls close their clients; changing Error.stackTraceLimit there made
    // node drop it from the snapshot, and no run had a stack any more.
    const result = await sea(['clusters', 'list', '--debug', '--base-url', `http://127.0.0.1:${await closedPort()}`], cliEnv);
    expect(result.exitCode).toBe(7);
    expect(result.stderr).toMatch(/^cdba: cannot connect to 127\.0\.0\.1:\d+: connection refused[^\n]*\n/m);
    expect(result.stderr).toMatch(/^ {4}at .*main\.cjs:\d+:\d+\)?$/m);
  });

  it('saves a profile with a secret read from stdin, and lists it', async () => {
    const env = noNodeEnv();
    const add = await execa(SEA, ['profile', 'add', 'ci', '--public-key', 'abcdefgh', '--project-id', '5f0c8a1e2b3c4d5e6f708192', '--private-key-stdin'], {
      env, extendEnv: false, reject: false, input: 'not-a-real-key',
    });
    expect(add.exitCode, add.stderr).toBe(0);
    expect(await sea(['profile', 'list', '-o', 'json', '--query', '[].name'], env)).toEqual({ exitCode: 0, stdout: '["ci"]\n', stderr: '' });
  });

  it('stops the emulator cleanly on SIGTERM', async () => {
    emulator!.child.kill('SIGTERM');
    const result = await emulator!.child;
    expect(result.exitCode).toBe(0);
    expect(emulator!.err()).toContain('cdba: emulator stopped');
    expect(emulator!.err()).not.toMatch(/ExperimentalWarning|unexpected error/);
  });

  it('is not rebuilt when nothing changed', async () => {
    const again = await execa(process.execPath, [BUILD], { reject: false });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toBe('build:sea: dist/sea/cdba is current');
  });
});

const certificates = cannotBuild ? undefined : makeCertificates();
if (!cannotBuild) missingTool('openssl', certificates !== undefined, 'the single executable over HTTPS is');

describe.skipIf(!certificates)('the single executable over HTTPS, with no node on PATH (node:tls and node:https load in the run)', () => {
  let emulator: SeaEmulator | undefined;

  beforeAll(async () => {
    expect(build.exitCode, build.stderr).toBe(0);
    // Transitions last an hour: a --watch is still waiting when the signal comes.
    emulator = await startSeaEmulator(['--tls-cert', certificates!.certFile, '--tls-key', certificates!.keyFile, '--transition-ms', '3600000']);
  }, 300_000);

  afterAll(async () => {
    if (emulator && emulator.child.exitCode === null) emulator.child.kill('SIGTERM');
    await emulator?.child;
  });

  it('serves HTTPS from the executable, and the executable trusts the CA given in NODE_EXTRA_CA_CERTS', async () => {
    expect(emulator!.out()).toMatch(/^https:\/\/127\.0\.0\.1:\d+\n/);
    const env = emulator!.cliEnv({ NODE_EXTRA_CA_CERTS: certificates!.caFile });
    const created = await sea(['clusters', 'create', 'tls1', '--provider', 'AWS', '--region', 'US_EAST_1', '-o', 'json', '--query', 'name'], env);
    expect(created).toEqual({ exitCode: 0, stdout: '"tls1"\n', stderr: expect.stringContaining('CREATING') as string });
    expect(await sea(['clusters', 'list', '-o', 'json', '--query', 'results[].name'], env)).toEqual({ exitCode: 0, stdout: '["tls1"]\n', stderr: '' });
  });

  it('without the CA: the TLS error, exit 7', async () => {
    const result = await sea(['clusters', 'list'], emulator!.cliEnv());
    expect(result.exitCode).toBe(7);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cdba: TLS: certificate signed by unknown authority \(127\.0\.0\.1:\d+\)[^\n]*\n$/);
  });

  it('SIGINT during clusters create --watch: exit 130, one message, the create stands', async () => {
    const env = emulator!.cliEnv({ NODE_EXTRA_CA_CERTS: certificates!.caFile });
    const child = execa(SEA, ['clusters', 'create', 'tls2', '--provider', 'AWS', '--region', 'US_EAST_1', '--watch'], {
      env, extendEnv: false, reject: false, buffer: false, stdin: 'ignore', timeout: 20_000,
    });
    let text = '';
    const waiting = new Promise<void>((resolve) => {
      const onData = (chunk: Buffer): void => {
        text += chunk.toString();
        if (/cluster tls2 is CREATING\n/.test(text)) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
    });
    await waiting;
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(text).toBe(
      'cdba: cluster tls2 is CREATING\ncdba: interrupted while waiting for cluster tls2 (CREATING); the operation goes on at the service; follow it with `cdba clusters watch tls2`\n',
    );
    const listed = await sea(['clusters', 'list', '-o', 'json', '--query', 'results[?name==`tls2`].stateName'], env);
    expect(listed).toEqual({ exitCode: 0, stdout: '["CREATING"]\n', stderr: '' });
  });
});
