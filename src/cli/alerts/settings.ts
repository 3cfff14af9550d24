// `cdba alerts settings list|get|create|update|delete|enable|disable|fields`: a project's
// alert configurations (the Atlas CLI's `alerts settings`). update is a PUT of the whole
// configuration: with flags alone cdba reads the current one first and changes what the
// flags say, as a PUT that left a field out would drop it (`enabled` becomes false).
import { Option, type Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { MATCHER_OPERATORS, NOTIFICATION_TYPES, THRESHOLD_OPERATORS, numberFlag, upperFlag } from './choices.js';
import { choiceFlag, completedArgument, intFlag, lookup, withDetails, withExamples, type App } from '../command.js';
import type { SettingsFlags } from './settingsBody.js';
import { CONFIG_LIST_TABLE, CONFIG_TABLE, FIELD_TABLE } from './view.js';

const MAX_LIMIT = 500;
const ID = /^[a-f0-9]{24}$/;
const configArgument = () => completedArgument('<id>', 'the alert configuration ID', lookup('alert-configs'));

function checkId(id: string): void {
  if (!ID.test(id)) throw new UsageError(`invalid alert configuration ID "${id}": expected 24 hexadecimal digits`, { hint: 'see `cdba alerts settings list`' });
}

/** The common flags of create and update. */
function bodyOptions<C extends Command<[string] | [], Record<string, unknown>>>(command: C): C {
  command
    .option('--file <file>', 'JSON configuration (- is stdin); flags change it')
    .option('--event <type>', 'the event type, e.g. NO_PRIMARY', upperFlag('--event'))
    .option('--enabled', 'the configuration is on')
    .option('--no-enabled', 'the configuration is off')
    .option('--notification-type <type>', 'who is told: GROUP, EMAIL, USER, SMS, TEAM, ...', choiceFlag('--notification-type', NOTIFICATION_TYPES, { upper: true }))
    .option('--notification-email-address <address>', 'the address of an EMAIL notification')
    .option('--notification-username <user>', 'the user of a USER notification')
    .option('--notification-mobile-number <number>', 'the number of an SMS notification')
    .option('--notification-interval-min <n>', 'minutes between notifications, 5 or more', intFlag('--notification-interval-min', 5))
    .option('--notification-delay-min <n>', 'minutes to wait before the first', intFlag('--notification-delay-min', 0))
    .option('--notification-email-enabled', 'GROUP, ORG, TEAM, USER: by email')
    .option('--notification-sms-enabled', 'GROUP, ORG, TEAM, USER: by text message')
    .option('--matcher-field-name <name>', 'match on this field (`alerts settings fields`)', upperFlag('--matcher-field-name'))
    .option('--matcher-operator <op>', 'how: EQUALS, CONTAINS, STARTS_WITH, REGEX, ...', choiceFlag('--matcher-operator', MATCHER_OPERATORS, { upper: true }))
    .option('--matcher-value <value>', 'the value to match')
    .option('--metric-name <name>', 'the metric, e.g. CONNECTIONS_PERCENT', upperFlag('--metric-name'))
    .option('--metric-operator <op>', THRESHOLD_OPERATORS.join(' or '), choiceFlag('--metric-operator', THRESHOLD_OPERATORS, { upper: true }))
    .option('--metric-threshold <n>', 'the limit', numberFlag('--metric-threshold'))
    .option('--metric-units <units>', 'its units: RAW, BYTES, SECONDS, ...', upperFlag('--metric-units'));
  withDetails(command, {
    about: 'update is a PUT that replaces the whole configuration: a field it leaves out is gone, and `enabled` left out is false. With --file the file is the new configuration; with flags alone cdba reads the current one and changes only what the flags say.',
    options: {
    '--file': 'A whole configuration, as `alerts settings get -o json` prints it (its id, groupId, created, updated and links are left out of what is sent). Checked before any request: a mistake names the field by its JSON path',
    '--notification-type': 'The flags change the first notification, making a GROUP one when there is none',
    '--metric-name': 'The metric flags change metricThreshold; its mode is AVERAGE, the one the service has',
    '--matcher-field-name': 'The three matcher flags together make the configuration\'s one matcher',
    },
  });
  return command;
}

export function registerAlertSettings(group: Command, app: App): void {
  const settings = group.command('settings').alias('config').description("list, inspect, create, change and delete the project's alert configurations");
  withExamples(settings, [
    ['What the project is alerted on', 'cdba alerts settings list'],
    ['IDs of the NO_PRIMARY configurations', "cdba alerts settings list --all -o json --query \"results[?eventTypeName=='NO_PRIMARY'].id\""],
    ['Email when a replica set has no primary', 'cdba alerts settings create --event NO_PRIMARY --notification-type EMAIL --notification-email-address ops@example.com --notification-interval-min 5'],
  ]);

  const list = settings
    .command('list')
    .alias('ls')
    .description("list the project's alert configurations")
    .option('--page <n>', 'page number, from 1', intFlag('--page', 1))
    .option('--limit <n>', `configurations per page, 1 to ${MAX_LIMIT} (default 100)`, intFlag('--limit', 1, MAX_LIMIT))
    .addOption(new Option('--all', 'every configuration, all pages').conflicts(['page', 'limit']))
    .option('--no-count', 'do not ask the service for the total (totalCount is left out)')
    .action(async (options, cmd) => runSettingsList(app.context(cmd), options));
  withExamples(list, [
    ['Every configuration', 'cdba alerts settings list --all'],
    ['The ones turned off', "cdba alerts settings list --all -o json --query 'results[?!enabled].id'"],
  ]);

  const get = settings
    .command('get')
    .alias('describe')
    .description('show one alert configuration')
    .addArgument(configArgument())
    .action(async (id, _options, cmd) => runSettingsGet(app.context(cmd), id));
  withExamples(get, [
    ['As JSON, to edit and send back with update --file', 'cdba alerts settings get 6a793faec0eb9e7a177175e1 -o pretty > alert.json'],
    ['Whether it is on', 'cdba alerts settings get 6a793faec0eb9e7a177175e1 -o json --query enabled'],
  ]);

  const create = bodyOptions(settings.command('create').description('create an alert configuration from a file, the flags, or both (the flags win)'));
  create.action(async (options, cmd) => runSettingsCreate(app.context(cmd), options as SettingsFlags));
  withExamples(create, [
    ['Connections over 80%', 'cdba alerts settings create --event OUTSIDE_METRIC_THRESHOLD --metric-name CONNECTIONS_PERCENT --metric-operator GREATER_THAN --metric-threshold 80 --metric-units RAW --notification-type GROUP --notification-email-enabled'],
    ['From a file', 'cdba alerts settings create --file alert.json'],
    ['Copy one, printing the new ID', "cdba alerts settings get 6a793faec0eb9e7a177175e1 -o json | cdba alerts settings create --file - -o json --query id"],
  ]);

  const update = bodyOptions(settings.command('update').description('replace an alert configuration (PUT); flags alone change the current one').addArgument(configArgument()));
  update.action(async (id, options, cmd) => runSettingsUpdate(app.context(cmd), id as string, options as SettingsFlags));
  withExamples(update, [
    ['Every 15 minutes instead (the rest kept)', 'cdba alerts settings update 6a793faec0eb9e7a177175e1 --notification-interval-min 15'],
    ['From an edited get -o pretty', 'cdba alerts settings update 6a793faec0eb9e7a177175e1 --file alert.json'],
    ['Turned off, as jq edits it', "cdba alerts settings get 6a793faec0eb9e7a177175e1 -o json | jq '.enabled = false' | cdba alerts settings update 6a793faec0eb9e7a177175e1 --file -"],
  ]);

  const del = settings
    .command('delete')
    .alias('rm')
    .description('delete an alert configuration (asks first; -y/--yes skips the question, and is required without a terminal)')
    .addArgument(configArgument())
    .action(async (id, _options, cmd) => runSettingsDelete(app.context(cmd), id));
  withExamples(del, [
    ['Delete, asking first', 'cdba alerts settings delete 6a793faec0eb9e7a177175e1'],
    ['In a script: every disabled one', "cdba alerts settings list --all -o json --query 'results[?!enabled].id' | jq -r '.[]' | xargs -n1 cdba alerts settings delete --yes"],
  ]);

  for (const [verb, enabled] of [['enable', true], ['disable', false]] as const) {
    const toggle = settings
      .command(verb)
      .description(`turn an alert configuration ${enabled ? 'on' : 'off'}, the rest kept`)
      .addArgument(configArgument())
      .action(async (id, _options, cmd) => runSettingsToggle(app.context(cmd), id, enabled));
    withExamples(toggle, [
      [`Turn it ${enabled ? 'on' : 'off'}`, `cdba alerts settings ${verb} 6a793faec0eb9e7a177175e1`],
      ['Print whether it is on now', `cdba alerts settings ${verb} 6a793faec0eb9e7a177175e1 -o json --query enabled`],
    ]);
  }

  const fields = settings
    .command('fields')
    .description('the field names a matcher may use (--matcher-field-name)')
    .action(async (_options, cmd) => runSettingsFields(app.context(cmd)));
  withExamples(fields, [
    ['The names', 'cdba alerts settings fields'],
    ['One a line, for a script', "cdba alerts settings fields -o json | jq -r '.[]'"],
  ]);
}

export async function runSettingsList(ctx: Context, flags: { page?: number; limit?: number; all?: boolean; count: boolean }): Promise<void> {
  const { listAlertConfigs, listAllAlertConfigs } = await import('../../api/resources/alerts.js');
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  if (flags.all) {
    await ctx.output(await listAllAlertConfigs(client, projectId, flags.count ? {} : { count: false }), CONFIG_LIST_TABLE);
    return;
  }
  await ctx.output(
    await listAlertConfigs(client, projectId, {
      ...(flags.page !== undefined ? { pageNum: flags.page } : {}),
      ...(flags.limit !== undefined ? { itemsPerPage: flags.limit } : {}),
      ...(flags.count ? {} : { includeCount: false }),
    }),
    CONFIG_LIST_TABLE,
  );
}

export async function runSettingsGet(ctx: Context, id: string): Promise<void> {
  checkId(id);
  const projectId = await ctx.projectId();
  const { getAlertConfig } = await import('../../api/resources/alerts.js');
  await ctx.output(await getAlertConfig(await ctx.api(), projectId, id), CONFIG_TABLE);
}

async function fromFile(ctx: Context, file: string): Promise<{ source: string; doc: Record<string, unknown> }> {
  const { readJsonObject } = await import('../../core/input.js');
  return { source: file === '-' ? 'stdin' : file, doc: await readJsonObject(ctx.io, file) };
}

export async function runSettingsCreate(ctx: Context, flags: SettingsFlags): Promise<void> {
  const { applyFlags, checkSettings, hasBodyFlags } = await import('./settingsBody.js');
  if (flags.file === undefined && !hasBodyFlags(flags)) throw new UsageError('alerts settings create needs --file or flags (at least --event and a notification)', { hint: 'e.g. --event NO_PRIMARY --notification-type GROUP --notification-email-enabled' });
  const file = flags.file === undefined ? undefined : await fromFile(ctx, flags.file);
  const defaults = file ? {} : { enabled: true };
  const body = checkSettings(applyFlags({ ...defaults, ...(file?.doc ?? {}) }, flags), file?.source ?? 'the flags');
  const projectId = await ctx.projectId();
  const { createAlertConfig } = await import('../../api/resources/alerts.js');
  const created = await createAlertConfig(await ctx.api(), projectId, body, `the configuration may have been created; check with ${ctx.followUp('alerts', 'settings', 'list')}`);
  ctx.io.note(`cdba: alert configuration ${String(created.id)} created`);
  await ctx.output(created, CONFIG_TABLE);
}

export async function runSettingsUpdate(ctx: Context, id: string, flags: SettingsFlags): Promise<void> {
  checkId(id);
  const { applyFlags, checkSettings, hasBodyFlags, withoutReadOnly } = await import('./settingsBody.js');
  if (flags.file === undefined && !hasBodyFlags(flags)) throw new UsageError('alerts settings update needs --file or a flag to change', { hint: 'an update replaces the whole configuration; flags alone change the current one' });
  const file = flags.file === undefined ? undefined : await fromFile(ctx, flags.file);
  if (file) checkSettings(applyFlags(file.doc, flags), file.source);
  const projectId = await ctx.projectId();
  const api = await import('../../api/resources/alerts.js');
  const client = await ctx.api();
  // A PUT replaces: without a file, what is not changed must be sent as it is.
  const base = file ? file.doc : withoutReadOnly(await api.getAlertConfig(client, projectId, id));
  const body = checkSettings(applyFlags(base, flags), file ? file.source : `alert configuration ${id} with the flags`);
  const updated = await api.replaceAlertConfig(client, projectId, id, body);
  ctx.io.note(`cdba: alert configuration ${id} replaced`);
  await ctx.output(updated, CONFIG_TABLE);
}

export async function runSettingsDelete(ctx: Context, id: string): Promise<void> {
  checkId(id);
  ctx.requireConfirmable();
  const projectId = await ctx.projectId();
  const { profileName } = await ctx.settings();
  await ctx.confirm(`Delete alert configuration ${id} of project ${projectId} (profile "${profileName}")? Its alerts stop.`);
  const { deleteAlertConfig } = await import('../../api/resources/alerts.js');
  await deleteAlertConfig(await ctx.api(), projectId, id);
  ctx.io.note(`cdba: alert configuration ${id} deleted`);
}

export async function runSettingsToggle(ctx: Context, id: string, enabled: boolean): Promise<void> {
  checkId(id);
  const projectId = await ctx.projectId();
  const { toggleAlertConfig } = await import('../../api/resources/alerts.js');
  await ctx.output(await toggleAlertConfig(await ctx.api(), projectId, id, enabled), CONFIG_TABLE);
}

export async function runSettingsFields(ctx: Context): Promise<void> {
  const { listMatcherFieldNames } = await import('../../api/resources/alerts.js');
  await ctx.output(await listMatcherFieldNames(await ctx.api()), FIELD_TABLE);
}
