// `cdba run [--name <name>] [--keep-env NAME] [env up flags] -- CMD ARGS...`: env up,
// CMD with the connection in its environment (never on argv) and without the
// credentials cdba reads (CREDENTIAL_VARIABLES), env down whatever CMD did; the
// exit status is CMD's, or 12 when down failed (with a line naming what is left).
// run counts SIGINT and SIGTERM itself, from env up to the end of env down: the
// first stops env up (then env down removes what it made, exit 130 or 143), or
// goes to CMD (then env down runs); a second stops at once with the
// `cdba env down <name>` still to run.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { delimiter, join, resolve } from 'node:path';
import { constants as osConstants } from 'node:os';
import { escapeControl } from '../../base/sanitize.js';
import { CdbaError, CommandNotFoundError, EnvHeldError, EnvLeftError, InterruptedError, QuietExit, TerminatedError, UsageError } from '../../base/errors.js';
import { CREDENTIAL_VARIABLES } from '../../config/resolve.js';
import type { Context } from '../../core/context.js';
import { isExecutableFile, withoutCredentials } from '../shared/childProcess.js';
import { connectionVariables, type EnvConnection } from './connection.js';
import { runEnvDown } from './down.js';
import { bringUp, planUp, type UpFlags } from './up.js';

const NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** run- and six random characters: unique to the run, and a valid cluster name. */
export function runName(): string {
  return `run-${[...randomBytes(6)].map((byte) => NAME_ALPHABET[byte % NAME_ALPHABET.length]).join('')}`;
}

/** The descriptor of a process stream; undefined for the buffers of in-process tests. */
function fdOf(stream: unknown): number | undefined {
  const fd = (stream as { fd?: unknown }).fd;
  return typeof fd === 'number' ? fd : undefined;
}

/** The error a signal that stopped run before CMD ends it with: exit 130 (SIGINT) or 143 (SIGTERM), one line or JSON document. */
function stoppedBy(signal: NodeJS.Signals, message: string): InterruptedError | TerminatedError {
  return signal === 'SIGINT' ? new InterruptedError(message) : new TerminatedError(message);
}

/** A child killed by a signal: 128 + its number, as shells report it. */
function signalStatus(signal: NodeJS.Signals | null): number {
  return 128 + (signal ? (osConstants.signals[signal] ?? 1) : 1);
}

/**
 * CMD's environment: cdba's, without the variables that lead to cdba's credentials
 * (the point of run is that CMD holds one scoped database user, not a key that can
 * delete clusters), except those `keep` names; then the connection's variables.
 */
export function childEnvironment(env: NodeJS.ProcessEnv, keep: readonly string[], connection: EnvConnection): NodeJS.ProcessEnv {
  return { ...withoutCredentials(env, keep), ...Object.fromEntries(connectionVariables(connection)) };
}

/** --keep-env names a variable run holds back; any other is a mistake (a typo would pass nothing). */
function checkKeepEnv(keep: readonly string[]): void {
  const other = keep.find((name) => !CREDENTIAL_VARIABLES.includes(name));
  if (other !== undefined) {
    // The error line escapes control characters.
    throw new UsageError(`--keep-env ${other}: run holds back only the variables that lead to credentials (${CREDENTIAL_VARIABLES.join(', ')}); ${other} reaches CMD anyway`);
  }
}

/**
 * CMD as spawn will find it: a word with a slash is a path (from `cwd`), any other is
 * looked up on the PATH CMD gets (an empty entry is the current directory, as execvp
 * reads it). Answers the file, or undefined when there is none CMD could be started from.
 */
