// `cdba clusters watch <name>`: waits until the cluster is IDLE (printing the
// final document) or gone (--until DELETED, printing nothing). Also the wait
// that create, patch and delete run with --watch.
import { Option, type Command } from '@commander-js/extra-typings';
import type { Cluster } from '../../api/clusters.js';
import type { Context } from '../../core/context.js';
import { ApiError } from '../../core/errors.js';
import { parseDuration } from '../../core/duration.js';
import { choiceFlag, withExamples, type App } from '../command.js';
import { checkClusterName, clusterDocument, clusterTarget, type ClusterTarget } from './target.js';
import { showCluster } from './view.js';

export const UNTIL_STATES = ['IDLE', 'DELETED'] as const;
export type Until = (typeof UNTIL_STATES)[number];

export interface WaitOptions {
  until: Until;
  timeoutMs?: number | undefined;
  /** The state the caller already saw (create and patch answers carry one). */
  initialState?: string | undefined;
}

/**
 * Polls the cluster until it is IDLE (returns the document) or gone (returns
 * undefined). 404 ends a DELETED wait; for IDLE it is an error (exit 4).
 */
export async function waitForCluster(ctx: Context, target: ClusterTarget, name: string, options: WaitOptions): Promise<Cluster | undefined> {
  const { getCluster } = await import('../../api/clusters.js');
  const { watch } = await import('../../core/watch.js');
  const follow = options.until === 'DELETED' ? `cdba clusters watch ${name} --until DELETED` : `cdba clusters watch ${name}`;
  return watch<Cluster | undefined>({
    io: ctx.io,
    subject: `cluster ${name}`,
    intervals: ctx.watchIntervals,
    timeoutMs: options.timeoutMs,
    initialState: options.initialState,
    resumeHint: `the operation goes on at the service; follow it with \`${follow}\``,
    poll: async () => {
      try {
        const body = clusterDocument(await getCluster(target.client, target.projectId, name));
        const state = typeof body.stateName === 'string' ? body.stateName : 'UNKNOWN';
        return { state, done: options.until === 'IDLE' && state === 'IDLE', value: body };
      } catch (error) {
        if (options.until === 'DELETED' && error instanceof ApiError && error.status === 404) {
          return { state: 'DELETED', done: true, value: undefined };
        }
        throw error;
      }
    },
  });
}

export interface WatchFlags {
  until: Until;
  timeout?: string;
}

export function registerClustersWatch(parent: Command, app: App): void {
  const command = parent
    .command('watch')
    .description('wait until a cluster is IDLE (or gone), showing its state changes; backs off from 1 s to 10 s between looks')
    .argument('<name>', 'cluster name')
    .addOption(
      new Option('--until <state>', 'the state to wait for')
        .choices(UNTIL_STATES)
        .argParser(choiceFlag('--until', UNTIL_STATES, { upper: true }))
        .default('IDLE' as Until),
    )
    // The program's global --timeout takes this flag's value first (commander reads
    // known options anywhere); optsWithGlobals() hands it back either way.
    .option('--timeout <duration>', 'give up after this long (90, 90s, 5m, 1h) with exit 8; no limit by default')
    .action(async (name, _options, cmd) => runClustersWatch(app.context(cmd), name, cmd.optsWithGlobals() as WatchFlags));
  withExamples(command, [
    ['Wait for a new cluster, at most 20 minutes', 'cdba clusters watch c1 --timeout 20m'],
    ['Wait for a deletion to finish', 'cdba clusters watch c1 --until DELETED'],
    ['The SRV string once the cluster is ready', "cdba clusters watch c1 -o json --query 'connectionStrings.standardSrv'"],
  ]);
}

export async function runClustersWatch(ctx: Context, name: string, flags: WatchFlags): Promise<void> {
  checkClusterName(name);
  const timeoutMs = flags.timeout === undefined ? undefined : parseDuration(flags.timeout, '--timeout');
  const target = await clusterTarget(ctx, 'clusters.get');
  const document = await waitForCluster(ctx, target, name, { until: flags.until, timeoutMs });
  if (document !== undefined) await showCluster(ctx, document);
}
