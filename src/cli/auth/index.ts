// `cdba auth ...`: the credentials in use.
import type { Command } from '@commander-js/extra-typings';
import { withExamples, type App } from '../command.js';
import { registerAuthStatus } from './status.js';

export function registerAuth(program: Command, app: App): void {
  const auth = program.command('auth').description('check the credentials in use against the service');
  withExamples(auth, [
    ['Are these credentials good, and what may they do?', 'cdba auth status'],
    ['In CI: fail early, and log the key roles', "cdba auth status -o json --query 'roles[].roleName' | jq -r '.[]'"],
  ]);
  registerAuthStatus(auth, app);
}
