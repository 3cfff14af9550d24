// `cdba processes list [--cluster <name>]`: the project's processes (mongod and mongos,
// named `host:port` as the service names them), or one cluster's.
import { Option, type Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { completes, lookup, withExamples, type App } from '../command.js';
import { checkClusterName } from '../clusters/public.js';
import { PROCESS_LIST_TABLE } from './view.js';

export function registerProcessesList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list the project's processes (host:port), or one cluster's")
    .addOption(completes(new Option('--cluster <name>', "only this cluster's processes"), lookup('clusters')))
    .action(async (options, cmd) => runProcessesList(app.context(cmd), options));
  withExamples(command, [
    ['Every process of the project', 'cdba processes list'],
    ["One cluster's", 'cdba processes list --cluster c1'],
    ['The primary of each replica set', "cdba processes list -o json --query \"results[?typeName=='REPLICA_PRIMARY'].id\""],
  ]);
}

export async function runProcessesList(ctx: Context, flags: { cluster?: string }): Promise<void> {
  if (flags.cluster !== undefined) checkClusterName(flags.cluster);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { listProcesses } = await import('../../api/resources/processes.js');
  const list = await listProcesses(client, projectId);
  if (flags.cluster === undefined) {
    await ctx.output(list, PROCESS_LIST_TABLE);
    return;
  }
  const { resolveProcesses } = await import('./resolve.js');
  const { processes } = await resolveProcesses(ctx, flags.cluster, list.results);
  await ctx.output({ ...list, results: processes, totalCount: processes.length }, PROCESS_LIST_TABLE);
}
