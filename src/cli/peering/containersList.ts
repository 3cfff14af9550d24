// `cdba peering containers list`: the project's network on each provider and region
// (its containers), peered or not: what `peering create` reuses, and what is left behind.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { CONTAINER_LIST_TABLE } from './view.js';

export function registerContainersList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description("list the project's containers (its network on each provider and region), every provider")
    .action(async (_options, cmd) => runContainersList(app.context(cmd)));
  withExamples(command, [
    ['Every container', 'cdba peering containers list'],
    ['The CIDR blocks in use, one per line', "cdba peering containers list -o json --query 'results[].atlasCidrBlock' | jq -r '.[]'"],
  ]);
}

export async function runContainersList(ctx: Context): Promise<void> {
  const { listAllContainers } = await import('../../api/resources/peering.js');
  const projectId = await ctx.projectId();
  await ctx.output(await listAllContainers(await ctx.api(), projectId), CONTAINER_LIST_TABLE);
}
