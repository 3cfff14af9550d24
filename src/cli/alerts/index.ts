// `cdba alerts ...`: a project's alerts (list, get, ack, unack) and its alert
// configurations (`alerts settings ...`), issue 45 item 2.
import type { Command } from '@commander-js/extra-typings';
import { registerLookup, withExamples, type App } from '../command.js';
import { registerAlertVerbs } from './alerts.js';
import { registerAlertSettings } from './settings.js';

export function registerAlerts(program: Command, app: App): void {
  registerLookup(program, 'alerts', { load: async () => { const { alertIds } = await import('./completion.js'); return (ctx) => alertIds(ctx); } });
  registerLookup(program, 'alert-configs', { load: async () => { const { alertConfigIds } = await import('./completion.js'); return (ctx) => alertConfigIds(ctx); } });
  const group = program.command('alerts').description("the project's alerts: list, inspect, acknowledge; and what it is alerted on (settings)");
  withExamples(group, [
    ['What is open', 'cdba alerts list --status OPEN'],
    ['Quiet one for a day', 'cdba alerts ack 5efdb5dd5b306e51e2e9b05b --until 1d'],
    ['The configurations', 'cdba alerts settings list'],
    ['How many are open', "cdba alerts list --status OPEN -o json --query totalCount"],
  ]);
  registerAlertVerbs(group, app);
  registerAlertSettings(group, app);
}
