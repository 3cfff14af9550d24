// The handlers of alerts and alert configurations, as the recordings answer them
// (reference README, Diagnostics facts 3 to 6): documents with their keys in the
// service's (alphabetical) order; a single alert links to itself, its configuration and
// `…/alertConfigs`, a list item to itself only; a configuration links to itself and its
// alerts. The rels of those links are the service's base URL and a word
// (`<base>/alertConfig`): the emulator's own base, as the live service uses its own.
import { ALERT_CONFIG_READ_ONLY, MATCHER_FIELD_NAMES, checkAlertConfig, problemField } from '../../../model/alertConfig.js';
import { selfHref, serviceNow, type Link } from '../../context.js';
import type { Handler, ReadOnlyFields, RequestContext } from '../../contract.js';
import { ApiFailure, failures } from '../../errors.js';
import { pageParams, paginate } from '../../pagination.js';
import { isoSeconds, objectId } from '../../store.js';
import { projectOf } from '../projects/index.js';
import { raiseAlerts } from './raise.js';
import { ALERT_STATUSES, projectAlerting, withNotifierIds, type AlertConfigRecord, type AlertRecord, type AlertStatus, type ProjectAlerting } from './state.js';

type Doc = Record<string, unknown>;

/** The service's error-code table: ALERT_NOT_FOUND, ALERT_CONFIG_NOT_FOUND (no recording of either). */
export const alertFailures = {
  alertNotFound: (id: string) => new ApiFailure(404, 'ALERT_NOT_FOUND', `No alert with ID ${id} exists.`, [id]),
  alertConfigNotFound: (id: string) => new ApiFailure(404, 'ALERT_CONFIG_NOT_FOUND', `No alert configuration with ID ${id} exists.`, [id]),
};

const MAX_COMMENT = 200; // AcknowledgeAlert.acknowledgementComment maxLength

const sorted = (doc: Doc): Doc => Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const groupRoot = (ctx: RequestContext, groupId: string): string => `${ctx.baseUrl}/api/atlas/v2/groups/${groupId}`;
const rel = (ctx: RequestContext, word: string): string => `${ctx.baseUrl}/${word}`;

function v2Only(ctx: RequestContext): void {
  if (ctx.api !== 'v2') throw failures.resourceNotFound(ctx.path);
}

/** The project's alerting, its raised alerts brought up to date (committed when they changed). */
async function alertingFor(ctx: RequestContext): Promise<ProjectAlerting> {
  v2Only(ctx);
  const project = projectOf(ctx);
  const { store } = ctx.services;
  const known = store.world.alerting?.projects.some((p) => p.groupId === project.id) ?? false;
  const alerting = projectAlerting(store.world, project.id, serviceNow(ctx.services));
  const now = serviceNow(ctx.services);
  const raised = raiseAlerts(store, alerting, project.orgId, now, now, ctx.services.transitionMs);
  if (raised || !known) await store.commit();
  return alerting;
}

export function renderAlert(ctx: RequestContext, alert: AlertRecord, single: boolean): Doc {
  const root = groupRoot(ctx, alert.groupId);
  const links: Link[] = [{ href: `${root}/alerts/${alert.id}`, rel: 'self' }];
  if (single) {
    links.push({ href: `${root}/alertConfigs/${alert.alertConfigId}`, rel: rel(ctx, 'alertConfig') });
    links.push({ href: `${root}/alerts/${alert.id}/alertConfigs`, rel: rel(ctx, 'alertConfigs') });
  }
  const { about, condition: _condition, ...fields } = alert;
  return sorted({ ...fields, ...about, links });
}

export function renderConfig(ctx: RequestContext, config: AlertConfigRecord, single: boolean): Doc {
  const root = groupRoot(ctx, config.groupId);
  const links: Link[] = [{ href: `${root}/alertConfigs/${config.id}`, rel: 'self' }];
  if (single) links.push({ href: `${root}/alertConfigs/${config.id}/alerts`, rel: rel(ctx, 'alerts') });
  return sorted({ ...config.fields, id: config.id, groupId: config.groupId, created: config.created, updated: config.updated, links });
}

/**
 * A list page, its links repeating the query (a filter such as `status=CLOSED` among it, as
 * pagination.ts writes it); `self` first, then the others, as paginate orders them (recorded:
 * [self, next] in TestAlerts__List_* and TestAlertConfig__List_*).
 */
function page<T>(ctx: RequestContext, items: readonly T[]): Doc {
  return sorted(paginate(items, pageParams(ctx.query), selfHref(ctx)) as unknown as Doc);
}

const byCreated = <T extends { created: string; id: string }>(a: T, b: T): number => a.created.localeCompare(b.created) || a.id.localeCompare(b.id);

function findAlert(alerting: ProjectAlerting, id: string): AlertRecord {
  const alert = alerting.alerts.find((a) => a.id === id);
  if (!alert) throw alertFailures.alertNotFound(id);
  return alert;
}

