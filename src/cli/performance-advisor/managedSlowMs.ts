// `cdba performance-advisor managed-slow-ms status|enable|disable`: the project's managed
// slow operation threshold (on: the service sets the slow threshold from the cluster's
// average operation time; off: mongod's 100 ms).
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';

export function registerManagedSlowMs(parent: Command, app: App): void {
  const group = parent.command('managed-slow-ms').description("the project's managed slow operation threshold: status, enable, disable");
  const examples: Array<[string, string]> = [
    ['Is it on?', 'cdba performance-advisor managed-slow-ms status'],
    ["Back to mongod's fixed 100 ms", 'cdba performance-advisor managed-slow-ms disable'],
    ['In a script', "cdba performance-advisor managed-slow-ms status -o json | jq -e .managedSlowMs"],
  ];
  withExamples(group, examples);
  withExamples(group.command('status').description('whether the threshold is managed (prints enabled or disabled)').action(async (_o, cmd) => runManagedSlowMs(app.context(cmd), 'status')), examples);
  withExamples(group.command('enable').description('let the service set the slow operation threshold from the workload').action(async (_o, cmd) => runManagedSlowMs(app.context(cmd), 'enable')), examples);
  withExamples(group.command('disable').description("go back to mongod's fixed slow operation threshold (100 ms)").action(async (_o, cmd) => runManagedSlowMs(app.context(cmd), 'disable')), examples);
}

export async function runManagedSlowMs(ctx: Context, verb: 'status' | 'enable' | 'disable'): Promise<void> {
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const api = await import('../../api/resources/performanceAdvisor.js');
  if (verb !== 'status') {
    await api.setManagedSlowMs(client, projectId, verb === 'enable');
    ctx.io.note(`managed slow operation threshold ${verb}d for project ${projectId}`);
    return;
  }
  const enabled = await api.getManagedSlowMs(client, projectId);
  await ctx.output({ managedSlowMs: enabled }, { columns: [{ header: 'MANAGED SLOW MS', value: (r: { v: string }) => r.v }], rows: () => [{ v: enabled ? 'enabled' : 'disabled' }] });
}
