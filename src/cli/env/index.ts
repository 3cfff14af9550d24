// `cdba env up|down` and `cdba run -- CMD`: a disposable database for a CI job
// (issue 28). Only the flags are declared here; the handlers load when run.
import { type Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { CREDENTIAL_VARIABLES } from '../../config/resolve.js';
import { commanderOption } from '../envStep.js';
import { collect, completedArgument, lookup, withDetails, withExamples, withOwnOutputs, type App } from '../command.js';
import { upOptions, type UpFlags } from './options.js';
import { registerEnvDiagnose } from './diagnose.js';
import { registerEnvExtend } from './extend.js';
import { registerEnvGc } from './gc.js';
import { registerEnvList } from './list.js';

/** More on the flags `env up` and `run` share, in the man page (withDetails): each option's declared details. */
const upFlagDetails = (): Record<string, string> => Object.fromEntries(upOptions().flatMap((o) => (o.details ? [[o.flag, o.details]] : [])));

/** The flags `env up` and `run` share (./options.ts): the env's own, the env steps' (src/cli/envStep.ts), then --share and --watch-timeout. */
function withUpFlags<C extends CommandUnknownOpts>(command: C): C {
  for (const option of upOptions()) command.addOption(commanderOption(option));
  return command;
}

/**
 * The -o of env up (env, json or github), taken off the global option: the
 * settings know only the document formats, and env up prints no document.
 */
function takeOutputFlag(cmd: CommandUnknownOpts): string | undefined {
  let owner: CommandUnknownOpts | null = cmd;
  while (owner && owner.getOptionValue('output') === undefined) owner = owner.parent;
  const output = owner?.getOptionValue('output') as string | undefined;
  owner?.setOptionValue('output', undefined);
  return output;
}

export function registerEnv(program: Command, app: App): void {
  const env = program.command('env').description('a database for one CI run: env up makes a cluster, a user and an access-list entry; env down removes them');
  withExamples(env, [
    ['A flex cluster for this job, its connection in the environment', 'eval "$(cdba env up ci-$GITHUB_RUN_ID -o env)"'],
    ['Only the URI', 'cdba env up ci-1 -o json | jq -r .MONGODB_URI'],
    ['Remove it again', 'cdba env down ci-$GITHUB_RUN_ID'],
  ]);

  const up = withUpFlags(
    env
      .command('up')
      .description('create (or reuse) the cluster <name>, a user with a generated password and an access-list entry that end after --ttl; wait until ready; print the connection (-o env: export lines for eval; json; or github). Interrupted, it stops and leaves what it made for env down <name>')
      .argument('<name>', 'the env and its cluster: letters, digits and hyphens, at most 64'),
  ).action(async (name, options, cmd) => {
    const output = takeOutputFlag(cmd);
    const { runEnvUp } = await import('./up.js');
    await runEnvUp(app.context(cmd), name, options as UpFlags, output);
  });
  // -o env and github, besides json (ENV_OUTPUTS in connection.ts), are env up's own.
  withOwnOutputs(up, ['env', 'github']);
  withDetails(up, {
    about: "The run that makes the env holds it (recorded on its user, with the CI run and job or the host, and in this runner's state file): an env up of a name another run holds is refused, exit 16, naming the holder, unless --share; a re-run by the holder renews it. -o env prints export lines, each value quoted for the shell, for eval. $GITHUB_ENV and $GITHUB_OUTPUT (-o github) must be regular files cdba can write, not links, checked before any request",
    options: { ...upFlagDetails(), '--tier': 'An instance size makes a dedicated cluster' },
  });
  withExamples(up, [
    ['Variables for the commands the shell starts (export lines)', 'eval "$(cdba env up ci-1 -o env)" && npm test'],
    ['In a CI script: removed however the job ends, cancelled during env up included', 'trap \'cdba env down ci-1\' EXIT; eval "$(cdba env up ci-1 -o env)" && npm test'],
    ['In a GitHub Actions step: outputs and $GITHUB_ENV, the password masked; a failure also as an ::error:: annotation', 'cdba env up ci-$GITHUB_RUN_ID -o github'],
    ['A dedicated M10 with MongoDB 8.0 for four hours, only the URI', 'cdba env up ci-2 --tier M10 --db-version 8.0 --ttl 4h -o json | jq -r .MONGODB_URI'],
    ['The sample data and a search index, printed only once the index is READY and queryable', 'eval "$(cdba env up ci-3 --sample-data --search-index idx.json -o env)" && npm test'],
    ['The data of the newest snapshot of prod, restored before the connection is printed', 'cdba env up ci-4 --from-snapshot prod@latest -o json | jq -r .MONGODB_URI'],
    ['Use an env another job holds, with a user of its own (its env down keeps the env for that job)', 'eval "$(cdba env up shared-db --share -o env)" && npm test'],
    ['Give up (exit 8) if the env is not ready within 20 minutes', 'cdba env up ci-5 --tier M10 --watch-timeout 20m -o json | jq -r .MONGODB_URI'],
  ]);

  const down = env
    .command('down')
    .description('remove what env up <name> made, unless another run holds it: held by this run and others, only this run\'s user and access-list entry go and the env stays for them; held only by others (or this runner has no record of holding it), refused, exit 16, naming the holder, unless --force. It removes only what carries the env\'s marks: the user cdba-env-<name>, the access-list entry commented "cdba env <name>" (kept, and marked for that env, while another env of the project still has its user: envs from one address share it), and the cluster <name> if it has the tag cdba-env=<name>. The state file, refused (exit 2) unless it is a regular file of yours in directories only you can write, can only keep a cluster, never make down delete what it names')
    .addArgument(completedArgument('<name>', 'the env, as given to env up', lookup('clusters')))
    .option('--keep-cluster', 'keep the cluster (remove only the user and the access-list entry); env gc removes it after the env\'s end unless an env up takes it again')
    .option('--watch', 'wait until the cluster is gone')
    .option('--force', 'remove it though another run holds it (a run that died; its users and the cluster included): asks first on a terminal, and needs -y/--yes without one')
    .action(async (name, options, cmd) => {
      const { runEnvDown } = await import('./down.js');
      await runEnvDown(app.context(cmd), name, options);
    });
  withExamples(down, [
    ['Remove everything env up ci-1 made', 'cdba env down ci-1'],
    ['Keep the cluster for the next job, wait for nothing', 'cdba env down ci-1 --keep-cluster'],
    ['An env whose job died on another runner, without asking', 'cdba env down ci-1 --force --yes'],
    ['Several envs, named in a pipeline', "printf 'ci-1\\nci-2\\n' | xargs -n1 cdba env down"],
  ]);
  registerEnvList(env, app);
  registerEnvExtend(env, app);
  registerEnvGc(env, app);
  registerEnvDiagnose(env, app);
}

export function registerRun(program: Command, app: App): void {
  const run = withUpFlags(
    program
      .command('run')
      .description("env up, then CMD with MONGODB_URI, MONGODB_USERNAME, MONGODB_PASSWORD and MONGODB_CLUSTER in its environment, then env down whatever CMD did; exits with CMD's status (12: env down failed; 127: CMD is not on PATH, nothing made)")
      .option('--name <name>', 'the env (default run- and six random characters)')
      .option('--keep-env <name>', 'pass this credential variable to CMD; repeatable', collect)
      .option('--diagnostics <dir>', "when CMD fails, write the env's events, open alerts, logs and slow queries here before env down")
      .argument('[command...]', 'the command and its arguments, after --')
      .usage('[options] -- <command> [args...]')
      .allowUnknownOption(),
  ).action(async (words, options, cmd) => {
    // Commander drops the --; whether it was there is in the root's raw arguments.
    let root = cmd as { parent: unknown; rawArgs?: string[] };
    while (root.parent) root = root.parent as typeof root;
    const raw = root.rawArgs ?? [];
    const dashDash = raw.includes('--');
    const afterDash = dashDash ? raw.slice(raw.indexOf('--') + 1) : [];
    // With unknown options allowed (so `run node -v` is told about --), whatever sits before -- is a mistake.
    const stray = dashDash ? words.slice(0, words.length - afterDash.length) : [];
    if (stray.length > 0) {
      const { UsageError } = await import('../../base/errors.js');
      throw new UsageError(stray[0]!.startsWith('-') ? `unknown option '${stray[0]}'; see 'cdba run --help'` : `run takes the command after --, not before it ("${stray[0]}")`);
    }
    if (takeOutputFlag(cmd) !== undefined) {
      const { UsageError } = await import('../../base/errors.js');
      throw new UsageError('run hands the connection to the command\'s environment and prints none: -o is for `cdba env up`');
    }
    const { runRun } = await import('./run.js');
    await runRun(app.context(cmd), dashDash ? afterDash : words, options as UpFlags & { name?: string; keepEnv?: string[]; diagnostics?: string }, dashDash);
  });
  withDetails(run, {
    about: `CMD gets cdba's environment without the variables that lead to cdba's credentials (${CREDENTIAL_VARIABLES.join(', ')}), unless --keep-env passes one. The first SIGINT or SIGTERM stops env up (then env down; exit 130 or 143) or goes to CMD; a second stops at once`,
    options: {
      ...upFlagDetails(),
      '--keep-env': "A variable that leads to cdba's credentials, passed on purpose",
      '--diagnostics':
        "A new or empty directory (made, mode 0700, when absent; a file, a link or a directory with anything in it is refused before env up). Written only when CMD exits non-zero or is killed, before env down: events.json, alerts.json, logs/<host>.log (decompressed), slow-queries.json and manifest.json, for the window from env up's start to CMD's end; one line names it. A part that cannot be collected is one line and an entry of manifest.json; the exit status stays CMD's",
    },
  });
  withExamples(run, [
    ['The test suite against a fresh flex cluster, removed afterwards', 'cdba run -- npm test'],
    ['A named run on a dedicated cluster', 'cdba run --name nightly --tier M10 -- ./integration-tests.sh'],
    ['Tests that use $search: the command starts once the index is READY and queryable', 'cdba run --sample-data --search-index movies-index.json -- npm test'],
    ['Tests against a copy of the data of a snapshot of prod', 'cdba run --from-snapshot prod -- npm test'],
    ['At most 15 minutes of waiting for the env (exit 8, the env removed), then the tests', 'cdba run --watch-timeout 15m -- npm test'],
    ['Whatever the command prints, piped on', 'cdba run -- node scripts/export.js | gzip > export.json.gz'],
    ['When the tests fail, the evidence (events, alerts, logs, slow queries) before env down', 'cdba run --tier M10 --diagnostics evidence -- npm test'],
    ['A command that calls cdba itself, given the API keys on purpose', 'cdba run --keep-env CDBA_PUBLIC_KEY --keep-env CDBA_PRIVATE_KEY -- ./load-fixtures-and-test.sh'],
  ]);
}
