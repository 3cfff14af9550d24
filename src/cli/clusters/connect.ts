// `cdba clusters connect <name> [-- mongosh args]`: runs mongosh with the
// cluster's connection string, picked as `conn-string get` picks it (--type,
// --endpoint, --no-srv). mongosh shares the terminal (stdio inherited) and cdba
// exits with its status. --username passes a user name; the password is
// mongosh's own prompt, never argv. --print shows the command instead. mongosh
// gets cdba's environment without the credential variables (as `run`'s CMD), and
// a string from the service that is not a mongodb:// or mongodb+srv:// URI is refused.
import { spawn } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import { delimiter, join } from 'node:path';
import { Option, type Command } from '@commander-js/extra-typings';
import { InvalidResponseError } from '../../api/errors.js';
import type { ConnectionKind, ConnectionStringEntry } from '../../connstring/index.js';
import type { Context } from '../../core/context.js';
import { shellWord } from '../../base/shellWord.js';
import { QuietExit, UsageError } from '../../base/errors.js';
import { capText, escapeControl } from '../../base/sanitize.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { chooseConnectionString, CONNECTION_TYPES, resolveChoice } from '../conn-string/public.js';
import { isExecutableFile, withoutCredentials } from '../shared/childProcess.js';
import { checkClusterName } from './target.js';

export const MONGOSH_INSTALL_HINT = 'install it from https://www.mongodb.com/try/download/shell (or: brew install mongosh, npm install -g mongosh)';

export interface ConnectFlags {
  type: ConnectionKind;
  typeGiven: boolean;
  srv: boolean;
  endpoint?: string;
  username?: string;
  print?: boolean;
}

export function registerClustersConnect(parent: Command, app: App): void {
  const command = parent
    .command('connect')
    .description('open mongosh on a cluster (its connection string picked as conn-string get does); exits with mongosh\'s status')
    .summary('open mongosh on a cluster')
    .addArgument(completedArgument('<name>', 'cluster name', lookup('clusters')))
    .argument('[mongosh-args...]', 'arguments after -- go to mongosh as they are')
    .addOption(new Option('--type <type>', 'connection type').choices(CONNECTION_TYPES).default('standard' as ConnectionKind))
    .option('--no-srv', 'the host-list form (mongodb://host:port,...) instead of SRV')
    .option('--endpoint <id>', 'the string of this private endpoint (implies --type private-endpoint)')
    .option('--username <user>', 'database user; mongosh asks for the password itself')
    .option('--print', 'print the mongosh command instead of running it')
    .action(async (name, mongoshArgs, options, cmd) =>
      runClustersConnect(app.context(cmd), name, mongoshArgs, { ...options, typeGiven: cmd.getOptionValueSource('type') === 'cli' }),
    );
  withExamples(command, [
    ['Open a shell as a database user (mongosh asks for the password)', 'cdba clusters connect c1 --username app'],
    ['Run one command and pipe its answer on', "cdba clusters connect c1 --username app -- --quiet --eval 'db.stats().dataSize' | tee size.txt"],
    ['The command, for a script or another machine', 'cdba clusters connect c1 --type private --no-srv --print'],
  ]);
}

/** The first executable file `mongosh` on PATH, if any (a directory of that name is not one). */
function findOnPath(command: string, env: NodeJS.ProcessEnv): string | undefined {
  const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const ext of extensions) {
      const candidate = join(dir, command + ext);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * The chosen string is server text that becomes mongosh's first argument: one that is not
 * a mongodb:// or mongodb+srv:// URI (say `--eval=...`) would be read as an option. Such an
 * answer is damaged (exit 7, as any answer that is not what it should be), and refused
 * before mongosh runs or the command is printed.
 */
function checkUri(cluster: string, chosen: ConnectionStringEntry): void {
  if (chosen.parsed !== undefined && /^mongodb(\+srv)?:\/\//.test(chosen.uri)) return;
  // The line is escaped for the terminal where it is written (io.note); capped here.
  throw new InvalidResponseError(`the service's connection string ${chosen.field} of cluster "${cluster}" is not a mongodb:// or mongodb+srv:// URI: "${capText(chosen.uri, 100)}"; mongosh was not run`, {
    hint: 'retry later; if it persists, check the base URL',
  });
}

export async function runClustersConnect(ctx: Context, name: string, mongoshArgs: string[], flags: ConnectFlags): Promise<void> {
  const choice = resolveChoice(flags);
  checkClusterName(name);
  if (flags.username !== undefined && flags.username.trim() === '') throw new UsageError('--username needs a user name');
  // Looked for first: without mongosh there is nothing to ask the service for.
  const mongosh = flags.print ? 'mongosh' : findOnPath('mongosh', ctx.env);
  if (mongosh === undefined) throw new UsageError('mongosh is not on PATH', { hint: MONGOSH_INSTALL_HINT });
  const chosen = await chooseConnectionString(ctx, name, choice);
  checkUri(name, chosen);
  const args = [chosen.uri, ...(flags.username !== undefined ? ['--username', flags.username] : []), ...mongoshArgs];
  if (flags.print) {
    // The string is server text: escaped, as this line may be pasted into a shell.
    ctx.io.write(`${['mongosh', escapeControl(chosen.uri), ...args.slice(1)].map(shellWord).join(' ')}\n`);
    return;
  }
  const { whileChildRuns } = await import('../../base/io.js');
  const status = await whileChildRuns(
    () =>
      new Promise<number>((resolve, reject) => {
        // cdba's credentials stay with cdba: mongosh gets the environment without them, as `run`'s CMD does.
        const child = spawn(mongosh, args, { stdio: 'inherit', env: withoutCredentials(ctx.env) });
        child.once('error', (error) => reject(new UsageError(`cannot run ${mongosh}: ${error.message}`, { hint: MONGOSH_INSTALL_HINT })));
        child.once('exit', (code, signal) => resolve(code ?? 128 + signalNumber(signal)));
      }),
  );
  throw new QuietExit(status);
}

/** A child killed by a signal: 128 + its number, as shells report it. */
function signalNumber(signal: NodeJS.Signals | null): number {
  return signal ? (osConstants.signals[signal] ?? 1) : 1;
}
