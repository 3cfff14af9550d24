// `cdba projects list`: every project the credentials can see.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { PROJECT_LIST_TABLE } from './view.js';

export function registerProjectsList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description('list the projects these credentials can see')
    .action(async (_options, cmd) => runProjectsList(app.context(cmd)));
  withExamples(command, [
    ['Every project as a table', 'cdba projects list'],
    ['The ID of the project named app', "cdba projects list -o json --query \"results[?name=='app'].id | [0]\""],
  ]);
}

export async function runProjectsList(ctx: Context): Promise<void> {
  const { listAllProjects } = await import('../../api/resources/projects.js');
  await ctx.output(await listAllProjects(await ctx.api()), PROJECT_LIST_TABLE);
}
