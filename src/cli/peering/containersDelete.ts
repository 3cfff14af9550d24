// `cdba peering containers delete <container-id>`: a container left behind (asks first;
// -y/--yes skips the question). The service refuses while peers use it.
import type { Command } from '@commander-js/extra-typings';
import { ApiError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';

export function registerContainersDelete(parent: Command, app: App): void {
  const command = parent
    .command('delete')
    .alias('rm')
    .description('delete a container with no peers left (asks first; -y/--yes skips the question, and is required without a terminal)')
    .addArgument(completedArgument('<container-id>', 'the container (cdba peering containers list shows them)', lookup('containers')))
    .action(async (containerId, _options, cmd) => runContainersDelete(app.context(cmd), containerId));
  withExamples(command, [
    ['Delete one, asking first', 'cdba peering containers delete 6a7b8c9d0e1f2a3b4c5d6e70'],
    ['In a script: every container that was never provisioned', "cdba peering containers list -o json --query 'results[?!provisioned].id' | jq -r '.[]' | xargs -n1 cdba peering containers delete --yes"],
  ]);
}

export async function runContainersDelete(ctx: Context, containerId: string): Promise<void> {
  const { objectIdArg } = await import('../shared/networkInput.js');
  objectIdArg(containerId, 'container');
  ctx.requireConfirmable();
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  await ctx.confirm(`Delete container ${containerId} of project ${projectId}?`);
  const { deleteContainer } = await import('../../api/resources/peering.js');
  try {
    await deleteContainer(client, projectId, containerId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.hint === undefined) error.hint = `delete its peers first: ${ctx.followUp('peering', 'list')}`;
    throw error;
  }
  ctx.io.note(`cdba: container ${containerId} deleted`);
}
