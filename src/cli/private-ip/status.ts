// `cdba private-ip status`: whether peering-only (private IP) mode is on for the project.
import type { Command } from '@commander-js/extra-typings';
import { getPrivateIpMode } from '../../api/resources/privateIpMode.js';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { settingTable } from './setting.js';

export function registerPrivateIpStatus(parent: Command, app: App): void {
  const command = parent
    .command('status')
    .description('show whether private IP (peering-only) mode is on for the project')
    .action(async (_options, cmd) => runPrivateIpStatus(app.context(cmd)));
  withExamples(command, [
    ['The setting of the profile\'s project', 'cdba private-ip status'],
    ['Fail a CI step while the mode is still on', "test \"$(cdba private-ip status -o json --query enabled)\" = false"],
  ]);
}

export async function runPrivateIpStatus(ctx: Context): Promise<void> {
  const projectId = await ctx.projectId();
  const { body } = await getPrivateIpMode(await ctx.api(), projectId);
  await ctx.output(body, settingTable(projectId));
}
