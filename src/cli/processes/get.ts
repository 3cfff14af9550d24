// `cdba processes get <host:port>`: one process. A hostname or the connection strings'
// alias of the host is found in the project's list; not found says the near IDs.
import type { Command } from '@commander-js/extra-typings';
import { ApiError, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { PROCESS_TABLE } from './view.js';
import { PROCESS_USAGE, parseProcessWord } from './word.js';

export function registerProcessesGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .alias('describe')
    .description('show one process: its type, replica set, version and last ping')
    .addArgument(completedArgument('<process>', 'process ID (host:port)', lookup('processes')))
    .action(async (process, _options, cmd) => runProcessesGet(app.context(cmd), process));
  withExamples(command, [
    ['One process', 'cdba processes get atlas-abc123-shard-00-00.xyz12.mongodb.net:27017'],
    ['Its version alone', 'cdba processes get atlas-abc123-shard-00-00.xyz12.mongodb.net:27017 -o json --query version'],
  ]);
}

export async function runProcessesGet(ctx: Context, text: string): Promise<void> {
  const word = parseProcessWord(text);
  if (word.kind === 'cluster') throw new UsageError(`"${text}" is not a process: ${PROCESS_USAGE}; a cluster's processes are \`${ctx.followUp('processes', 'list', '--cluster', text)}\``);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { getProcess } = await import('../../api/resources/processes.js');
  if (word.kind === 'process') {
    try {
      await ctx.output(await getProcess(client, projectId, word.id), PROCESS_TABLE);
      return;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404 || error.errorCode === 'GROUP_NOT_FOUND') throw error;
    }
  }
  // A hostname, or an ID the service does not know (perhaps an alias): the list says which, or what is near.
  const { resolveProcesses } = await import('./resolve.js');
  const { processes } = await resolveProcesses(ctx, text);
  if (processes.length > 1) {
    throw new UsageError(`host ${text} runs ${processes.length} processes: name one as host:port (${processes.map((p) => String(p.id)).join(', ')})`);
  }
  await ctx.output(await getProcess(client, projectId, String(processes[0]!.id)), PROCESS_TABLE);
}
