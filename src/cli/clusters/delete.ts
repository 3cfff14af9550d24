// `cdba clusters delete <name>`: asks first on a terminal; elsewhere it needs the
// global -y/--yes and refuses (exit 2) before sending anything.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { watchTimeoutMs } from '../../core/duration.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { ClusterLocator } from './flex.js';
import { withClusterHints } from './hints.js';
import { checkClusterName, clusterTarget } from './target.js';
import { waitForCluster } from './waitForCluster.js';

export interface DeleteFlags {
  watch?: boolean;
  watchTimeout?: string;
}

export function registerClustersDelete(parent: Command, app: App): void {
  const command = parent
    .command('delete')
    .alias('rm')
    .description('delete a cluster (asks first; -y/--yes skips the question, and is required without a terminal)')
    .summary('delete a cluster (asks first)')
    .addArgument(completedArgument('<name>', 'cluster name', lookup('clusters')))
    .option('--watch', 'wait until the cluster is gone')
    .option('--watch-timeout <duration>', 'with --watch: give up after this long, exit 8 (implies --watch)')
    .action(async (name, options, cmd) => runClustersDelete(app.context(cmd), name, options));
  withExamples(command, [
    ['Delete, asking first, and wait until it is gone', 'cdba clusters delete c1 --watch'],
    ['In a script: delete every cluster whose name starts with tmp-', "cdba clusters list --all -o json --query \"results[?starts_with(name,'tmp-')].name\" | jq -r '.[]' | xargs -n1 cdba clusters delete --yes"],
  ]);
}

export async function runClustersDelete(ctx: Context, name: string, flags: DeleteFlags): Promise<void> {
  checkClusterName(name);
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  ctx.requireConfirmable();
  const target = await clusterTarget(ctx, 'clusters.delete');
  const { profileName } = await ctx.settings();
  await ctx.confirm(`Delete cluster "${name}" of project ${target.projectId} (profile "${profileName}") and all its data?`);
  const { deleteCluster } = await import('../../api/resources/clusters.js');
  const { deleteFlexCluster } = await import('../../api/resources/flexClusters.js');
  const locator = await ClusterLocator.open(ctx, target.client, target.projectId, name);
  await withClusterHints(name, () =>
    locator.call(
      () => deleteCluster(target.client, target.projectId, name),
      () => deleteFlexCluster(target.client, target.projectId, name),
    ),
  );
  locator.forget(); // the name is going: a later cluster of that name may be dedicated
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: deletion of cluster ${name} requested; follow it with \`${ctx.followUp('clusters', 'watch', name, '--until', 'DELETED')}\``);
    return;
  }
  ctx.io.note(`cdba: deletion of cluster ${name} requested`);
  await waitForCluster(ctx, target, name, { until: 'DELETED', timeoutMs, initialState: 'DELETING', locator });
}
