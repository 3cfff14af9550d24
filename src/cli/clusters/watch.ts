// `cdba clusters watch <name>`: waits until the cluster is IDLE (printing the
// final document) or gone (--until DELETED, printing nothing). The wait itself,
// which create, patch and delete run with --watch, is src/cli/clusters/waitForCluster.ts.
import { Option, type Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { parseDuration, watchTimeoutMs } from '../../core/duration.js';
import { choiceFlag, completedArgument, lookup, withExamples, type App } from '../command.js';
import { checkClusterName, clusterTarget } from './target.js';
import { UNTIL_STATES, waitForCluster, type Until } from './waitForCluster.js';
import { showCluster } from './view.js';

export interface WatchFlags {
  until: Until;
  watchTimeout?: string;
}

const WATCH_TIMEOUT_HELP = 'give up after this long (90, 90s, 5m, 1h) with exit 8; 0 or absent: no limit';

export function registerClustersWatch(parent: Command, app: App): void {
  const command = parent
    .command('watch')
    .description('wait until a cluster is IDLE (or gone), showing its state changes; backs off from 1 s to 10 s between looks')
    .addArgument(completedArgument('<name>', 'cluster name', lookup('clusters')))
    .addOption(
      new Option('--until <state>', 'the state to wait for')
        .choices(UNTIL_STATES)
        .argParser(choiceFlag('--until', UNTIL_STATES, { upper: true }))
        .default('IDLE' as Until),
    )
    .option('--watch-timeout <duration>', WATCH_TIMEOUT_HELP)
    // The old spelling. Commander gives every --timeout to the program's global
    // option (the per-request deadline), so where it was typed decides (see below).
    .addOption(new Option('--timeout <duration>', 'deprecated spelling of --watch-timeout, when given after watch').hideHelp())
    .action(async (name, options, cmd) => {
      const ctx = app.context(cmd);
      if (timeoutAfter(cmd) && ctx.globals.timeout !== undefined) {
        parseDuration(ctx.globals.timeout, '--timeout'); // a bad value is one usage error, without the warning
        ctx.io.warn('clusters watch --timeout is deprecated: use --watch-timeout (the global --timeout is the deadline of each request)');
        ctx.globals.watchTimeout ??= ctx.globals.timeout;
        delete ctx.globals.timeout;
      }
      await runClustersWatch(ctx, name, { until: options.until, watchTimeout: ctx.globals.watchTimeout as string | undefined });
    });
  withExamples(command, [
    ['Wait for a new cluster, at most 20 minutes', 'cdba clusters watch c1 --watch-timeout 20m'],
    ['Wait for a deletion to finish', 'cdba clusters watch c1 --until DELETED'],
    ['The SRV string once the cluster is ready', "cdba clusters watch c1 -o json --query 'connectionStrings.standardSrv'"],
  ]);
}

/** True when --timeout was typed after the command's own name (`clusters watch c1 --timeout 5m`), the old spelling. */
function timeoutAfter(cmd: { name(): string; parent: unknown }): boolean {
  let root = cmd as { parent: unknown; rawArgs?: string[] };
  while (root.parent) root = root.parent as typeof root;
  const args = root.rawArgs ?? [];
  const own = args.indexOf(cmd.name(), args.indexOf((cmd.parent as { name(): string }).name()) + 1);
  return own >= 0 && args.slice(own + 1).some((a) => a === '--timeout' || a.startsWith('--timeout='));
}

export async function runClustersWatch(ctx: Context, name: string, flags: WatchFlags): Promise<void> {
  checkClusterName(name);
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const target = await clusterTarget(ctx, 'clusters.get');
  const document = await waitForCluster(ctx, target, name, { until: flags.until, timeoutMs });
  if (document !== undefined) await showCluster(ctx, document);
}
