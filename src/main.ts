// Entry point: parse argv, run one command, map any error to one stderr line
// and an exit code. The launcher (bin/cdba.js) only sets process.exitCode.
import { watchIntervalsFromEnv } from './core/watch.js';
import { CommanderError } from '@commander-js/extra-typings';
import { version } from '../package.json';
import { App } from './cli/command.js';
import { addGroups, buildProgram } from './cli/program.js';
import type { ContextOptions } from './core/context.js';
import { CdbaError, ExitCode, InterruptedError, QuietExit, UsageError, exitCodeFor, type Remedy } from './base/errors.js';
import { shellWord } from './base/shellWord.js';
import { withContext, type InvocationContext } from './core/hints.js';
import { IO } from './base/io.js';
import { ERROR_FORMATS, errorFormatFrom, errorReport, formatErrorReport, usageErrorReport, type ErrorFormat } from './base/errorReport.js';

export { IO };
export const VERSION: string = version;

/** A command tree built before the run (prebuildProgram), for one main() call. */
export interface PrebuiltProgram {
  app: App;
  program: ReturnType<typeof buildProgram>;
}

/**
 * The command tree, built ahead of the run: the single executable builds it
 * while its start-up snapshot is taken (with the groups of `argv`, its common
 * calls; main() adds any other a run needs), so that no run builds it again. Its
 * actions reach the run's io and environment through the App, which main()
 * binds. A commander tree parses once, so it serves one main() call.
 */
export function prebuildProgram(argv?: readonly string[]): PrebuiltProgram {
  const app = new App(IO.test(), {}, VERSION);
  return { app, program: buildProgram(app, argv) };
}

/**
 * Runs one command and returns its exit code. `options` is the seam for
 * in-process tests (shorter watch intervals, a ready API client); the launcher passes none.
 */
