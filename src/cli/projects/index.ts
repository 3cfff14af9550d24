// `cdba projects ...`: list, get, create, delete, use.
import type { Command } from '@commander-js/extra-typings';
import { withExamples, type App } from '../command.js';
import { registerProjectsCreate } from './create.js';
import { registerProjectsDelete } from './delete.js';
import { registerProjectsGet } from './get.js';
import { registerProjectsList } from './list.js';
import { registerProjectsUse } from './use.js';

export function registerProjects(program: Command, app: App): void {
  const group = program.command('projects').description('list, inspect, create and delete projects, and pick the one to work in');
  withExamples(group, [
    ['Find your organization, create a project there and work in it', 'cdba orgs list && cdba projects create app --org-id <org-id> && cdba projects use app'],
    ['Names and IDs of every project', "cdba projects list -o json --query 'results[].[name,id]'"],
  ]);
  registerProjectsList(group, app);
  registerProjectsGet(group, app);
  registerProjectsCreate(group, app);
  registerProjectsDelete(group, app);
  registerProjectsUse(group, app);
}
