// `cdba clusters load-sample-data <cluster> [--watch]`: loads the service's sample
// dataset (sample_mflix, sample_training, ...) into a cluster, and with --watch waits
// until the load is COMPLETED (a FAILED load ends with the service's message, exit 1).
// The sample load is its own resource of the API (/sampleDatasetLoad, src/api/searchIndexes.ts).
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import type { TableSpec } from '../../output/render.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { waitForSampleLoad } from './waitForSampleLoad.js';
import { checkClusterName } from './target.js';
import { watchTimeoutMs } from '../../core/duration.js';

export interface LoadSampleFlags {
  watch?: boolean;
  watchTimeout?: string;
}

interface LoadRow {
  id: string;
  cluster: string;
  state: string;
  created: string;
  completed: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const LOAD_TABLE: TableSpec<LoadRow> = {
  columns: [
    { header: 'ID', value: (r) => r.id, copyable: true },
    { header: 'CLUSTER', value: (r) => r.cluster, copyable: true },
    { header: 'STATE', value: (r) => r.state, dropPriority: 1 },
    { header: 'STARTED', value: (r) => r.created, copyable: true, dropPriority: 3 },
    { header: 'COMPLETED', value: (r) => r.completed, copyable: true, dropPriority: 2, omitWhenEmpty: true },
  ],
  rows: (doc) => {
    const load = (doc ?? {}) as Record<string, unknown>;
    return [{ id: text(load._id), cluster: text(load.clusterName), state: text(load.state), created: text(load.createDate), completed: text(load.completeDate) }];
  },
};

export function registerClustersLoadSampleData(parent: Command, app: App): void {
  const command = parent
    .command('load-sample-data')
    .description('load the sample dataset (sample_mflix, sample_training, sample_airbnb, ...) into a cluster; --watch waits until it is COMPLETED')
    .summary('load the sample dataset into a cluster')
    .addArgument(completedArgument('<cluster>', 'cluster name (dedicated or flex)', lookup('clusters')))
    .option('--watch', 'wait until the load is COMPLETED, then print it; a FAILED load ends with its reason (exit 1)')
    .option('--watch-timeout <duration>', 'with --watch: give up after this long, exit 8 (implies --watch)')
    .action(async (cluster, options, cmd) => runLoadSampleData(app.context(cmd), cluster, options));
  withExamples(command, [
    ['Load it and wait, then index it', 'cdba clusters load-sample-data c1 --watch && cdba search-indexes create c1 --db sample_mflix --collection movies --name default --dynamic --watch'],
    ['Start the load; only its id', "cdba clusters load-sample-data c1 -o json --query _id"],
  ]);
}

export async function runLoadSampleData(ctx: Context, cluster: string, flags: LoadSampleFlags): Promise<void> {
  checkClusterName(cluster);
  watchTimeoutMs(flags.watchTimeout);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { loadSampleDataset } = await import('../../api/resources/searchIndexes.js');
  // A second load of a cluster that has the data does no harm: the service loads it again.
  const started = await loadSampleDataset(client, projectId, cluster, `the load may have started; see the cluster's databases before loading again`);
  if (!flags.watch && flags.watchTimeout === undefined) {
    ctx.io.note(`cdba: the sample data load into ${cluster} is ${text(started.state) || 'WORKING'}; follow it with \`${ctx.followUp('api', `/groups/${projectId}/sampleDatasetLoad/${text(started._id)}`)}\``);
    await ctx.output(started, LOAD_TABLE);
    return;
  }
  ctx.io.note(`cdba: the sample data load into ${cluster} is ${text(started.state) || 'WORKING'}`);
  await ctx.output(await waitForSampleLoad(ctx, client, projectId, started, flags.watchTimeout), LOAD_TABLE);
}
