// The IO object: the only module besides the launcher that touches the process's
// streams. Commands get it through the context, so tests can pass buffers.
import { PassThrough, Readable, Writable } from 'node:stream';
import { isatty } from 'node:tty';
import { Chalk, type ChalkInstance } from 'chalk';
import { decodeUtf8, readBoundedStream, type ReadLimits } from './boundedRead.js';
import { InterruptedError, UsageError, type ExitCodeValue } from './errors.js';
import { formatErrorReport, type ErrorFormat } from './errorReport.js';
import { isTerminateTakenOver, runTerminateCleanups, terminateReport, type StopReport } from './terminate.js';
import { escapeControl } from './sanitize.js';
import { scrubSecrets, secretForms, type SecretForms } from './secretForms.js';

/** The colours a stderr line may have. */
export type NoteStyle = 'red' | 'yellow' | 'dim';

export interface Spinner {
  update(text: string): void;
  /** Stops the spinner; prints `finalLine` (if any) as a normal stderr line. */
  stop(finalLine?: string): void;
}

export interface IOOptions {
  out: Writable;
  err: Writable;
  /** stdin, or a function that makes it: process.stdin is made on first use, 1-3 ms a call that never reads it need not pay. */
  in: Readable | (() => Readable);
  outIsTTY: boolean;
  errIsTTY: boolean;
  inIsTTY: boolean;
  /** 0 = no colour, 1..3 = chalk levels. */
  colorLevel: 0 | 1 | 2 | 3;
  /** The terminal's width; 0 when unknown (a forced TTY through a pipe), and tables are not fitted. */
  columns: number;
  /** The height of the terminal stderr is on; 0 when unknown. */
  rows?: number;
  /** Aborted on Ctrl-C, so long waits (watch, retries) can stop cleanly. */
  signal?: AbortSignal;
  /** The real process's streams: its run ends the process (IO.fromProcess). */
  ownsProcess?: boolean;
}

let childRunning = 0;
let signalsTaken = 0;

/**
 * Runs a foreground child (which shares our terminal and gets every Ctrl-C
 * itself): meanwhile Ctrl-C neither aborts the command nor stops cdba.
 */
export async function whileChildRuns<T>(run: () => Promise<T>): Promise<T> {
  childRunning++;
  try {
    return await run();
  } finally {
    childRunning--;
  }
}

/**
 * Runs `run` while the caller counts SIGINT and SIGTERM itself (`cdba run`: the
 * first removes its env, the second stops at once through stopAtOnce): meanwhile
 * neither aborts io.signal nor stops cdba.
 */
export async function whileSignalsTaken<T>(run: () => Promise<T>): Promise<T> {
  signalsTaken++;
  try {
    return await run();
  } finally {
    signalsTaken--;
  }
}

/** A hard stop (a second Ctrl-C, SIGTERM): the terminate cleanups (the config lock), then exit with `code`. */
export function stopAtOnce(code: number): never {
  runTerminateCleanups();
  process.exit(code);
}

export class IO {
  readonly out: Writable;
  readonly err: Writable;
  private input: Readable | (() => Readable);
  readonly outIsTTY: boolean;
  readonly errIsTTY: boolean;
  readonly inIsTTY: boolean;
  colorLevel: 0 | 1 | 2 | 3;
  readonly columns: number;
  readonly rows: number;
  readonly signal: AbortSignal;
  /** This is the process's own IO (IO.fromProcess): when its run ends, the process does. */
  readonly ownsProcess: boolean;
  private chalkInstance: ChalkInstance | undefined;

  constructor(options: IOOptions) {
    this.out = options.out;
    this.err = options.err;
    this.input = options.in;
    this.outIsTTY = options.outIsTTY;
    this.errIsTTY = options.errIsTTY;
    this.inIsTTY = options.inIsTTY;
    this.colorLevel = options.colorLevel;
    this.columns = options.columns;
    this.rows = options.rows ?? 0;
    this.signal = options.signal ?? new AbortController().signal;
    this.ownsProcess = options.ownsProcess ?? false;
  }

  /** stdin, made on first use. */
  get in(): Readable {
    if (typeof this.input === 'function') this.input = this.input();
    return this.input;
  }