export async function main(argv: string[], env: NodeJS.ProcessEnv, io: IO = IO.fromProcess(env), options: ContextOptions = {}, prebuilt?: PrebuiltProgram): Promise<number> {
  prebuilt?.app.bind(io, env, options);
  const app = prebuilt?.app ?? new App(io, env, VERSION, options);
  // Only the command group argv names is built (every group for help, completion or an unknown word).
  if (prebuilt) addGroups(prebuilt.program, app, argv);
  const program = prebuilt?.program ?? buildProgram(app, argv);
  let usageError = '';
  program.exitOverride();
  program.configureOutput({
    writeOut: (text) => io.write(text),
    writeErr: (text) => io.err.write(text),
    // Help is wrapped to the terminal it is written to, and to 80 columns elsewhere (as commander does).
    getOutHelpWidth: () => (io.outIsTTY && io.columns > 0 ? io.columns : 80),
    getErrHelpWidth: () => (io.errIsTTY && io.columns > 0 ? io.columns : 80),
    outputError: (text) => {
      usageError = text;
    },
  });
  for (const command of allCommands(program)) {
    command.exitOverride();
    command.configureOutput(program.configureOutput());
  }
  // Read before parsing, so that the parser's own errors take the asked-for form too.
  const errors = errorFormatFrom(argv, env);
  // A stop outside the report below (SIGTERM, run's second signal) says itself in the same form.
  io.errorFormat = errors.format;
  try {
    if (errors.invalid !== undefined) {
      throw new UsageError(`invalid --error-format "${errors.invalid}" (or CDBA_ERROR_FORMAT): expected ${ERROR_FORMATS.join(' or ')}`);
    }
    // Read when a watch starts; checked here, so that a bad value stops the run before any request.
    watchIntervalsFromEnv(env);
    await program.parseAsync(argv, { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) return commanderExit(io, error, oneNamePerCommand(usageError, commandAt(program, argv)), commandPath(program, argv), errors.format);
    if (error instanceof QuietExit) return error.status;
    const shown = io.signal.aborted && !(error instanceof CdbaError) ? new InterruptedError('interrupted') : error;
    await app.explain(shown);
    reportError(io, shown, app.debug, program.opts() as InvocationContext, argv, env, errors.format);
    return exitCodeFor(shown);
  } finally {
    const ran = commandPath(program, argv);
    lastCommand = UNCACHED.has(ran) ? undefined : ran;
    await app.close();
  }
}

let lastCommand: string | undefined;
// The emulator runs until it is stopped, and its code is a third of the bundle's:
// in the cache, every other command would read it in at each start.
const UNCACHED = new Set(['cdba emulator']);

/**
 * The command the last main() call ran, by its names ("cdba clusters list"), or
 * undefined before any, or for the emulator: the launcher adds a command it has
 * not seen to the V8 code cache (bin/codeCache.js), so that the cache holds the
 * code of each command a user runs, and writes no cache for an undefined one.
 */
export function ranCommand(): string | undefined {
  return lastCommand;
}

type AnyCommand = ReturnType<typeof buildProgram>;

function allCommands(command: AnyCommand): AnyCommand[] {
  return (command.commands as AnyCommand[]).flatMap((c) => [c, ...allCommands(c)]);
}

/** The deepest command named in argv (the one whose subcommand was not found). */
function commandAt(program: AnyCommand, argv: string[]): AnyCommand {
  let current = program;
  for (const word of argv) {
    const next = (current.commands as AnyCommand[]).find((c) => c.name() === word || c.aliases().includes(word));
    if (next && next.name() !== 'help') current = next;
  }
  return current;
}

/**
 * Commander suggests a command's aliases beside its name ("did you mean one of list,
 * ls?"): one command is suggested once, by its name.
 */
function oneNamePerCommand(message: string, parent: AnyCommand): string {
  return message.replace(/\(Did you mean (?:one of )?([^?]*)\?\)/, (whole, list: string) => {
    const names = [
      ...new Set(
        list.split(', ').map((candidate) => (parent.commands as AnyCommand[]).find((c) => c.name() === candidate || c.aliases().includes(candidate))?.name() ?? candidate),
      ),
    ];
    return `(Did you mean ${names.length > 1 ? 'one of ' : ''}${names.join(', ')}?)`;
  });
}

/** The deepest command named in argv, for the "see cdba <path> --help" hint. */
function commandPath(program: AnyCommand, argv: string[]): string {
  const names: string[] = [];
  let current = program;
  for (const word of argv) {
    const next = (current.commands as AnyCommand[]).find((c) => c.name() === word || c.aliases().includes(word));
    if (next?.name() === 'help') continue; // `cdba help clusters x`: the hint is about the command that has no x
    if (next) {
      names.push(next.name());
      current = next;
    }
  }
  return ['cdba', ...names].join(' ');
}

/** Help and version exit 0; every other commander error is a usage error (2). */
function commanderExit(io: IO, error: CommanderError, message: string, path: string, format: ErrorFormat = 'text'): number {
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
  // `cdba help` exits 0; a group run without a subcommand prints help and is a usage error.
  if (error.code === 'commander.help') return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  const text = (message || error.message)
    .replace(/^error:\s*/i, '')
    .replace(/\n\(Did you mean (.*)\?\)/, ' (did you mean $1?)')
    .replace(/\s*\n\s*/g, ' ')
    .trim()
    .replace(/\.$/, '');
  if (format === 'json') io.errorDocument(formatErrorReport(usageErrorReport(text, `see '${path} --help'`)));
  else io.note(`cdba: ${text}; see '${path} --help'`);
  return ExitCode.usage;
}

export function reportError(io: IO, error: unknown, debug: boolean, context: InvocationContext = {}, argv?: string[], env: NodeJS.ProcessEnv = {}, format: ErrorFormat = 'text'): void {
  // A command the hint suggests runs where this one did (-P, --project-id, ...); the
  // layers below name a setting to change (remedy), and here it becomes a flag.
  const remedy = error instanceof CdbaError && error.remedy && (rerunHint(error.remedy, argv) ?? withContext(remedyHint(error.remedy, env, argv), context));
  const hint = error instanceof CdbaError ? [error.hint && withContext(error.hint, context), remedy].filter(Boolean).join(', or ') : '';
  io.onFailure?.(error instanceof CdbaError ? error.message : `unexpected error: ${(error as Error)?.message ?? String(error)}`, hint || undefined);
  if (format === 'json') {
    io.errorDocument(formatErrorReport(errorReport(error, hint || undefined)));
  } else if (error instanceof CdbaError) {
    // io.note escapes control characters in the message (server text) before colouring it.
    io.note(`cdba: ${error.message}${hint ? `; ${hint}` : ''}`, 'red');
  } else {
    io.note(`cdba: unexpected error: ${(error as Error)?.message ?? String(error)}`, 'red');
  }
  if (debug && error instanceof Error && error.stack) for (const line of error.stack.split('\n')) io.trace(line);
}

/**
 * For a remedy that is "the same at a newer version": the command as the user typed it
 * (so with their -P, --project-id, --base-url and arguments; cdba takes no secret on
 * argv), its --api-version replaced.
 */
function rerunHint(remedy: Remedy, argv: string[] | undefined): string | undefined {
  if (remedy.setting !== 'apiVersion' || !remedy.orNewer || !remedy.version || !argv) return undefined;
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--api-version') i++;
    else if (!argv[i]!.startsWith('--api-version=')) words.push(argv[i]!);
  }
  return `use --api-version ${remedy.version} or newer: ${['cdba', ...words, '--api-version', remedy.version].map(shellWord).join(' ')}`;
}

