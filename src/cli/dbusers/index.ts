// `cdba dbusers ...`: list, get, create, update, delete the project's database users.
import type { Command } from '@commander-js/extra-typings';
import { withExamples, type App } from '../command.js';
import { registerDbUsersCreate } from './create.js';
import { registerDbUsersDelete } from './delete.js';
import { registerDbUsersGet } from './get.js';
import { registerDbUsersList } from './list.js';
import { registerDbUsersUpdate } from './update.js';

export function registerDbUsers(program: Command, app: App): void {
  const dbusers = program
    .command('dbusers')
    .description('list, inspect, create, change and delete the database users that connect to the clusters');
  withExamples(dbusers, [
    ['A user for the app, its password generated and printed once', 'cdba dbusers create app --role readWrite@app --scope cluster:c1 --generate-password'],
    ['Who may do what', 'cdba dbusers list'],
    ['Users that end within the week, one per line', "cdba dbusers list --all -o json --query 'results[?deleteAfterDate].username' | jq -r '.[]'"],
  ]);
  registerDbUsersList(dbusers, app);
  registerDbUsersGet(dbusers, app);
  registerDbUsersCreate(dbusers, app);
  registerDbUsersUpdate(dbusers, app);
  registerDbUsersDelete(dbusers, app);
}