  /** The real process streams. (Tests that want a terminal use a TestIO with isTTY flags, or a real pty.) */
  static fromProcess(env: NodeJS.ProcessEnv): IO {
    const outIsTTY = Boolean(process.stdout.isTTY);
    // The first Ctrl-C aborts the signal; commands turn that into exit 130.
    // The listener stays for the whole run: an exit-hook library (signal-exit,
    // through proper-lockfile) may hook SIGINT too and re-send it to the process
    // at once, expecting it to be fatal, which would kill us before the exit-130
    // message. That echo (within 250 ms) is ignored; a second Ctrl-C after that
    // stops at once.
    const interrupt = new AbortController();
    let firstInterruptAt = 0;
    process.on('SIGINT', () => {
      if (childRunning > 0 || signalsTaken > 0) return; // the child (mongosh) gets Ctrl-C itself and decides; or the command counts them
      if (!interrupt.signal.aborted) {
        firstInterruptAt = Date.now();
        interrupt.abort();
      } else if (Date.now() - firstInterruptAt > 250) {
        stopAtOnce(130);
      }
    });
    // SIGTERM (a CI job cancelled, `timeout`, kill) ends the run as it would by
    // default, but first releases what others wait for (the config lock).
    process.on('SIGTERM', () => {
      if (signalsTaken > 0) return;
      if (isTerminateTakenOver()) runTerminateCleanups();
      else io.stopWith(143, terminateReport());
    });
    // A reader that goes away (`cdba ... | head -1`) is not an error of ours:
    // stop quietly, as Unix tools do, instead of crashing with EPIPE.
    for (const stream of [process.stdout, process.stderr]) {
      stream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
        throw error;
      });
    }
    const io: IO = new IO({
      signal: interrupt.signal,
      out: process.stdout,
      err: process.stderr,
      in: () => process.stdin,
      outIsTTY,
      errIsTTY: Boolean(process.stderr.isTTY),
      inIsTTY: isatty(0),
      colorLevel: colorLevelFor(env, outIsTTY),
      columns: process.stdout.columns || Number(env.COLUMNS) || 0,
      rows: process.stderr.rows || 0,
      ownsProcess: true,
    });
    return io;
  }

  /**
   * This IO with another abort signal: the same streams, colours and secrets. For a
   * phase its command stops on its own (run stops env up on the first signal, then
   * still removes what up made through the IO whose signal did not abort).
   */
  withSignal(signal: AbortSignal): IO {
    return Object.assign(Object.create(this) as IO, { signal });
  }

  /** Buffers instead of streams, for unit tests. */
  static test(options: Partial<Omit<IOOptions, 'out' | 'err'>> & { stdin?: string; outHeldUntil?: Promise<void> } = {}): TestIO {
    return new TestIO(options);
  }

  get chalk(): ChalkInstance {
    this.chalkInstance ??= new Chalk({ level: this.colorLevel });
    return this.chalkInstance;
  }

  disableColor(): void {
    this.colorLevel = 0;
    this.chalkInstance = undefined;
  }

  /**
   * How a failure is said: the `cdba: ...` line, or one JSON document (--error-format
   * json). main sets it before the run, so that a stop outside its own error report
   * (a SIGTERM, cdba run's second signal) takes the same form.
   */
  errorFormat: ErrorFormat = 'text';

  /** Says why the run stops (one line, or one JSON document) and ends the process with `code` (stopAtOnce). */
  stopWith(code: number, report: StopReport): never {
    this.reportStop(code, report);
    return stopAtOnce(code);
  }

  /** The stop's one line or JSON document, in the run's --error-format. */
  reportStop(code: number, report: StopReport): void {
    if (this.errorFormat === 'json') {
      this.errorDocument(formatErrorReport({ error: { exitCode: code as ExitCodeValue, message: report.message, retryable: false, ...(report.hint ? { hint: report.hint } : {}) } }));
    } else {
      this.note(`cdba: ${report.message}${report.hint ? `; ${report.hint}` : ''}`, 'red');
    }
  }

  /**
   * Told a failing command's message and hint before its error is reported, to say it
   * once more in another form (`env up -o github`: a workflow command's ::error:: annotation).
   */
  onFailure: ((message: string, hint: string | undefined) => void) | undefined;

  /** Values this run must never print (private key, client secret, tokens); see addSecret. */
  private readonly secrets = new Map<string, SecretForms>();

  /**
   * Registers a credential: from now on write() and note() replace it with
   * [REDACTED], whatever message or document carries it (a server may echo it).
   */
  addSecret(value: string | undefined): void {
    // Very short values would redact ordinary text; real keys and tokens are long.
    if (value && value.length >= 8 && !this.secrets.has(value)) this.secrets.set(value, secretForms(value));
  }

  private scrub(text: string, shown?: string): string {
    if (this.secrets.size === 0) return text;
    return scrubSecrets(text, [...this.secrets].filter(([secret]) => secret !== shown).map(([, forms]) => forms), '[REDACTED]');
  }

  /** The one secret stdout may show while revealing() runs. */
  private revealed: string | undefined;

  /**
   * Runs `show` with `secret` let through to stdout (stderr still scrubs it): the one
   * way a registered secret reaches output, for a value cdba made and hands over
   * once (a generated password). Everywhere else, traces and errors, it stays hidden.
   */
  async revealing<T>(secret: string, show: () => Promise<T>): Promise<T> {
    this.revealed = secret;
    try {
      return await show();
    } finally {
      this.revealed = undefined;
    }
  }

  /** Writes to stdout as is (registered secrets aside). */
  write(text: string): void {
    this.out.write(this.scrub(text, this.revealed));
  }

  /**
   * One line on stderr, with cdba's prefix: every line cdba prints there says whose
   * it is (a CI log, `env run`'s child writing to the same stream), so a line
   * without it gets it here. Messages quote server text, so control characters in it
   * (newlines included: one message, one line) are shown escaped; `style` colours
   * the line after that, so our own colour codes survive.
   */
  note(line: string, style?: NoteStyle): void {
    this.writeLine(withPrefix(line), style);
  }

  /** A line of the --debug transcript (`> GET ...`, `< HTTP 200`, a stack): its own markers, no prefix. */
  trace(line: string): void {
    this.writeLine(line);
  }

  private writeLine(line: string, style?: NoteStyle): void {
    // Scrubbed before the line's own newline is dropped: a secret may end with one.
    const scrubbed = this.scrub(line);
    const clean = escapeControl(scrubbed.endsWith('\n') ? scrubbed.slice(0, -1) : scrubbed);
    this.err.write(`${style ? this.chalk[style](clean) : clean}\n`);
  }

  /**
   * The error as one JSON document on stderr (--error-format json), in place of the
   * error line: scrubbed of secrets like every line; the caller escapes control characters.
   */
  errorDocument(json: string): void {
    this.err.write(`${this.scrub(json)}\n`);
  }

  warn(line: string): void {
    this.note(`cdba: warning: ${line}`, 'yellow');
  }

  /**
   * A spinner on stderr. On a TTY it is ora; elsewhere it prints each distinct
   * text once as a plain line, so CI logs show progress without control codes.
   */
  async spinner(text: string): Promise<Spinner> {
    // A terminal that reports 0 columns (a pseudo-terminal nobody sized, as some CI
    // runners make) would have ora clear Infinity lines: a hang spewing escapes.
    const zeroWidth = (this.err as { columns?: number }).columns === 0;
    if (!this.errIsTTY || zeroWidth) {
      let last = '';
      const say = (t: string): void => {
        if (t !== last) this.note(t);
        last = t;
      };
      say(text);
      return { update: say, stop: (finalLine) => finalLine && this.note(finalLine) };
    }
    const { default: ora } = await import('ora');
    // discardStdin off: ora's discarder puts the terminal in raw mode, so Ctrl-C no
    // longer raises SIGINT, and (stdin being paused) it never reads the 0x03 it
    // would re-signal either: Ctrl-C would do nothing while a spinner runs.
    const spinnerText = (t: string): string => escapeControl(this.scrub(withPrefix(t)));
    const spinner = ora({ text: spinnerText(text), stream: this.err, isEnabled: true, discardStdin: false, color: this.colorLevel ? 'cyan' : false as never }).start();
    return {
      update: (t) => {
        spinner.text = spinnerText(t);
      },
      stop: (finalLine) => {
        spinner.stop();
        if (finalLine) this.note(finalLine);
      },
    };
  }

  /** Reads all of stdin as strict UTF-8, refused past `limits.maxBytes` (/dev/zero is one line, not a crash). */
  async readStdin(limits: ReadLimits): Promise<string> {
    return decodeUtf8(await readBoundedStream(this.in, `${limits.label}: stdin`, limits, this.signal), `${limits.label}: stdin`);
  }

  /**
   * Asks a question on stderr (with cdba's prefix, as every line there) and reads one line from stdin. With `secret`,
   * typed characters are not echoed. One readline serves every prompt, so
   * answers typed ahead (or piped) are not swallowed by the first question.
   * Ctrl-C (which a terminal in raw mode hands to readline, not as a signal)
   * throws InterruptedError: exit 130, before anything is changed.
   */
  async prompt(question: string, options: { secret?: boolean } = {}): Promise<string> {
    const lines = await this.inputLines();
    const rl = this.lineReader!.rl;
    this.err.write(escapeControl(withPrefix(question)));
    this.echoMuted = Boolean(options.secret);
    let wasInterrupted = false;
    let onInterrupt = (): void => {};
    const interrupted = new Promise<never>((_, reject) => {
      onInterrupt = () => {
        wasInterrupted = true;
        reject(new InterruptedError('interrupted; nothing was changed'));
      };
    });
    rl.on('SIGINT', onInterrupt);
    this.signal.addEventListener('abort', onInterrupt);
    try {
      if (this.signal.aborted) onInterrupt();
      const next = await Promise.race([lines.next(), interrupted]);
      if (next.done) throw new UsageError('no answer: stdin closed');
      return next.value;
    } finally {
      rl.off('SIGINT', onInterrupt);
      this.signal.removeEventListener('abort', onInterrupt);
      // A new line after a hidden answer, or after ^C, so the next message starts clean.
      if (this.echoMuted || wasInterrupted) this.err.write('\n');
      this.echoMuted = false;
    }
  }

  private echoMuted = false;
  private lineReader: { rl: import('node:readline').Interface; lines: AsyncIterator<string> } | undefined;

  private async inputLines(): Promise<AsyncIterator<string>> {
    if (!this.lineReader) {
      const { createInterface } = await import('node:readline');
      // Echo (on a terminal) goes through this stream, so secrets can be muted.
      const echo = new PassThrough();
      echo.on('data', (chunk: Buffer) => {
        if (!this.echoMuted) this.err.write(chunk);
      });
      const rl = createInterface({ input: this.in, output: echo, terminal: this.inIsTTY && 'setRawMode' in this.in });
      this.lineReader = { rl, lines: rl[Symbol.asyncIterator]() };
    }
    return this.lineReader.lines;
  }

  /** Releases stdin so the process can exit after prompting. */
  closeInput(): void {
    this.lineReader?.rl.close();
    this.lineReader = undefined;
  }
}

