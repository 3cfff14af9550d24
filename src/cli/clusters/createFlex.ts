// `cdba clusters create <name> --tier FLEX` (or a --file / apply body in the flex
// shape): the create of a flex cluster, through the flex API (2024-11-13). Its body
// (src/cli/clusters/flexBody.ts) is checked before anything is sent.
import { shellWord } from '../../base/shellWord.js';
import type { Context } from '../../core/context.js';
import { checkFlexReachable, ClusterLocator } from './flex.js';
import { clusterDocument } from './target.js';
import { showCluster } from './view.js';
import { waitForCluster } from './waitForCluster.js';

type Doc = Record<string, unknown>;

export async function runFlexCreate(ctx: Context, name: string, body: Doc, flags: { watch?: boolean }, timeoutMs: number | undefined): Promise<void> {
  await checkFlexReachable(ctx, name);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { createFlexCluster } = await import('../../api/resources/flexClusters.js');
  const checkHint = `the cluster may have been created; check with \`cdba clusters get ${shellWord(name)}\` before trying again`;
  const created = clusterDocument(await createFlexCluster(client, projectId, body, checkHint));
  const locator = await ClusterLocator.open(ctx, client, projectId, name);
  locator.remember(); // the next command on it goes straight to the flex API
  const state = typeof created.stateName === 'string' ? created.stateName : 'CREATING';
  if (!flags.watch && timeoutMs === undefined) {
    ctx.io.note(`cdba: flex cluster ${name} is ${state}; follow it with \`${ctx.followUp('clusters', 'watch', name)}\``);
    await showCluster(ctx, created);
    return;
  }
  ctx.io.note(`cdba: flex cluster ${name} is ${state}`);
  const ready = await waitForCluster(ctx, { client, projectId, version: '2024-11-13', shape: 'perShard' }, name, { until: 'IDLE', timeoutMs, initialState: state, locator });
  await showCluster(ctx, ready);
}
