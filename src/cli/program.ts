// The commander tree: global options, then one register function per command group.
import { Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { ERROR_FORMATS } from '../base/errorReport.js';
import { OUTPUT_FORMATS } from '../config/settings.js';
import { validateProfileName } from '../config/validate.js';
import { registerAccessList } from './access-list/index.js';
import { registerApi } from './api/index.js';
import { registerAuth } from './auth/index.js';
import { App, hardenTree, withExamples } from './command.js';
import { registerClusters } from './clusters/index.js';
import { registerCompletion } from './completion.js';
import { registerConnString } from './conn-string/index.js';
import { registerDbUsers } from './dbusers/index.js';
import { registerEmulator } from './emulator.js';
import { HELP_LAYOUT } from './helpLayout.js';
import { registerEnv, registerRun } from './env/index.js';
import { registerSearchIndexes } from './search-indexes/index.js';
import { registerOrgs } from './orgs.js';
import { registerPrivateIp } from './private-ip/index.js';
import { registerProjects } from './projects/index.js';
import { registerProfile } from './profile/index.js';
import { registerVersion } from './version.js';
import { registerVersions } from './versions.js';

const OUTPUT_VALUES: readonly string[] = [...OUTPUT_FORMATS, 'env', 'github'];

function outputFlag(value: string): string {
  if (OUTPUT_VALUES.includes(value)) return value;
  throw new InvalidArgumentError(`Allowed choices are ${OUTPUT_FORMATS.join(', ')} (and env, github for env up).`);
}

export function buildProgram(app: App): Command {
  const program = new Command('cdba')
    .description('Command-line tool for the MongoDB Atlas Administration API, with a local emulator')
    .version(app.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .addOption(new Option('-P, --profile <name>', 'profile to use (env CDBA_PROFILE); a name is letters, digits, ".", "_" and "-", at most 64').argParser((name) => validateProfileName(name, '-P/--profile')))
    .addOption(new Option('-o, --output <format>', 'output format (env CDBA_OUTPUT); env up also prints env or github')
        // Completion and help offer the document formats; env up's own two (src/cli/env) are accepted too, and refused by every other command.
        .choices(OUTPUT_FORMATS)
        .argParser(outputFlag))
    .option('--query <jmespath>', 'JMESPath expression applied to the result before formatting')
    .option('--project-id <id>', 'project (group) ID (env CDBA_PROJECT_ID)')
    .option('--api-version <version>', 'v1.0, or a date such as 2023-02-01 (env CDBA_API_VERSION)')
    .option('--base-url <url>', 'service base URL (env CDBA_BASE_URL)')
    .option('--timeout <duration>', 'deadline for each HTTP attempt: connect, headers and the whole body; a retry gets a new one; 0 means none (default 60s)')
    .option('--wide', 'tables and views on a terminal: every column and value in full, lines as long as they need (default: fit the terminal)')
    .option('--debug', 'trace HTTP on stderr, secrets redacted (env CDBA_DEBUG)')
    // Read by main() before parsing (src/base/errorReport.ts), so the parser's own errors follow it too; declared here for help and completion.
    .addOption(new Option('--error-format <format>', 'a failure on stderr as one line (text) or one JSON document (json) (env CDBA_ERROR_FORMAT)').choices(ERROR_FORMATS))
    .option('--no-color', 'disable colour (also NO_COLOR)')
    .option('-y, --yes', 'answer yes to confirmations')
    .showSuggestionAfterError(true)
    .showHelpAfterError(false)
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false, ...HELP_LAYOUT });

  withExamples(program, [
    ['Start the local emulator in the background, wait for its first line (printed once its profile is saved), list its clusters', 'rm -f emu.out; cdba emulator --write-profile local > emu.out & until [ -s emu.out ]; do sleep 0.1; done; cdba -P local clusters list'],
    ['Names of all clusters, one per line', "cdba clusters list --all -o json --query 'results[].name' | jq -r '.[]'"],
    ['Help for one command (the same as cdba clusters create --help)', 'cdba help clusters create'],
  ]);

  registerClusters(program, app);
  registerPrivateIp(program, app);
  registerProjects(program, app);
  registerOrgs(program, app);
  registerAccessList(program, app);
  registerConnString(program, app);
  registerDbUsers(program, app);
  registerSearchIndexes(program, app);
  registerEnv(program, app);
  registerRun(program, app);
  registerApi(program, app);
  registerProfile(program, app);
  registerAuth(program, app);
  registerEmulator(program, app);
  registerCompletion(program, app);
  registerVersion(program, app);
  registerVersions(program, app);
  hardenTree(program as never);
  return program as unknown as Command;
}