/** `line` with cdba's prefix: as it is when it has it, else after it. */
function withPrefix(line: string): string {
  if (line.startsWith(PREFIX.trimEnd())) return line;
  return line === '' ? PREFIX.trimEnd() : `${PREFIX}${line}`;
}

const PREFIX = 'cdba: ';

/** An IO whose out and err are captured strings. */
export class TestIO extends IO {
  private readonly outChunks: string[];
  private readonly errChunks: string[];

  /** `outHeldUntil`: stdout takes one write, then nothing until the promise settles (a reader that has not started reading). */
  constructor(options: Partial<Omit<IOOptions, 'out' | 'err'>> & { stdin?: string; outHeldUntil?: Promise<void> }) {
    const outChunks: string[] = [];
    const errChunks: string[] = [];
    let held = options.outHeldUntil;
    void held?.then(() => (held = undefined));
    // _write runs synchronously for an uncorked Writable, so reads see every write.
    const sink = (chunks: string[], gate?: () => Promise<void> | undefined): Writable =>
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk.toString('utf8'));
          const wait = gate?.();
          if (wait) void wait.then(() => callback());
          else callback();
        },
      });
    super({
      out: sink(outChunks, () => held),
      err: sink(errChunks),
      in: options.in ?? Readable.from([Buffer.from(options.stdin ?? '')]),
      outIsTTY: options.outIsTTY ?? false,
      errIsTTY: options.errIsTTY ?? false,
      inIsTTY: options.inIsTTY ?? false,
      colorLevel: options.colorLevel ?? 0,
      columns: options.columns ?? 100,
      rows: options.rows ?? 0,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    this.outChunks = outChunks;
    this.errChunks = errChunks;
  }

  get stdout(): string {
    return this.outChunks.join('');
  }

  get stderr(): string {
    return this.errChunks.join('');
  }
}

/** NO_COLOR wins over a TTY; FORCE_COLOR wins over everything but NO_COLOR. */
export function colorLevelFor(env: NodeJS.ProcessEnv, isTTY: boolean): 0 | 1 | 2 | 3 {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    const n = Number(force);
    return n >= 1 && n <= 3 ? (n as 1 | 2 | 3) : 1;
  }
  return isTTY ? 1 : 0;
}
