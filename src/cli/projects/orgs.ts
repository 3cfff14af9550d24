// `cdba orgs list`: the organizations these credentials belong to, so a new user can
// find the org ID that `projects create` needs.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { ORG_LIST_TABLE } from './view.js';

export function registerOrgs(program: Command, app: App): void {
  const group = program.command('orgs').description('the organizations these credentials belong to');
  withExamples(group, [
    ['Every organization', 'cdba orgs list'],
    ['Names and IDs, tab-separated', "cdba orgs list -o json --query 'results[].[name,id]' | jq -r '.[] | @tsv'"],
  ]);
  const list = group
    .command('list')
    .alias('ls')
    .description('list the organizations these credentials belong to, with their IDs')
    .action(async (_options, cmd) => runOrgsList(app.context(cmd)));
  withExamples(list, [
    ['Every organization as a table', 'cdba orgs list'],
    ['The ID alone when there is one organization', "cdba orgs list -o json --query 'results[0].id' | tr -d '\"'"],
  ]);
}

export async function runOrgsList(ctx: Context): Promise<void> {
  const { listAllOrgs } = await import('../../api/resources/orgs.js');
  await ctx.output(await listAllOrgs(await ctx.api()), ORG_LIST_TABLE);
}
