// `cdba projects get <id|name>`: one project, by its ID or by its name.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { resolveProject } from './resolve.js';
import { PROJECT_TABLE } from './view.js';

export function registerProjectsGet(parent: Command, app: App): void {
  const command = parent
    .command('get')
    .alias('describe')
    .description('show one project, named by its 24-hex ID or by its name')
    .argument('<id|name>', 'project ID or name')
    .action(async (idOrName, _options, cmd) => runProjectsGet(app.context(cmd), idOrName));
  withExamples(command, [
    ['By name', 'cdba projects get app'],
    ['The ID of a project, for CDBA_PROJECT_ID', 'export CDBA_PROJECT_ID=$(cdba projects get app -o json --query id | tr -d \'"\')'],
  ]);
}

export async function runProjectsGet(ctx: Context, idOrName: string): Promise<void> {
  const { document } = await resolveProject(ctx, await ctx.api(), idOrName);
  await ctx.output(document, PROJECT_TABLE);
}
