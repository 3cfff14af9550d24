// The commander tree: global options, then one register function per command group.
import { Command, InvalidArgumentError, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { ERROR_FORMATS } from '../base/errorReport.js';
import { OUTPUT_FORMATS } from '../config/settings.js';
import { validateProfileName } from '../config/validate.js';
import { parseDuration } from '../core/duration.js';
import { registerHintCommands } from '../core/hints.js';
import { registerAccessList } from './access-list/index.js';
import { registerApi } from './api/index.js';
import { registerAuth } from './auth/index.js';
import { App, completes, hardenTree, ownOutputsOf, PROFILES, withExamples } from './command.js';
import { registerClusters } from './clusters/index.js';
import { registerCompletion } from './completion/index.js';
import { registerConnString } from './conn-string/index.js';
import { registerDbUsers } from './dbusers/index.js';
import { registerEmulator } from './emulator.js';
import { HELP_LAYOUT } from './helpLayout.js';
import { registerEnv, registerRun } from './env/index.js';
import { registerSearchIndexes } from './search-indexes/index.js';
import { registerAlerts } from './alerts/index.js';
import { registerBackups } from './backups/index.js';
import { registerEvents } from './events/index.js';
import { registerAccessLogs } from './access-logs/index.js';
import { FROM_SNAPSHOT_STEP } from './backups/envStep.js';
import { registerEnvStep } from './envStep.js';
import { SEARCH_STEP } from './search-indexes/envStep.js';
import { registerOrgs } from './projects/orgs.js';
import { registerPeering } from './peering/index.js';
import { registerPrivateEndpoints } from './private-endpoints/index.js';
import { registerMetrics } from './metrics/index.js';
import { registerPrivateIp } from './private-ip/index.js';
import { registerProcesses } from './processes/index.js';
import { registerLogs } from './logs/index.js';
import { registerPerformanceAdvisor } from './performance-advisor/index.js';
import { registerProjects } from './projects/index.js';
import { registerProfile } from './profile/index.js';
import { registerVersion } from './version.js';
import { registerVersions } from './versions.js';

type TreeCommand = CommandUnknownOpts;

/** The commands that print -o values of their own (withOwnOutputs: env up's env and github), by path. */
function ownOutputs(command: TreeCommand, path: string[] = []): Array<{ path: string; values: readonly string[] }> {
  const here = ownOutputsOf(command).length > 0 ? [{ path: path.join(' '), values: ownOutputsOf(command) }] : [];
  return [...here, ...command.commands.flatMap((sub) => ownOutputs(sub, [...path, sub.name()]))];
}

/** The global -o: a document format, or a value some command prints (refused by every other command, src/config/validate.ts). */
function outputFlag(program: TreeCommand) {
  return (value: string): string => {
    const own = ownOutputs(program);
    if ((OUTPUT_FORMATS as readonly string[]).includes(value) || own.some((o) => o.values.includes(value))) return value;
    const extra = own.map((o) => `${o.values.join(', ')} for ${o.path}`).join('; ');
    throw new InvalidArgumentError(`Allowed choices are ${OUTPUT_FORMATS.join(', ')}${extra ? ` (and ${extra})` : ''}.`);
  };
}

// The env steps env up and run take (src/cli/envStep.ts): one line per step, in the order of their flags in help.
registerEnvStep(SEARCH_STEP);
registerEnvStep(FROM_SNAPSHOT_STEP);

const OUTPUT_DESCRIPTION = 'output format (env CDBA_OUTPUT)';

function rootCommand(app: App): Command {
  const program = new Command('cdba')
    .description('Command-line tool for the MongoDB Atlas Administration API, with a local emulator')
    .version(app.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .addOption(completes(new Option('-P, --profile <name>', 'profile to use (env CDBA_PROFILE); a name is letters, digits, ".", "_" and "-", at most 64').argParser((name) => validateProfileName(name, '-P/--profile')), PROFILES))
    // Completion and help offer the document formats; the values a command prints of its own
    // (env up's env and github) are accepted too, and named once the tree is built (below).
    .addOption(new Option('-o, --output <format>', OUTPUT_DESCRIPTION).choices(OUTPUT_FORMATS))
    .option('--query <jmespath>', 'JMESPath expression applied to the result before formatting')
    .option('--project-id <id>', 'project (group) ID (env CDBA_PROJECT_ID)')
    .option('--api-version <version>', 'v1.0, or a date such as 2023-02-01 (env CDBA_API_VERSION)')
    .option('--base-url <url>', 'service base URL (env CDBA_BASE_URL)')
    // Checked as it is parsed, with the other global options: every command refuses a bad one, not only those that send requests.
    .option('--timeout <duration>', 'deadline for each HTTP attempt: connect, headers and the whole body (not the time a log download waits for a slow reader); a retry gets a new one; 0 means none (default 60s)', (value: string) => {
      parseDuration(value, '--timeout');
      return value;
    })
    .option('--wide', 'tables and views on a terminal: every column and value in full, lines as long as they need (default: fit the terminal)')
    .option('--debug', 'trace HTTP on stderr, secrets redacted (env CDBA_DEBUG)')
    // Read by main() before parsing (src/base/errorReport.ts), so the parser's own errors follow it too; declared here for help and completion.
    .addOption(new Option('--error-format <format>', 'a failure on stderr as one line (text) or one JSON document (json) (env CDBA_ERROR_FORMAT)').choices(ERROR_FORMATS))
    .option('--no-color', 'disable colour (also NO_COLOR)')
    .option('-y, --yes', 'answer yes to confirmations')
    .showSuggestionAfterError(true)
    .showHelpAfterError(false)
    .configureHelp({ showGlobalOptions: false, sortSubcommands: false, ...HELP_LAYOUT });

  withExamples(program, [
    ['Start the local emulator in the background, wait for its first line (printed once its profile is saved), list its clusters', 'rm -f emu.out; cdba emulator --write-profile local > emu.out & until [ -s emu.out ]; do sleep 0.1; done; cdba -P local clusters list'],
    ['Names of all clusters, one per line', "cdba clusters list --all -o json --query 'results[].name' | jq -r '.[]'"],
    ['Help for one command (the same as cdba clusters create --help)', 'cdba help clusters create'],
  ]);
  // The values commands print of their own are read from the tree when -o is parsed, after every group argv needs is built.
  program.options.find((option) => option.long === '--output')!.argParser(outputFlag(program as unknown as TreeCommand));
  return program as unknown as Command;
}

/**
 * The top-level commands, each with the words that name it. A run builds only the
 * group its words name (src/cli/tree.ts walks whole trees for completion, man pages
 * and help, which build every group): each group's commands, options and help text
 * are some 10% of a call's start-up (test/bench/RESULTS.md).
 */
const GROUPS: ReadonlyArray<{ names: readonly string[]; register: (program: Command, app: App) => void; wholeTree?: true }> = [
  { names: ['clusters'], register: registerClusters },
  { names: ['private-ip'], register: registerPrivateIp },
  { names: ['projects'], register: registerProjects },
  { names: ['orgs'], register: registerOrgs },
  { names: ['access-list'], register: registerAccessList },
  { names: ['conn-string'], register: registerConnString },
  { names: ['dbusers'], register: registerDbUsers },
  { names: ['peering'], register: registerPeering },
  { names: ['private-endpoints'], register: registerPrivateEndpoints },
  { names: ['search-indexes'], register: registerSearchIndexes },
  { names: ['alerts'], register: registerAlerts },
  { names: ['backups'], register: registerBackups },
  { names: ['processes'], register: registerProcesses },
  { names: ['metrics'], register: registerMetrics },
  { names: ['logs'], register: registerLogs },
  { names: ['performance-advisor'], register: registerPerformanceAdvisor },
  { names: ['events'], register: registerEvents },
  { names: ['access-logs'], register: registerAccessLogs },
  { names: ['env'], register: registerEnv },
  { names: ['run'], register: registerRun },
  { names: ['api'], register: registerApi },
  { names: ['profile'], register: registerProfile },
  { names: ['auth'], register: registerAuth },
  { names: ['emulator'], register: registerEmulator },
  // Completion scripts and `__complete` read the whole tree and every group's lookups.
  { names: ['completion', '__complete'], register: registerCompletion, wholeTree: true },
  { names: ['version'], register: registerVersion },
  { names: ['versions'], register: registerVersions },
];

/** Every top-level command's name, in the order help lists them. */
export const TOP_LEVEL_NAMES: readonly string[] = GROUPS.flatMap((group) => group.names);

// Hints that suggest one of these commands carry the invocation's -P, --project-id, ...
registerHintCommands(TOP_LEVEL_NAMES);

/**
 * The one group argv runs, or undefined when the run needs every group: no command
 * word (root help, --version), `help` without a group, an unknown word (commander
 * suggests a near name from all), a flag the root does not declare before the
 * command word, short flags run together or with their value attached (`-yo`,
 * `-ojson`), a -o value no document format is (some command's own, or refused
 * naming every command's), or a command that reads the whole tree.
 */
function groupNamedBy(program: CommandUnknownOpts, argv: readonly string[]): (typeof GROUPS)[number] | undefined {
  for (let i = 0; i < argv.length && argv[i] !== '--'; i++) {
    const word = argv[i]!;
    if (/^-[^-]./.test(word)) return undefined;
    const output = word === '-o' || word === '--output' ? argv[i + 1] : word.startsWith('--output=') ? word.slice('--output='.length) : undefined;
    if (output !== undefined && !(OUTPUT_FORMATS as readonly string[]).includes(output)) return undefined;
  }
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word.startsWith('-')) {
      const option = program.options.find((o) => o.long === word.split('=')[0] || o.short === word);
      if (!option || option.long === '--version') return undefined;
      if ((option.required || option.optional) && !word.includes('=')) i++; // its value
      continue;
    }
    const group = GROUPS.find((g) => g.names.includes((word === 'help' ? argv[i + 1] : word) ?? ''));
    return group?.wholeTree ? undefined : group;
  }
  return undefined;
}

