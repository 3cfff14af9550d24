// `cdba conn-string ...`: the connection strings a cluster is issued (get, list)
// and, offline, which of the seed's shapes a string is (parse).
// `cdba conn-string <cluster>` is short for `cdba conn-string get <cluster>`.
import type { Command } from '@commander-js/extra-typings';
import { withExamples, type App } from '../command.js';
import { registerConnStringGet } from './get.js';
import { registerConnStringList } from './list.js';
import { registerConnStringParse } from './parse.js';

export function registerConnString(program: Command, app: App): void {
  const group = program
    .command('conn-string')
    .description('connection strings: get one of a cluster, list them all, or parse one offline (conn-string <cluster> = get)');
  withExamples(group, [
    ['Connect with mongosh using the SRV string', 'mongosh "$(cdba conn-string c1)"'],
    ['Every private-endpoint string of a cluster', "cdba conn-string list c1 -o json --query \"[?type=='private-endpoint'].connectionString\""],
    ['Which shape a string is, offline', 'cdba conn-string parse mongodb+srv://c1-pl-0-lb.ab12c.mongodb.net'],
  ]);
  // Registered first and as the default: `conn-string c1` runs `conn-string get c1`;
  // a cluster named like a subcommand is reached through `conn-string get list`.
  registerConnStringGet(group, app);
  registerConnStringList(group, app);
  registerConnStringParse(group, app);
}
