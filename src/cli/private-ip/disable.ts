// `cdba private-ip disable`: the seed's one state transition of the setting,
// enabled=true -> PATCH {enabled:false} -> enabled=false. It explains the change,
// lists the clusters' private strings, confirms (TTY) or needs --yes (no TTY, exit 2),
// then prints the setting the service returned. Already off: says so, no PATCH.
import type { Command } from '@commander-js/extra-typings';
import { listAllClusters } from '../../api/resources/clusters.js';
import { getPrivateIpMode, setPrivateIpMode } from '../../api/resources/privateIpMode.js';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';
import { clusterLines, transitionLines, type ClusterStrings } from './explain.js';
import { settingTable } from './setting.js';

export function registerPrivateIpDisable(parent: Command, app: App): void {
  const command = parent
    .command('disable')
    .description('turn private IP (peering-only) mode off, after explaining the change and confirming (-y/--yes skips the question)')
    .action(async (_options, cmd) => runPrivateIpDisable(app.context(cmd)));
  withExamples(command, [
    ['Review the clusters\' private strings, then confirm', 'cdba private-ip disable'],
    ['In CI: no question, and print only the new value', "cdba private-ip disable --yes -o json --query enabled"],
  ]);
}

export async function runPrivateIpDisable(ctx: Context): Promise<void> {
  const projectId = await ctx.projectId();
  ctx.requireConfirmable(); // no terminal, no --yes: refuse before the first request
  const client = await ctx.api();
  const table = settingTable(projectId);
  const current = await getPrivateIpMode(client, projectId);
  if (!current.body.enabled) {
    ctx.io.note(`cdba: private IP mode is already off for project ${projectId}; nothing to do`);
    await ctx.output(current.body, table);
    return;
  }

  const [{ results }, { listConnectionStrings }] = await Promise.all([
    listAllClusters(client, projectId),
    import('../../connstring/index.js'),
  ]);
  const clusters: ClusterStrings[] = results.map((cluster) => ({
    name: typeof cluster.name === 'string' ? cluster.name : '(unnamed)',
    entries: listConnectionStrings(cluster),
  }));
  await ctx.confirm(`Turn private IP mode off for project ${projectId}?`, false, [...transitionLines(projectId), '', ...clusterLines(projectId, clusters, `${ctx.followUp('conn-string', 'list')} <name>`)]);
  const updated = await setPrivateIpMode(client, projectId, false);
  ctx.io.note(`cdba: private IP mode is now ${updated.body.enabled ? 'still on' : 'off'} for project ${projectId}`);
  await ctx.output(updated.body, table);
}
