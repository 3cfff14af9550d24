// `cdba clusters get <name>`: one cluster. On a terminal a readable view
// (topology per zone and region, connection strings, state); otherwise, and
// with -o json, the document as received.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { checkClusterName, clusterDocument, clusterTarget } from './target.js';
import { showCluster } from './view.js';

export function registerClustersGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .alias('describe')
    .description('show one cluster: state, topology and connection strings')
    .argument('<name>', 'cluster name')
    .action(async (name, _options, cmd) => runClustersGet(app.context(cmd), name));
  withExamples(command, [
    ['The readable view', 'cdba clusters get c1'],
    ['The SRV connection string alone', "cdba clusters get c1 -o json --query 'connectionStrings.standardSrv'"],
    ['Save the document to change it and send it back', 'cdba clusters get c1 -o json > c1.json'],
  ]);
}

export async function runClustersGet(ctx: Context, name: string): Promise<void> {
  checkClusterName(name);
  const { getCluster } = await import('../../api/clusters.js');
  const { client, projectId } = await clusterTarget(ctx, 'clusters.get');
  await showCluster(ctx, clusterDocument(await getCluster(client, projectId, name)));
}
