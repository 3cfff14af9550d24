// `cdba projects create <name> --org-id <id>`: a new project in an organization.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { checkProjectName } from './resolve.js';
import { PROJECT_TABLE } from './view.js';

export interface CreateFlags {
  orgId: string;
}

export function registerProjectsCreate(parent: Command, app: App): void {
  const command = parent
    .command('create')
    .description('create a project in an organization (cdba orgs list shows their IDs)')
    .argument('<name>', "project name: 1 to 64 letters, digits and - _ . ( ) , : & @ + '")
    .requiredOption('--org-id <id>', 'the organization (24-hex ID) the project belongs to')
    .action(async (name, options, cmd) => runProjectsCreate(app.context(cmd), name, options));
  withExamples(command, [
    ['Create a project and make it the profile\'s', 'cdba projects create app --org-id 5f1a2b3c4d5e6f7a8b9c0d1e && cdba projects use app'],
    ['In an organization found by name', "cdba projects create app --org-id $(cdba orgs list -o json --query \"results[?name=='acme'].id | [0]\" | tr -d '\"')"],
  ]);
}

export async function runProjectsCreate(ctx: Context, name: string, flags: CreateFlags): Promise<void> {
  checkProjectName(name);
  if (!/^[0-9a-f]{24}$/.test(flags.orgId)) {
    throw new UsageError(`invalid --org-id "${flags.orgId}": expected 24 hexadecimal digits`, { hint: `see \`${ctx.followUp('orgs', 'list')}\`` });
  }
  const { createProject } = await import('../../api/resources/projects.js');
  const { body } = await createProject(await ctx.api(), { name, orgId: flags.orgId });
  await ctx.output(body, PROJECT_TABLE);
  const id = typeof body.id === 'string' ? body.id : name;
  ctx.io.note(`cdba: project ${name} created (${id}); make it the profile's with \`${ctx.followUp('projects', 'use', id)}\``);
}