/**
 * Adds to the tree the groups argv needs (every group without argv) that it does
 * not hold yet; the single executable's prebuilt tree gets the rest of a run's groups here.
 */
export function addGroups(program: Command, app: App, argv?: readonly string[]): void {
  const tree = program as unknown as TreeCommand;
  const named = argv && groupNamedBy(tree, argv);
  const missing = (named ? [named] : GROUPS).filter((group) => !tree.commands.some((command) => command.name() === group.names[0]));
  if (missing.length === 0) return;
  for (const group of missing) group.register(program, app);
  // Commands keep the order of GROUPS, whichever were built first (help lists them so).
  const order = (command: TreeCommand): number => {
    const at = TOP_LEVEL_NAMES.indexOf(command.name());
    return at < 0 ? TOP_LEVEL_NAMES.length : at;
  };
  (tree.commands as TreeCommand[]).sort((a, b) => order(a) - order(b));
  const output = tree.options.find((option) => option.long === '--output')!;
  output.description = OUTPUT_DESCRIPTION + ownOutputs(tree).map((o) => `; ${o.path} also prints ${o.values.join(' or ')}`).join('');
  hardenTree(program as never);
}

/** The command tree, with the groups argv needs (every group without argv). */
export function buildProgram(app: App, argv?: readonly string[]): Command {
  const program = rootCommand(app);
  addGroups(program, app, argv);
  return program;
}