function findConfig(alerting: ProjectAlerting, id: string): AlertConfigRecord {
  const config = alerting.configs.find((c) => c.id === id);
  if (!config) throw alertFailures.alertConfigNotFound(id);
  return config;
}

/** listGroupAlerts: every status without `status` (OPEN and CLOSED together, recorded), oldest first. */
export const listAlerts: Handler = async (ctx) => {
  const status = ctx.query.get('status');
  if (status !== null && !(ALERT_STATUSES as readonly string[]).includes(status)) throw failures.invalidQueryParameter('status', status, `It must be one of ${ALERT_STATUSES.join(', ')}.`);
  const alerting = await alertingFor(ctx);
  const items = alerting.alerts.filter((a) => status === null || a.status === (status as AlertStatus)).sort(byCreated);
  const body = page(ctx, items);
  body.results = (body.results as AlertRecord[]).map((a) => renderAlert(ctx, a, false));
  return { status: 200, body };
};

export const getAlert: Handler = async (ctx) => ({ status: 200, body: renderAlert(ctx, findAlert(await alertingFor(ctx), ctx.params.alertId!), true) });

/** The configuration of an alert, as a list of one (getGroupAlertAlertConfigs). */
export const getAlertConfigs: Handler = async (ctx) => {
  const alerting = await alertingFor(ctx);
  const alert = findAlert(alerting, ctx.params.alertId!);
  const config = alerting.configs.find((c) => c.id === alert.alertConfigId);
  const body = page(ctx, config ? [config] : []);
  body.results = (body.results as AlertConfigRecord[]).map((c) => renderConfig(ctx, c, false));
  return { status: 200, body };
};

/**
 * acknowledgeGroupAlert (both versions): `acknowledgedUntil` (and a comment) acknowledges,
 * `unacknowledgeAlert: true` takes the acknowledgement away. The alert keeps its status;
 * `lastNotified` and `updated` become now on an acknowledge, `updated` on an unacknowledge
 * (recorded). The acknowledging user is the caller: an API key's public key.
 */
export const acknowledgeAlert: Handler = async (ctx) => {
  const body = ctx.body as Doc;
  for (const key of Object.keys(body)) if (!['acknowledgedUntil', 'acknowledgementComment', 'unacknowledgeAlert'].includes(key)) throw failures.invalidAttribute(key);
  const comment = body.acknowledgementComment;
  if (comment !== undefined && (typeof comment !== 'string' || comment.length > MAX_COMMENT)) throw failures.invalidAttribute('acknowledgementComment');
  if (body.unacknowledgeAlert !== undefined && typeof body.unacknowledgeAlert !== 'boolean') throw failures.invalidAttribute('unacknowledgeAlert');
  const unacknowledge = body.unacknowledgeAlert === true;
  let until: number | undefined;
  if (!unacknowledge) {
    if (body.acknowledgedUntil === undefined || body.acknowledgedUntil === null) throw failures.missingAttribute('acknowledgedUntil');
    until = typeof body.acknowledgedUntil === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(body.acknowledgedUntil) ? Date.parse(body.acknowledgedUntil) : NaN;
    if (!Number.isFinite(until)) throw failures.invalidAttribute('acknowledgedUntil');
  } else if (body.acknowledgedUntil !== undefined) {
    throw failures.invalidAttribute('acknowledgedUntil');
  }
  const alerting = await alertingFor(ctx);
  const alert = findAlert(alerting, ctx.params.alertId!);
  const at = isoSeconds(serviceNow(ctx.services));
  if (unacknowledge) {
    delete alert.acknowledgedUntil;
    delete alert.acknowledgingUsername;
    delete alert.acknowledgementComment;
  } else {
    alert.acknowledgedUntil = isoSeconds(until!);
    alert.acknowledgingUsername = ctx.principal.kind === 'apiKey' ? ctx.principal.key.publicKey : ctx.principal.account.clientId;
    if (typeof comment === 'string' && comment !== '') alert.acknowledgementComment = comment;
    else delete alert.acknowledgementComment;
    alert.lastNotified = at;
  }
  alert.updated = at;
  await ctx.services.store.commit();
  return { status: 200, body: renderAlert(ctx, alert, true) };
};

/** A body's refusal, as the service's 400 naming the field. */
function checkBody(body: Doc): Doc {
  // What is left of the read-only fields once their echoes are taken out (../../readOnly.ts) changes them.
  const readOnly = (ALERT_CONFIG_READ_ONLY as readonly string[]).find((key) => body[key] !== undefined);
  if (readOnly !== undefined) throw failures.attributeReadOnly(readOnly);
  const problem = checkAlertConfig(body);
  if (problem) throw problem.kind === 'missing' ? failures.missingAttribute(problemField(problem)) : failures.invalidAttribute(problemField(problem));
  const fields: Doc = {};
  for (const [key, value] of Object.entries(body)) if (!(ALERT_CONFIG_READ_ONLY as readonly string[]).includes(key)) fields[key] = value;
  return fields;
}

