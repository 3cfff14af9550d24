// Runs cdba in a real pseudo-terminal of a given size (util-linux `script`, as
// test/reliability/interrupt.test.ts does), types into it, and reads what the
// terminal got. Tests skip, with a note, where `script` is missing.
import { execa, type ResultPromise } from 'execa';
import { CDBA_BIN, cleanEnv } from '../../helpers/cli.js';
import { commandWorks, missingTool } from '../../helpers/tools.js';

export const scriptAvailable = !missingTool('script', commandWorks('script'), 'the pseudo-terminal tests are');

// eslint-disable-next-line no-control-regex -- terminal escapes are what is stripped
const ESCAPES = /\u001b(\[[0-?]*[ -/]*[@-~]|\][^\u0007]*\u0007|[()][0-9A-Z]|[=>])/g;

/** What the terminal showed, without escapes and carriage returns. */
export const plain = (text: string): string => text.replace(ESCAPES, '').replace(/\r/g, '');

export interface Terminal {
  child: ResultPromise;
  /** Everything the terminal has shown so far (raw). */
  text(): string;
  /** Resolves once the plain text matches. */
  seen(pattern: RegExp): Promise<void>;
  type(text: string): void;
  /** Waits for the exit; the code and the plain text. */
  done(): Promise<{ exitCode: number; text: string }>;
}

const quote = (a: string): string => `'${a.replaceAll("'", "'\\''")}'`;

export function inTerminal(args: string[], options: { columns: number; rows?: number; env?: Record<string, string | undefined>; configDir?: string }): Terminal {
  return running(`exec node ${[CDBA_BIN, ...args].map(quote).join(' ')}`, { ...options, env: cleanEnv({ TERM: 'xterm-256color', ...options.env }, options.configDir), timeoutMs: 20_000 });
}

/** A shell command (`exec bash -i ...`) in a terminal, with exactly `env`; stopped after `timeoutMs`. */
export function shellInTerminal(command: string, options: { columns: number; rows?: number; env: Record<string, string>; timeoutMs: number }): Terminal {
  return running(command, { ...options, env: { TERM: 'xterm-256color', ...options.env } });
}

function running(command: string, options: { columns: number; rows?: number; env: Record<string, string>; timeoutMs: number }): Terminal {
  const child = execa('script', ['-qfec', `stty cols ${options.columns} rows ${options.rows ?? 30}; ${command}`, '/dev/null'], {
    env: options.env,
    extendEnv: false,
    reject: false,
    buffer: false,
    timeout: options.timeoutMs,
  });
  let text = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  // A character of several bytes may arrive split across two reads: each stream is decoded
  // as a stream, never chunk by chunk (a box-drawing character split in two read as three
  // replacement characters, one column wider than the chart; seen in a fresh-clone run).
  const onData = (chunk: string): void => {
    text += chunk;
    for (const waiter of waiters.filter((w) => w.pattern.test(plain(text)))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  child.stdout?.setEncoding('utf8').on('data', onData);
  child.stderr?.setEncoding('utf8').on('data', onData);
  return {
    child,
    text: () => text,
    seen: (pattern) => (pattern.test(plain(text)) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ pattern, resolve }))),
    type: (input) => void child.stdin?.write(input),
    done: async () => {
      const result = await child;
      return { exitCode: result.exitCode ?? -1, text: plain(text) };
    },
  };
}
