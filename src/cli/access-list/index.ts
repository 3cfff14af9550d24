// `cdba access-list ...`: the project's IP access list, which decides who may connect
// to its clusters (not the access list of an API key, which decides who may call the API).
import type { Command } from '@commander-js/extra-typings';
import { withExamples, type App } from '../command.js';
import { registerAccessListAdd } from './add.js';
import { registerAccessListDelete } from './delete.js';
import { registerAccessListList } from './list.js';
import { registerAccessListStatus } from './status.js';

export function registerAccessList(program: Command, app: App): void {
  const group = program
    .command('access-list')
    .description("the project's IP access list: which addresses may connect to its clusters");
  withExamples(group, [
    ['Let this machine connect for an hour', 'cdba access-list add --current-ip --delete-after 1h --watch'],
    ['Every entry, one per line', "cdba access-list list -o json --query 'results[].cidrBlock' | jq -r '.[]'"],
  ]);
  registerAccessListList(group, app);
  registerAccessListAdd(group, app);
  registerAccessListStatus(group, app);
  registerAccessListDelete(group, app);
}