/** A remedy in the CLI's words: the flag that changes the setting (for paging, the command's own: `argv`). */
export function remedyHint(remedy: Remedy, env: NodeJS.ProcessEnv = {}, argv: string[] = []): string {
  switch (remedy.setting) {
    case 'timeout':
      return 'raise --timeout to wait longer';
    case 'page':
      // `api PATH --paginate` has no page flag, `api OPERATION --all` the operation's --page-num, a list --page.
      if (argv.includes('--paginate')) return 'read one page at a time without --paginate (pageNum=N in the path)';
      return argv.includes('api') ? 'read one page at a time with --page-num instead of --all' : 'read one page at a time with --page instead of --all';
    case 'credentials':
      if (remedy.kind === 'none') {
        return 'no credentials are set: add publicKey/privateKey or clientId/clientSecret to the profile, or set CDBA_PUBLIC_KEY/CDBA_PRIVATE_KEY';
      }
    {
      // The environment overrides the profile: name the variables that supplied the key.
      const names = remedy.kind === 'apiKey' ? ['CDBA_PUBLIC_KEY', 'CDBA_PRIVATE_KEY'] : ['CDBA_CLIENT_ID', 'CDBA_CLIENT_SECRET'];
      const fromEnv = names.filter((name) => env[name]);
      if (fromEnv.length > 0) return `check ${fromEnv.join(' and ')}, set in the environment, which overrides the profile (cdba profile show)`;
      return `check the profile's ${remedy.kind === 'apiKey' ? 'publicKey/privateKey' : 'clientId/clientSecret'} (cdba profile show)`;
    }
    case 'credentialPair':
      return `set both (cdba profile set), or use ${remedy.kind === 'apiKey' ? 'CDBA_PUBLIC_KEY and CDBA_PRIVATE_KEY' : 'CDBA_CLIENT_ID and CDBA_CLIENT_SECRET'}`;
    case 'apiVersion':
      if (remedy.version) return `use --api-version ${remedy.version}${remedy.orLater ? ' or later' : remedy.orNewer ? ' or newer' : ''}${remedy.orV1 ? ', or v1.0' : ''}`;
      return `pick a version the service supports with --api-version (this cdba knows ${remedy.known ?? 'none for this path'})`;
  }
}
