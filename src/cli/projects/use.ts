// `cdba projects use <id|name>`: makes a project the profile's (its projectId), after
// checking with the service that it exists and these credentials can see it.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { VALIDATORS } from '../../config/validate.js';
import { withExamples, type App } from '../command.js';
import { resolveProject } from './resolve.js';

export function registerProjectsUse(parent: Command, app: App): void {
  const command = parent
    .command('use')
    .description("make a project the profile's: later commands act on it (sets the profile's projectId)")
    .argument('<id|name>', 'project ID or name')
    .action(async (idOrName, _options, cmd) => runProjectsUse(app.context(cmd), idOrName));
  withExamples(command, [
    ['Work in the project named app from now on', 'cdba projects use app'],
    ['Switch, then confirm which project the profile names', "cdba projects use app && cdba profile show -o json --query \"settings[?key=='projectId'].value | [0]\""],
  ]);
}

export async function runProjectsUse(ctx: Context, idOrName: string): Promise<void> {
  // Like profile set, it writes the profile, creating it when -P names one not there yet.
  ctx.allowMissingProfile = true;
  const project = await resolveProject(ctx, await ctx.api(), idOrName);
  const projectId = VALIDATORS.projectId(project.id);
  const resolved = await ctx.resolve();
  const profileName = resolved.settings.profileName;
  await (await ctx.config()).update((config) => {
    config.profiles[profileName] = { ...(config.profiles[profileName] ?? {}), projectId };
    config.currentProfile ??= profileName;
  });
  ctx.io.note(`cdba: profile "${profileName}" now uses project ${project.name} (${projectId})`);
  // A flag or CDBA_PROJECT_ID still wins over the profile: say so rather than surprise.
  const source = resolved.sources.projectId;
  if (source === 'flag' || source === 'env') {
    ctx.io.note(`cdba: note: ${source === 'flag' ? '--project-id' : 'CDBA_PROJECT_ID'} is set and takes precedence over the profile's projectId`);
  }
}
