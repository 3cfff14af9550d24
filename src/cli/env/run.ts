// `cdba run [--name <name>] [env up flags] -- CMD ARGS...`: env up, CMD with the
// connection in its environment (never on argv), env down whatever CMD did; the
// exit status is CMD's, or 12 when down failed (with a line naming what is left).
// SIGINT and SIGTERM go to CMD first, then down runs; a second one stops at once
// with the `cdba env down <name>` still to run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants as osConstants } from 'node:os';
import { EnvLeftError, InterruptedError, QuietExit, UsageError } from '../../base/errors.js';
import { onTerminate, takeOverTerminate } from '../../base/terminate.js';
import type { Context } from '../../core/context.js';
import { connectionVariables, type EnvConnection } from './connection.js';
import { runEnvDown } from './down.js';
import { bringUp, planUp, type UpFlags } from './up.js';

const NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** run- and six random characters: unique to the run, and a valid cluster name. */
export function runName(): string {
  return `run-${[...randomBytes(6)].map((byte) => NAME_ALPHABET[byte % NAME_ALPHABET.length]).join('')}`;
}

/** A child killed by a signal: 128 + its number, as shells report it. */
function signalStatus(signal: NodeJS.Signals | null): number {
  return 128 + (signal ? (osConstants.signals[signal] ?? 1) : 1);
}

export async function runRun(ctx: Context, words: string[], flags: UpFlags & { name?: string }, dashDash: boolean): Promise<void> {
  if (!dashDash) throw new UsageError('run needs -- before the command: cdba run [flags] -- CMD ARGS...');
  if (words.length === 0) throw new UsageError('run needs a command after --: cdba run [flags] -- CMD ARGS...');
  const name = flags.name ?? runName();
  const plan = await planUp(ctx, name, flags, undefined);
  const downHint = ctx.followUp('env', 'down', name);

  let connection: EnvConnection;
  // SIGTERM while up runs ends cdba at once (the launcher's handler); what up made so far is in the state file.
  const forgetTerminateNote = onTerminate(() => ctx.io.note(`cdba: terminated during env up; remove what it made so far with \`${downHint}\``));
  try {
    connection = await bringUp(ctx, plan);
  } catch (error) {
    if (error instanceof InterruptedError || ctx.io.signal.aborted) {
      ctx.io.note(`cdba: interrupted; remove what env up made so far with \`${downHint}\``);
      throw error;
    }
    // Refused before any request (no project, bad flags): nothing was made, so nothing to remove.
    if (error instanceof UsageError) throw error;
    // Half made: remove it, then report why up failed.
    await runEnvDown(ctx, name, {}).catch((downError: unknown) => {
      ctx.io.note(`cdba: env down ${name} failed too (${downError instanceof Error ? downError.message : String(downError)}); run \`${downHint}\``);
    });
    throw error;
  } finally {
    forgetTerminateNote();
  }
  ctx.io.note(`cdba: env ${name} is ready; running ${words[0]}`);

  const { whileChildRuns } = await import('../../base/io.js');
  const status = await whileChildRuns(async () => {
    const code = await runChild(ctx, words, connection, name, downHint);
    try {
      await runEnvDown(ctx, name, {});
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new EnvLeftError(`${words[0]} exited ${code}, but env down ${name} failed: ${why}; left: what env up made (cluster ${name} if it made it, user ${connection.username}, its access-list entry)`, {
        hint: `remove it with \`${downHint}\``,
      });
    }
    return code;
  });
  throw new QuietExit(status);
}

/** Runs CMD with the variables added to cdba's environment; answers its exit status. */
async function runChild(ctx: Context, words: string[], connection: EnvConnection, name: string, downHint: string): Promise<number> {
  const env = { ...ctx.env, ...Object.fromEntries(connectionVariables(connection)) };
  // CMD writes straight to cdba's own stdout and stderr (a terminal stays a terminal);
  // streams without a descriptor (in-process tests) get its output copied.
  const fdOf = (stream: unknown): number | undefined => {
    const fd = (stream as { fd?: unknown }).fd;
    return typeof fd === 'number' ? fd : undefined;
  };
  const outFd = fdOf(ctx.io.out);
  const errFd = fdOf(ctx.io.err);
  const inFd = fdOf(ctx.io.in);
  const child = spawn(words[0]!, words.slice(1), { stdio: [inFd === undefined ? 'ignore' : 'inherit', outFd ?? 'pipe', errFd ?? 'pipe'], env });
  child.stdout?.on('data', (chunk: Buffer) => ctx.io.out.write(chunk));
  child.stderr?.on('data', (chunk: Buffer) => ctx.io.err.write(chunk));
  let signals = 0;
  let exited = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    signals += 1;
    if (signals > 1) {
      ctx.io.note(`cdba: stopped; the env is still there: run \`${downHint}\``);
      // eslint-disable-next-line no-restricted-properties -- a second signal stops at once, as IO's second Ctrl-C does
      process.exit(130);
    }
    // Says what happens next, and that a second signal is a hard stop. (It is also
    // how one can tell cdba counted this one: two signals close together can merge.)
    const again = signal === 'SIGINT' ? 'a second Ctrl-C' : 'a second signal';
    ctx.io.note(`cdba: ${signal}: waiting for ${words[0]} to exit, then env down ${name}; ${again} stops at once`);
    // CMD first; env down runs once it has exited. A Ctrl-C typed at a terminal CMD
    // shares reaches CMD from the terminal itself (one foreground process group):
    // sending it again would be a second Ctrl-C to CMD, which many tools take as "quit now".
    const terminalDelivered = signal === 'SIGINT' && inFd !== undefined && ctx.io.inIsTTY;
    if (!exited && !terminalDelivered) child.kill(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // From here SIGTERM is run's: CMD gets it, then env down runs (the launcher's handler would exit 143 at once).
  takeOverTerminate();
  try {
    return await new Promise<number>((resolve) => {
      child.once('error', (error) => {
        ctx.io.note(`cdba: cannot run ${words[0]}: ${error.message}`);
        resolve(127);
      });
      child.once('close', (code, signal) => {
        exited = true;
        resolve(code ?? signalStatus(signal));
      });
    });
  } finally {
    // Signals stay ours while env down runs: a second one stops at once with the line above.
    if (signals === 0) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
}
