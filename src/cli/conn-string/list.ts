// `cdba conn-string list <cluster>`: every string the cluster has, with its type,
// SRV or not, and endpoint IDs.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import type { TableSpec } from '../../output/render.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { entryRow, missingMessage, type ConnectionStringRow } from './connectionString.js';
import { locateCluster } from '../clusters/public.js';
import { checkClusterName } from '../clusters/public.js';

export const CONN_STRING_LIST_TABLE: TableSpec<ConnectionStringRow> = {
  rows: (document) => document as ConnectionStringRow[],
  columns: [
    { header: 'TYPE', value: (r) => r.type },
    { header: 'SRV', value: (r) => (r.srv ? 'yes' : 'no'), dropPriority: 2 },
    { header: 'OPTIMIZED', value: (r) => (r.optimized ? 'yes' : ''), minWidth: 3, dropPriority: 3, omitWhenEmpty: true },
    { header: 'ENDPOINT', value: (r) => r.endpointIds.join(','), copyable: true, dropPriority: 1, omitWhenEmpty: true },
    // Never cut: wider than the terminal, the line is longer (the terminal wraps it) and the other columns go.
    { header: 'CONNECTION STRING', value: (r) => r.connectionString, copyable: true },
  ],
};

export function registerConnStringList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description('list every connection string of a cluster with its type, SRV or not, and endpoint IDs')
    .addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))
    .action(async (cluster, _options, cmd) => runConnStringList(app.context(cmd), cluster));
  withExamples(command, [
    ['Table of the strings of c1', 'cdba conn-string list c1'],
    ['Endpoint IDs that have an optimized string', "cdba conn-string list c1 -o json --query '[?optimized].endpointIds[]'"],
  ]);
}

export async function runConnStringList(ctx: Context, cluster: string): Promise<void> {
  checkClusterName(cluster); // before anything else, so a bad name sends no request
  // Any cluster by name: a flex cluster's strings come from the flex API (src/cli/clusters/flex.ts).
  const body = await (await locateCluster(ctx, cluster)).get();
  const { listConnectionStrings } = await import('../../connstring/index.js');
  const entries = listConnectionStrings(body);
  if (entries.length === 0) {
    const stateName = typeof body.stateName === 'string' ? body.stateName : undefined;
    ctx.io.note(`cdba: ${missingMessage(cluster, { type: 'standard', srv: true }, entries, stateName)}`);
  }
  await ctx.output(entries.map(entryRow), CONN_STRING_LIST_TABLE);
}
