// The events modules (contract.ts): a project's events and an organization's, from the
// journal every change writes (journal.ts, observe.ts). Two modules, as the live service
// counts them against two limits (recorded RateLimit-Limit: 300 for a project's, 500 for
// an organization's). The organization's module resolves the path's {orgId} (404
// ORG_NOT_FOUND), and lets the members of the organization read it: a caller with a role
// in one of its projects. A seed key, `events`, adds events as if they had happened.
import { isObject } from '../../../base/object.js';
import { parseIsoDateTime } from '../../../base/isoDate.js';
import { ORG_EVENT_TYPES, PROJECT_EVENT_TYPES } from '../../../model/eventTypes.js';
import { authFailures } from '../../auth.js';
import { ApiFailure } from '../../errors.js';
import type { ResourceModule, SeedDocument, Store, World } from '../../contract.js';
import { OBJECT_ID, type Problems } from '../../seedChecks.js';
import { shape as S } from '../../stateChecks.js';
import { seedProjectIds } from '../projects/index.js';
import { getOrgEvent, getProjectEvent, listOrgEvents, listProjectEvents } from './handlers.js';
import { appendEvent, eventStateOf, settle, type StoredEvent } from './journal.js';
import { observeChange } from './observe.js';

export type { StoredEvent } from './journal.js';

/** An event of the seed: a project's (groupId) or an organization's (orgId alone), dated `created`. */
export interface SeedEvent {
  groupId?: string;
  orgId?: string;
  eventTypeName: string;
  created: string;
  clusterName?: string;
  dbUserUsername?: string;
  apiKeyId?: string;
  publicKey?: string;
  remoteAddress?: string;
  targetUsername?: string;
}

declare module '../../contract.js' {
  interface SeedDocument {
    events?: SeedEvent[];
  }
  interface StateSnapshot {
    events: StoredEvent[];
  }
}

const SEED_FIELDS = ['groupId', 'orgId', 'eventTypeName', 'created', 'clusterName', 'dbUserUsername', 'apiKeyId', 'publicKey', 'remoteAddress', 'targetUsername'] as const;
const EXTRA_FIELDS = ['clusterName', 'dbUserUsername', 'apiKeyId', 'publicKey', 'remoteAddress', 'targetUsername'] as const;

function checkSeed(doc: Record<string, unknown>, problems: Problems): void {
  if (doc.events === undefined) return;
  if (!Array.isArray(doc.events)) return problems.add('events', 'must be an array of {groupId|orgId, eventTypeName, created}');
  const projects = seedProjectIds(doc);
  const orgs = new Set((Array.isArray(doc.orgs) ? doc.orgs : []).filter(isObject).map((org) => org.id));
  doc.events.forEach((event, i) => {
    const at = `events[${i}]`;
    if (!isObject(event)) return problems.add(at, 'must be an object {groupId|orgId, eventTypeName, created}');
    problems.onlyKeys(at, event, SEED_FIELDS);
    if (event.groupId === undefined && event.orgId === undefined) problems.add(at, 'needs groupId (a project\'s event) or orgId (an organization\'s)');
    if (event.groupId !== undefined && problems.string(`${at}.groupId`, event.groupId, OBJECT_ID, 'a 24-hex project id') && !projects.has(event.groupId)) {
      problems.add(`${at}.groupId`, `"${event.groupId}" is not one of the seed's projects`);
    }
    if (event.orgId !== undefined && problems.string(`${at}.orgId`, event.orgId, OBJECT_ID, 'a 24-hex organization id') && event.groupId === undefined && orgs.size > 0 && !orgs.has(event.orgId)) {
      problems.add(`${at}.orgId`, `"${event.orgId}" is not one of the seed's orgs`);
    }
    const types = event.groupId !== undefined ? PROJECT_EVENT_TYPES : ORG_EVENT_TYPES;
    if (problems.string(`${at}.eventTypeName`, event.eventTypeName) && !types.includes(event.eventTypeName)) {
      problems.add(`${at}.eventTypeName`, `"${event.eventTypeName}" is not an event type of ${event.groupId !== undefined ? 'a project' : 'an organization'} in the service's description`);
    }
    if (problems.string(`${at}.created`, event.created) && parseIsoDateTime(event.created) === undefined) problems.add(`${at}.created`, `"${event.created}" is not an ISO 8601 time like 2026-08-10T03:06:46Z`);
    for (const name of EXTRA_FIELDS) if (event[name] !== undefined) problems.string(`${at}.${name}`, event[name]);
  });
}

function fromSeed(world: World, seed: SeedDocument): void {
  eventStateOf(world);
  const entries = (seed.events ?? []).map((event) => ({ event, at: parseIsoDateTime(event.created)!.getTime() })).sort((a, b) => a.at - b.at);
  for (const { event, at } of entries) {
    const fields = Object.fromEntries(EXTRA_FIELDS.filter((name) => event[name] !== undefined).map((name) => [name, event[name]!]));
    const level = event.groupId !== undefined ? 'project' : 'org';
    appendEvent(world, { eventTypeName: event.eventTypeName, level, ...(event.groupId !== undefined ? { groupId: event.groupId } : {}), ...(event.orgId !== undefined ? { orgId: event.orgId } : {}), fields }, at);
  }
}

function snapshot(store: Store): StoredEvent[] {
  settle(store);
  return structuredClone(eventStateOf(store.world).journal);
}

export const orgNotFound = (orgId: string): ApiFailure => new ApiFailure(404, 'ORG_NOT_FOUND', `No organization with ID ${orgId} exists.`, [orgId]);

/** A project's events; the module that keeps the journal, and is told of every change. */
export const events: ResourceModule = {
  name: 'events',
  rateLimitPerMinute: 300, // recorded
  operations: {
    'events.list': { handler: listProjectEvents, action: 'read' },
    'events.get': { handler: getProjectEvent, action: 'read' },
  },
  seed: { keys: ['events'], check: (doc, problems) => checkSeed(doc, problems) },
  state: {
    shape: {
      events: S.optional(
        S.object({
          journal: S.array(S.object({ id: 'string', created: 'string', eventTypeName: 'string', level: 'string', fields: S.object({}) })),
          expected: S.array(S.object({ groupId: 'string', clusterName: 'string', eventTypeName: 'string', at: 'number' })),
          serial: 'number',
        }),
      ),
    },
    fromSeed: (world, seed) => fromSeed(world, seed),
    upgrade: (world) => void eventStateOf(world),
    snapshot: (store) => ({ events: snapshot(store) }),
  },
  observe: async (observation) => {
    const { store } = observation.services;
    if (observeChange(store, observation)) await store.commit();
  },
};

/** An organization's events, under its own limit; it resolves {orgId} for them. */
export const orgEvents: ResourceModule = {
  name: 'orgEvents',
  rateLimitPerMinute: 500, // recorded
  operations: {
    'orgEvents.list': { handler: listOrgEvents, action: 'read' },
    'orgEvents.get': { handler: getOrgEvent, action: 'read' },
  },
  scope: {
    param: 'orgId',
    find: (store, value) => store.world.orgs.find((org) => org.id === value),
    notFound: orgNotFound,
    // A member: a role in one of the organization's projects (what GET /orgs lists).
    authorize: (principal, org, _action, store) => {
      const roles = new Set(principal.roles.map((role) => role.projectId));
      if (!store.world.projects.some((project) => project.orgId === org.id && roles.has(project.id))) throw authFailures.roleForbidden();
    },
  },
};