/** What a configuration's create or PUT holds: `enabled` false and `matchers` [] unless given, a new notifierId on each notification (recorded). */
function configFields(body: Doc, now: number): Doc {
  const fields = checkBody(body);
  return { enabled: false, matchers: [], ...fields, notifications: withNotifierIds(fields.notifications, now) };
}

/** The read-only echo rule: a PUT may send back what a GET gave. */
export const CONFIG_READ_ONLY: ReadOnlyFields = {
  fields: [...ALERT_CONFIG_READ_ONLY],
  held: (ctx) => {
    const alerting = ctx.services.store.world.alerting?.projects.find((p) => p.groupId === ctx.params.groupId);
    const config = alerting?.configs.find((c) => c.id === ctx.params.alertConfigId);
    return config ? renderConfig(ctx, config, true) : { groupId: ctx.params.groupId };
  },
};

export const listConfigs: Handler = async (ctx) => {
  const alerting = await alertingFor(ctx);
  const body = page(ctx, alerting.configs);
  body.results = (body.results as AlertConfigRecord[]).map((c) => renderConfig(ctx, c, false));
  return { status: 200, body };
};

export const getConfig: Handler = async (ctx) => ({ status: 200, body: renderConfig(ctx, findConfig(await alertingFor(ctx), ctx.params.alertConfigId!), true) });

/** createGroupAlertConfig: 201 with a Location (recorded; the description says 200). */
export const createConfig: Handler = async (ctx) => {
  const now = serviceNow(ctx.services);
  const fields = configFields(ctx.body as Doc, now);
  const alerting = await alertingFor(ctx);
  const at = isoSeconds(now);
  const config: AlertConfigRecord = { id: objectId(now), groupId: alerting.groupId, created: at, updated: at, fields };
  alerting.configs.push(config);
  await ctx.services.store.commit();
  const body = renderConfig(ctx, config, true);
  return { status: 201, body, headers: { Location: `${groupRoot(ctx, alerting.groupId)}/alertConfigs/${config.id}` } };
};

/** updateGroupAlertConfig: the whole configuration replaced (what the body leaves out is gone, `enabled` false). */
export const updateConfig: Handler = async (ctx) => {
  const now = serviceNow(ctx.services);
  const fields = configFields((ctx.body ?? {}) as Doc, now);
  const alerting = await alertingFor(ctx);
  const config = findConfig(alerting, ctx.params.alertConfigId!);
  config.fields = fields;
  config.updated = isoSeconds(now);
  await ctx.services.store.commit();
  return { status: 200, body: renderConfig(ctx, config, true) };
};

/** toggleGroupAlertConfig: `{"enabled": boolean}` (AlertsToggle), the rest kept. */
export const toggleConfig: Handler = async (ctx) => {
  const body = ctx.body as Doc;
  for (const key of Object.keys(body)) if (key !== 'enabled') throw failures.invalidAttribute(key);
  if (body.enabled === undefined || body.enabled === null) throw failures.missingAttribute('enabled');
  if (typeof body.enabled !== 'boolean') throw failures.invalidAttribute('enabled');
  const alerting = await alertingFor(ctx);
  const config = findConfig(alerting, ctx.params.alertConfigId!);
  if (config.fields.enabled !== body.enabled) {
    config.fields = { ...config.fields, enabled: body.enabled };
    config.updated = isoSeconds(serviceNow(ctx.services));
    await ctx.services.store.commit();
  }
  return { status: 200, body: renderConfig(ctx, config, true) };
};

/** deleteGroupAlertConfig: 204 with no body (recorded). */
export const deleteConfig: Handler = async (ctx) => {
  const alerting = await alertingFor(ctx);
  findConfig(alerting, ctx.params.alertConfigId!);
  alerting.configs = alerting.configs.filter((c) => c.id !== ctx.params.alertConfigId);
  await ctx.services.store.commit();
  return { status: 204, body: undefined };
};

/** getGroupAlertConfigAlerts: the alerts a configuration raised, oldest first. */
export const configAlerts: Handler = async (ctx) => {
  const alerting = await alertingFor(ctx);
  const config = findConfig(alerting, ctx.params.alertConfigId!);
  const body = page(ctx, alerting.alerts.filter((a) => a.alertConfigId === config.id).sort(byCreated));
  body.results = (body.results as AlertRecord[]).map((a) => renderAlert(ctx, a, false));
  return { status: 200, body };
};

/** listAlertConfigMatcherFieldNames: a bare array, in the recorded order. */
export const matcherFieldNames: Handler = (ctx) => {
  v2Only(ctx);
  return { status: 200, body: [...MATCHER_FIELD_NAMES] };
};
