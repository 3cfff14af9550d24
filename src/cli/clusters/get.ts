// `cdba clusters get <name>`: one cluster. On a terminal a readable view
// (topology per zone and region, connection strings, state); otherwise, and
// with -o json, the document as received.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { ClusterLocator } from './flex.js';
import { checkClusterName, clusterTarget } from './target.js';
import { showCluster } from './view.js';

export function registerClustersGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .alias('describe')
    .description('show one cluster: state, topology and connection strings')
    .addArgument(completedArgument('<name>', 'cluster name', lookup('clusters')))
    .action(async (name, _options, cmd) => runClustersGet(app.context(cmd), name));
  withExamples(command, [
    ['The readable view', 'cdba clusters get c1'],
    ['The SRV connection string alone', "cdba clusters get c1 -o json --query 'connectionStrings.standardSrv'"],
    ['Save the document to change it and send it back', 'cdba clusters get c1 -o json > c1.json'],
    ['A flex cluster, by name like any other (its document is the flex API\'s)', "cdba clusters get f1 -o json --query 'providerSettings.backingProviderName'"],
  ]);
}

export async function runClustersGet(ctx: Context, name: string): Promise<void> {
  checkClusterName(name);
  const { client, projectId } = await clusterTarget(ctx, 'clusters.get');
  // A flex cluster is read from the flex API (one more request the first time: src/cli/clusters/flex.ts).
  await showCluster(ctx, await (await ClusterLocator.open(ctx, client, projectId, name)).get());
}
