// Guarantee (issue 42, item 2): a FIFO nobody writes, given to any flag cdba
// reads a path from, never makes cdba deaf to SIGINT or SIGTERM. Every path is
// opened without blocking through the one reader (src/base/boundedRead.ts), as
// $GITHUB_ENV is: a flag that wants a regular file refuses the FIFO at once (exit
// 2), and one that takes a pipe says it waits for a writer and then stops on the
// signal (130 for SIGINT, 143 for SIGTERM). The flags come from the command tree
// (every option whose value is a file or a path), not from a hand-written list,
// and no module of src/ reads a file another way.
//
// Signals need a real process: each case waits for the event (the process's
// "waiting for a writer" line, or its exit), never for time to pass.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/base/io.js';
import { App } from '../../src/cli/command.js';
import { buildProgram } from '../../src/cli/program.js';
import { CDBA_BIN, cleanEnv, REPO_ROOT, tempDir } from '../helpers/cli.js';
import { PROJECT_ID } from './support.js';

type AnyCommand = ReturnType<typeof buildProgram>;

interface PathFlag {
  path: string[];
  flag: string;
  args: string[];
}

/** What a command needs besides its arguments to get as far as reading the path. */
const NEEDS: Record<string, string[]> = { 'profile add': ['--public-key', 'abcdefgh', '--private-key-stdin'] };

/** Every option of the tree whose value is a file or a path, with the arguments its command needs. */
function pathFlags(): PathFlag[] {
  const program = buildProgram(new App(IO.test(), {}, '0.0.0'));
  const found: PathFlag[] = [];
  const walk = (command: AnyCommand, path: string[]): void => {
    for (const option of command.options) {
      if (!/<(file|path|[^>]*\.json)>/.test(option.flags) || !option.long) continue;
      // A command that runs a CMD after `--` (run) gets one that does nothing; the others a name per argument.
      const runs = command.name() === 'run';
      const positional = runs ? [] : command.registeredArguments.filter((a) => a.required).map(() => 'c1');
      const tail = runs ? ['--', 'true'] : [];
      found.push({ path, flag: option.long, args: [...path, ...positional, ...(NEEDS[path.join(' ')] ?? []), option.long, 'FIFO', ...tail] });
    }
    for (const sub of command.commands as AnyCommand[]) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return found;
}

const FLAGS = pathFlags();

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  waited: boolean;
}

/** Runs cdba with the FIFO; once it says it waits, sends `signal`; resolves at its exit. */
async function runWithFifo(args: string[], fifo: string, signal: NodeJS.Signals): Promise<Outcome> {
  const child = spawn('node', [CDBA_BIN, ...args.map((a) => (a === 'FIFO' ? fifo : a))], {
    env: cleanEnv({ CDBA_BASE_URL: 'http://127.0.0.1:9', CDBA_PUBLIC_KEY: 'abcdefgh', CDBA_PRIVATE_KEY: 'x', CDBA_PROJECT_ID: PROJECT_ID }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin!.end('f3a9c1e5-7b2d-4c6e-9a8b-5ec12e7d0a41\n'); // for a command that reads a key on stdin
  let stderr = '';
  let waited = false;
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (!waited && /waiting for a writer to .*\(a FIFO\)/.test(stderr)) {
      waited = true;
      child.kill(signal);
    }
  });
  const [code, killedBy] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  return { code, signal: killedBy, stderr, waited };
}

describe('a FIFO nobody writes, on every flag that reads a path', () => {
  it('the tree has the flags this test is about', () => {
    const names = FLAGS.map((f) => `${f.path.join(' ')} ${f.flag}`);
    for (const expected of ['clusters create --file', 'search-indexes create --file', 'env up --search-index', 'api --input', 'emulator --seed']) {
      expect(names).toContain(expected);
    }
  });

  it.each(FLAGS.flatMap((f, i) => [{ ...f, signal: (i % 2 === 0 ? 'SIGTERM' : 'SIGINT') as NodeJS.Signals }]))(
    '$path $flag: refused at once, or waits and stops on $signal',
    async ({ args, signal }) => {
      const fifo = join(tempDir('cdba-fifo-signal-'), 'fifo');
      execFileSync('mkfifo', [fifo]);
      const outcome = await runWithFifo(args, fifo, signal);
      expect(outcome.signal, outcome.stderr).toBeNull(); // it exits itself, with its own code
      if (outcome.waited) {
        expect(outcome.code, outcome.stderr).toBe(signal === 'SIGINT' ? 130 : 143);
        if (signal === 'SIGINT') expect(outcome.stderr).toMatch(/cdba: interrupted while reading .*fifo/);
      } else {
        // A flag that wants a regular file says why, exit 2; one that only stores the path (profile add --ca-file) ends 0.
        expect([0, 2], outcome.stderr).toContain(outcome.code);
        if (outcome.code === 2) expect(outcome.stderr).toMatch(/^cdba: /);
      }
    },
    30_000,
  );

  it('the flags that take a pipe do wait (and so are stopped by the signal, not refused)', async () => {
    const fifo = join(tempDir('cdba-fifo-wait-'), 'fifo');
    execFileSync('mkfifo', [fifo]);
    const outcome = await runWithFifo(['clusters', 'create', 'c1', '--file', 'FIFO'], fifo, 'SIGTERM');
    expect(outcome.waited, outcome.stderr).toBe(true);
    expect(outcome.code).toBe(143);
  }, 30_000);
});

describe('one reader', () => {
  /** Readers of node:fs that block a thread on a FIFO, or open without O_NONBLOCK. */
  const BLOCKING = /\b(readFileSync|readFile|createReadStream)\s*\(|import \{[^}]*\b(open|readFile)\b[^}]*\} from 'node:fs\/promises'/;
  // boundedRead.ts is the reader; privateFile.ts opens its own temp files (O_EXCL) and their
  // directory for writing; the man page generator runs at build time on the repository's package.json.
  const ALLOWED = new Set(['src/base/boundedRead.ts', 'src/base/privateFile.ts', 'src/man/generate.ts']);

  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
    });
  }

  it('no module of src/ reads a file but through src/base/boundedRead.ts', () => {
    const offenders = sources(join(REPO_ROOT, 'src'))
      .map((path) => relative(REPO_ROOT, path))
      .filter((path) => !ALLOWED.has(path) && BLOCKING.test(readFileSync(join(REPO_ROOT, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

});
