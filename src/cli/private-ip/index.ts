// `cdba private-ip ...`: the project's peering-only (private IP) mode setting.
import type { Command } from '@commander-js/extra-typings';
import { withExamples, type App } from '../command.js';
import { registerPrivateIpDisable } from './disable.js';
import { registerPrivateIpStatus } from './status.js';

export function registerPrivateIp(program: Command, app: App): void {
  const group = program
    .command('private-ip')
    .description("the project's private IP (peering-only) mode: show it, or turn it off");
  withExamples(group, [
    ['Is peering-only mode on?', 'cdba private-ip status'],
    ['In a script: true or false', "cdba private-ip status -o json --query enabled"],
  ]);
  registerPrivateIpStatus(group, app);
  registerPrivateIpDisable(group, app);
}
