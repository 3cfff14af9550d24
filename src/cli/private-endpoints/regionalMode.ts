// `cdba private-endpoints regional-mode get|enable|disable`: the project's regionalized
// private endpoint setting. On, each region's endpoints give their own (regionalized)
// strings, which multi-region sharded clusters need; off is refused while endpoints are
// in more than one region.
import type { Command } from '@commander-js/extra-typings';
import { ApiError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { REGIONAL_MODE_TABLE } from './view.js';

export function registerRegionalMode(parent: Command, app: App): void {
  const group = parent.command('regional-mode').description('the regionalized private endpoint setting: regional strings for each region\'s endpoints');
  withExamples(group, [
    ['Is it on?', 'cdba private-endpoints regional-mode get'],
    ['In a script: turn it on unless it is', "cdba private-endpoints regional-mode get -o json --query enabled | grep -q true || cdba private-endpoints regional-mode enable"],
  ]);
  const get = group
    .command('get')
    .description('show whether the setting is on')
    .action(async (_options, cmd) => runRegionalModeGet(app.context(cmd)));
  withExamples(get, [
    ['As a table', 'cdba private-endpoints regional-mode get'],
    ['The bare value', 'cdba private-endpoints regional-mode get -o json --query enabled | tr -d \'\\n\''],
  ]);
  for (const [verb, enabled] of [['enable', true], ['disable', false]] as const) {
    const command = group
      .command(verb)
      .description(enabled ? 'turn it on: each region\'s endpoints give regionalized strings' : 'turn it off (refused while endpoints are in more than one region)')
      .action(async (_options, cmd) => runRegionalModeSet(app.context(cmd), enabled));
    withExamples(command, [
      [enabled ? 'Turn it on' : 'Turn it off', `cdba private-endpoints regional-mode ${verb}`],
      ['Then the strings of cluster c1', `cdba private-endpoints regional-mode ${verb} && cdba conn-string list c1 | grep -i endpoint`],
    ]);
  }
}

export async function runRegionalModeGet(ctx: Context): Promise<void> {
  const { getRegionalMode } = await import('../../api/resources/privateEndpoints.js');
  const projectId = await ctx.projectId();
  await ctx.output((await getRegionalMode(await ctx.api(), projectId)).body, REGIONAL_MODE_TABLE);
}

export async function runRegionalModeSet(ctx: Context, enabled: boolean): Promise<void> {
  const { setRegionalMode } = await import('../../api/resources/privateEndpoints.js');
  const projectId = await ctx.projectId();
  try {
    await ctx.output((await setRegionalMode(await ctx.api(), projectId, enabled)).body, REGIONAL_MODE_TABLE);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.hint === undefined) {
      error.hint = `remove the endpoints of all regions but one first: ${ctx.followUp('private-endpoints', 'list')}`;
    }
    throw error;
  }
}
