// `cdba processes ...`: the project's processes (mongod and mongos), as the service names
// them (`host:port`); list and get (issue 45, item 3). Other groups take a process or a
// cluster's name through public.ts.
import type { Command } from '@commander-js/extra-typings';
import { registerLookup, withExamples, type App } from '../command.js';
import { registerProcessesGet } from './get.js';
import { registerProcessesList } from './list.js';

export function registerProcesses(program: Command, app: App): void {
  // The project's process IDs (`lookup('processes')`).
  registerLookup(program, 'processes', { load: async () => { const { processIds } = await import('./completion.js'); return (ctx) => processIds(ctx); } });
  const group = program
    .command('processes')
    .description("list and inspect the project's MongoDB processes (mongod, mongos), named host:port");
  withExamples(group, [
    ['Every process, with its type and replica set', 'cdba processes list'],
    ["One cluster's", 'cdba processes list --cluster c1'],
    ['One process', 'cdba processes get atlas-abc123-shard-00-00.xyz12.mongodb.net:27017'],
  ]);
  registerProcessesList(group, app);
  registerProcessesGet(group, app);
}