export function resolveCommand(word: string, env: NodeJS.ProcessEnv, cwd = process.cwd()): string | undefined {
  if (word.includes('/')) return isExecutableFile(resolve(cwd, word)) ? word : undefined;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    const candidate = join(resolve(cwd, dir), word);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

export type RunFlags = UpFlags & { name?: string; keepEnv?: string[]; diagnostics?: string };

export async function runRun(ctx: Context, words: string[], flags: RunFlags, dashDash: boolean): Promise<void> {
  if (!dashDash) throw new UsageError('run needs -- before the command: cdba run [flags] -- CMD ARGS...');
  if (words.length === 0) throw new UsageError('run needs a command after --: cdba run [flags] -- CMD ARGS...');
  const keep = flags.keepEnv ?? [];
  checkKeepEnv(keep);
  // Where the evidence goes when CMD fails: refused now (a file, a link, a directory with
  // anything in it), before anything is made; loaded only when asked for.
  const diagnostics = flags.diagnostics === undefined ? undefined : await import('./diagnostics.js');
  const diagnosticsDir = diagnostics?.checkDiagnosticsDir(flags.diagnostics!, '--diagnostics');
  // CMD found before anything is made: a typo costs no cluster (127, as a shell says it).
  if (resolveCommand(words[0]!, ctx.env) === undefined) {
    const where = words[0]!.includes('/') ? 'is not an executable file' : 'is not on PATH';
    throw new CommandNotFoundError(`run: ${words[0]} ${where}; nothing was made`, { hint: words[0]!.includes('/') ? 'check the path and its mode' : 'check its spelling, or give its path' });
  }
  const name = flags.name ?? runName();
  const plan = await planUp(ctx, name, flags, undefined);
  // (CMD's words are not repeated: they may hold anything.)
  plan.shareCommand = `${ctx.followUp('run', '--name', name, '--share')} -- <command>`;
  // A Ctrl-C while planning (nothing made yet) went to IO, as in any command.
  if (ctx.io.signal.aborted) throw new InterruptedError('interrupted; nothing was made');
  const downHint = ctx.followUp('env', 'down', name);
  // The window of the evidence starts now, on the service's clock (its events' and logs' times).
  const since = diagnostics ? await diagnostics.serviceNow(await ctx.api()) : undefined;
  const { whileSignalsTaken } = await import('../../base/io.js');

  // env up runs on a signal of its own, which the first signal aborts; env down
  // runs on ctx, whose signal nothing aborts while run counts the signals.
  const stopUp = new AbortController();
  const upCtx = ctx.withSignal(stopUp.signal);
  let phase: 'up' | 'cmd' | 'diagnose' | 'down' = 'up';
  let firstSignal: NodeJS.Signals | undefined;
  let child: ChildProcess | undefined;
  let childExited = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (firstSignal) ctx.io.stopWith(signalStatus(signal), { message: `stopped; the env is still there: run \`${downHint}\`` });
    firstSignal = signal;
    // Each line says what happens next, and that a second signal is a hard stop. (It is
    // also how one can tell cdba counted this one: two signals close together can merge.)
    const again = signal === 'SIGINT' ? 'a second Ctrl-C' : 'a second signal';
    if (phase === 'up') {
      ctx.io.note(`cdba: ${signal}: stopping env up, then env down ${name} removes what it made; ${again} stops at once`);
      stopUp.abort();
    } else if (phase === 'cmd') {
      ctx.io.note(`cdba: ${signal}: waiting for ${words[0]} to exit, then env down ${name}; ${again} stops at once`);
      // CMD first; env down runs once it has exited. A Ctrl-C typed at a terminal CMD
      // shares reaches CMD from the terminal itself (one foreground process group):
      // sending it again would be a second Ctrl-C to CMD, which many tools take as "quit now".
      const terminalDelivered = signal === 'SIGINT' && fdOf(ctx.io.in) !== undefined && ctx.io.inIsTTY;
      if (child && !childExited && !terminalDelivered) child.kill(signal);
    } else if (phase === 'diagnose') ctx.io.note(`cdba: ${signal}: finishing the diagnostics, then env down ${name}; ${again} stops at once`);
    else ctx.io.note(`cdba: ${signal}: finishing env down ${name}; ${again} stops at once`);
  };

  /** env down; when it fails, EnvLeftError (exit 12) saying why we got here and what is left. */
  const down = async (after: string, left: string): Promise<void> => {
    phase = 'down';
    try {
      await runEnvDown(ctx, name, {});
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new EnvLeftError(`${after}, but env down ${name} failed: ${why}; left: ${left}`, { hint: `remove it with \`${downHint}\`` });
    }
  };

  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await whileSignalsTaken(async () => {
      let connection: EnvConnection;
      try {
        connection = await bringUp(upCtx, plan);
      } catch (error) {
        if (firstSignal) {
          await down(`env up was stopped (${firstSignal})`, 'what env up made so far');
          throw stoppedBy(firstSignal, `stopped by ${firstSignal} during env up; env down ${name} removed what it made`);
        }
        // Refused before any request (no project, bad flags), or the env is another run's: nothing was made, so nothing to remove.
        if (error instanceof UsageError || error instanceof EnvHeldError) throw error;
        // Half made: remove it, then report why up failed.
        phase = 'down';
        const removed = await runEnvDown(ctx, name, {}).then(
          () => true,
          (downError: unknown) => {
            ctx.io.note(`cdba: env down ${name} failed too (${downError instanceof Error ? downError.message : String(downError)}); run \`${downHint}\``);
            return false;
          },
        );
        // up's hint ("`cdba env up X` again reuses it") is for an env that is still there; this one is gone.
        if (removed && error instanceof CdbaError) error.hint = `env down ${name} removed what env up made; nothing is left`;
        throw error;
      }
      ctx.io.note(`cdba: env ${name} is ready; running ${words[0]}`);
      phase = 'cmd';
      // A signal between up's end and here was counted (phase up) and found up done: CMD is not started.
      const code = firstSignal ? signalStatus(firstSignal) : await runChild(ctx, words, childEnvironment(ctx.env, keep, connection), (spawned) => (child = spawned));
      childExited = true;
      // CMD failed (a non-zero status, or killed): its evidence, before env down removes the env.
      // Whatever goes wrong here is reported and never changes CMD's status nor stops env down.
      if (diagnostics && diagnosticsDir !== undefined && child && code !== 0) {
        phase = 'diagnose';
        try {
          await diagnostics.collectDiagnostics(ctx, { name, cluster: name, projectId: plan.stateFile.projectId, client: await ctx.api(), since: since!, command: { word: words[0]!, status: code } }, diagnosticsDir);
        } catch (error) {
          ctx.io.note(`cdba: diagnostics not written: ${escapeControl(error instanceof Error ? error.message : String(error))}`);
        }
      }
      await down(`${firstSignal && !child ? `stopped (${firstSignal}) before ${words[0]} ran` : `${words[0]} exited ${code}`}`, `what env up made (cluster ${name} if it made it, user ${connection.username}, its access-list entry)`);
      // Stopped before CMD ran: a failure of cdba's, said as one; otherwise CMD's status is the answer.
      if (firstSignal && !child) throw stoppedBy(firstSignal, `stopped by ${firstSignal} before ${words[0]} ran; env down ${name} removed the env`);
      throw new QuietExit(code);
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await upCtx.close();
  }
}

/** Runs CMD in `env`; answers its exit status. */
async function runChild(ctx: Context, words: string[], env: NodeJS.ProcessEnv, started: (child: ChildProcess) => void): Promise<number> {
  // CMD writes straight to cdba's own stdout and stderr (a terminal stays a terminal);
  // streams without a descriptor (in-process tests) get its output copied.
  const outFd = fdOf(ctx.io.out);
  const errFd = fdOf(ctx.io.err);
  const inFd = fdOf(ctx.io.in);
  const child = spawn(words[0]!, words.slice(1), { stdio: [inFd === undefined ? 'ignore' : 'inherit', outFd ?? 'pipe', errFd ?? 'pipe'], env });
  started(child);
  child.stdout?.on('data', (chunk: Buffer) => ctx.io.out.write(chunk));
  child.stderr?.on('data', (chunk: Buffer) => ctx.io.err.write(chunk));
  return new Promise<number>((resolve) => {
    child.once('error', (error) => {
      ctx.io.note(`cdba: cannot run ${words[0]}: ${error.message}`);
      resolve(127);
    });
    child.once('close', (code, signal) => resolve(code ?? signalStatus(signal)));
  });
}
