// `cdba clusters pause <name>` and `cdba clusters resume <name>` (alias start,
// as in the Atlas CLI): a PATCH of `paused` alone, which is all the service
// takes in that request. Its refusals (a shared tier, a cluster already paused)
// come back as one line with a hint. The service accepts a resume of a running
// cluster and changes nothing, so resume looks first and says so instead.
import { shellWord } from '../../base/shellWord.js';
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { watchTimeoutMs } from '../../core/duration.js';
import { ConflictError } from '../../base/errors.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { ClusterLocator, flexRefusal } from './flex.js';
import { withClusterHints } from './hints.js';
import { checkClusterName, clusterDocument, clusterTarget } from './target.js';
import { showCluster } from './view.js';
import { waitForCluster } from './waitForCluster.js';

export interface PauseFlags {
  watch?: boolean;
  watchTimeout?: string;
}

export function registerClustersPause(parent: Command, app: App): void {
  const command = parent
    .command('pause')
    .description('pause a dedicated (M10+) cluster: it stops serving and costs less until resumed (flex clusters cannot be paused)')
    .addArgument(completedArgument('<name>', 'cluster name', lookup('clusters')))
    .option('--watch', 'wait until the pause is done (PAUSED, as list shows it), then print the cluster')
    .option('--watch-timeout <duration>', 'with --watch: give up after this long, exit 8 (implies --watch)')
    .action(async (name, options, cmd) => runClustersPause(app.context(cmd), name, true, options));
  withExamples(command, [
    ['Pause and wait until it is done', 'cdba clusters pause c1 --watch'],
    ['Pause every cluster whose name starts with dev-', "cdba clusters list --all -o json --query \"results[?starts_with(name,'dev-') && !paused].name\" | jq -r '.[]' | xargs -n1 cdba clusters pause"],
  ]);
}

export function registerClustersResume(parent: Command, app: App): void {
  const command = parent
    .command('resume')
    .alias('start')
    .description('resume (start) a paused cluster')
    .addArgument(completedArgument('<name>', 'cluster name', lookup('clusters')))
    .option('--watch', 'wait until it is running (IDLE), then print the cluster')
    .option('--watch-timeout <duration>', 'with --watch: give up after this long, exit 8 (implies --watch)')
    .action(async (name, options, cmd) => runClustersPause(app.context(cmd), name, false, options));
  withExamples(command, [
    ['Resume and wait until it serves again', 'cdba clusters resume c1 --watch'],
    ['Resume every paused cluster', "cdba clusters list --all -o json --query 'results[?paused].name' | jq -r '.[]' | xargs -n1 cdba clusters start"],
  ]);
}

export async function runClustersPause(ctx: Context, name: string, paused: boolean, flags: PauseFlags): Promise<void> {
  checkClusterName(name);
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const target = await clusterTarget(ctx);
  const locator = await ClusterLocator.open(ctx, target.client, target.projectId, name);
  const { updateCluster } = await import('../../api/resources/clusters.js');
  if (!paused) {
    const current = await locator.get();
    if (locator.learnt === 'flex') throw flexRefusal(name, 'pause', false);
    if (current.paused !== true) {
      throw new ConflictError(`cluster ${name} is not paused; there is nothing to resume`, {
        hint: `to pause it: cdba clusters pause ${shellWord(name)}`,
      });
    }
  }
  const updated = clusterDocument(
    await withClusterHints(name, () =>
      locator.call(
        () => updateCluster(target.client, target.projectId, name, { paused }),
        () => Promise.reject(flexRefusal(name, 'pause', false)),
      ),
    ),
  );
  const state = typeof updated.stateName === 'string' ? updated.stateName : 'UPDATING';
  const verb = paused ? 'pausing' : 'resuming';
  if (!flags.watch && timeoutMs === undefined) {
    if (state !== 'IDLE') ctx.io.note(`cdba: cluster ${name} is ${verb} (${state}); follow it with \`${ctx.followUp('clusters', 'watch', name)}\``);
    await showCluster(ctx, updated);
    return;
  }
  ctx.io.note(`cdba: cluster ${name} is ${verb}`);
  const ready = await waitForCluster(ctx, target, name, { until: 'IDLE', timeoutMs, initialState: state, locator });
  await showCluster(ctx, ready);
}
