// `cdba events ...`: what happened in a project or an organization (issue 45, item 1):
// list (filters, pages, --follow) and get.
import type { Command } from '@commander-js/extra-typings';
import { registerLookup, withExamples, type App } from '../command.js';
import { registerEventsGet } from './get.js';
import { registerEventsList } from './list.js';

export function registerEvents(program: Command, app: App): void {
  registerLookup(program, 'event-types', { local: true, load: async () => (await import('./completion.js')).eventTypes });
  registerLookup(program, 'events', { load: async () => (await import('./completion.js')).eventIds });
  const group = program.command('events').description('what happened in the project or the organization: changes, who made them, and the service\'s own');
  withExamples(group, [
    ["The project's latest events", 'cdba events list'],
    ['Follow them as they come', 'cdba events list --follow --type CLUSTER_READY'],
    ['Which clusters were deleted today', "cdba events list --type CLUSTER_DELETED --since 1d -o json --query 'results[].clusterName'"],
  ]);
  registerEventsList(group, app);
  registerEventsGet(group, app);
}
