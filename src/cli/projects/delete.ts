// `cdba projects delete <id|name>`: asks first on a terminal; elsewhere it needs the
// global -y/--yes and refuses (exit 2) before sending anything. The service refuses
// while the project still has clusters.
import type { Command } from '@commander-js/extra-typings';
import { ApiError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { followUp, pickProjectHint } from '../../core/hints.js';
import { withExamples, type App } from '../command.js';
import { resolveProject } from './resolve.js';

export function registerProjectsDelete(parent: Command, app: App): void {
  const command = parent
    .command('delete')
    .alias('rm')
    .description("delete a project that has no clusters left (asks first, warning when it is the profile's project; -y/--yes skips the question, and is required without a terminal)")
    .argument('<id|name>', 'project ID or name')
    .action(async (idOrName, _options, cmd) => runProjectsDelete(app.context(cmd), idOrName));
  withExamples(command, [
    ['Delete, asking first', 'cdba projects delete scratch'],
    ["Delete the profile's own project, then make another one the profile's", 'cdba projects delete scratch --yes && cdba projects use app'],
    ['In a script: delete every project whose name starts with tmp-', "cdba projects list -o json --query \"results[?starts_with(name,'tmp-')].id\" | jq -r '.[]' | xargs -n1 cdba projects delete --yes"],
  ]);
}

export async function runProjectsDelete(ctx: Context, idOrName: string): Promise<void> {
  ctx.requireConfirmable();
  const client = await ctx.api();
  const project = await resolveProject(ctx, client, idOrName);
  // The profile's own project: after the delete every command under it fails until another is chosen.
  const { settings, sources } = await ctx.resolve();
  const own = sources.projectId === 'profile' && settings.projectId === project.id ? `profile "${settings.profileName}"` : undefined;
  const pick = pickProjectHint(ctx.globals);
  const warning = own && `cdba: warning: project ${project.name} (${project.id}) is the current project of ${own}; after the delete, ${pick}`;
  await ctx.confirm(`Delete project "${project.name}" (${project.id})?`, undefined, warning ? [warning] : []);
  const { deleteProject } = await import('../../api/resources/projects.js');
  try {
    await deleteProject(client, project.id);
  } catch (error) {
    // What keeps the project, and what lists it, in the project's own context.
    const blocking: Readonly<Record<string, [string, string[]]>> = {
      CANNOT_CLOSE_GROUP_ACTIVE_ATLAS_CLUSTERS: ['clusters', ['clusters', 'list']],
      CANNOT_CLOSE_GROUP_ACTIVE_PEERING_CONNECTIONS: ['network peering connections', ['peering', 'list']],
      CANNOT_CLOSE_GROUP_ACTIVE_ATLAS_PRIVATE_ENDPOINT_SERVICES: ['private endpoint services', ['private-endpoints', 'list']],
    };
    const what = error instanceof ApiError && error.errorCode !== undefined ? blocking[error.errorCode] : undefined;
    if (what) (error as ApiError).hint = `delete its ${what[0]} first: ${followUp({ ...ctx.globals, projectId: project.id }, ...what[1])}`;
    throw error;
  }
  ctx.io.note(`cdba: project ${project.name} (${project.id}) deleted${own ? `; ${own} still names it: ${pick}` : ''}`);
}
