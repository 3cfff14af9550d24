// What every backups verb needs before its first request: the cluster's name checked,
// the project, and a locator that asks the clusters API, or the flex API for a flex
// cluster (src/cli/clusters/flex.ts), as every clusters verb does.
import type { Context } from '../../core/context.js';
import { ClusterLocator } from '../clusters/public.js';
import { checkClusterName } from '../clusters/public.js';

export async function backupLocator(ctx: Context, cluster: string): Promise<ClusterLocator> {
  checkClusterName(cluster);
  const projectId = await ctx.projectId();
  return ClusterLocator.open(ctx, await ctx.api(), projectId, cluster);
}
