// The event journal: every change the emulator made, as the service's events
// (world.events). Events the API caused are written when the pipeline tells of the change
// (observe.ts); the system's own events that end a transition (CLUSTER_READY,
// CLUSTER_UPDATE_COMPLETED, CLUSTER_DELETED) are expected from then, at the time the
// clusters module says the transition ends, and written into the journal once that time
// has come (before any event after them is written, and before any list is read), dated
// when it ended. So the journal is in the order of `created`, and a list read at one moment
// never later gains an event dated before it.
import { isoSeconds } from '../../store.js';
import type { Store, World } from '../../contract.js';

/** One event as stored: its fields as the service sends them, but links (handlers.ts). */
export interface StoredEvent {
  id: string;
  created: string;
  eventTypeName: string;
  /** Whose list shows it: a project's (groupId) or an organization's (orgId). */
  level: 'project' | 'org';
  groupId?: string;
  orgId?: string;
  /** Its other fields (clusterName, dbUserUsername, apiKeyId, publicKey, remoteAddress, ...). */
  fields: Record<string, string>;
}

/** A system event that will happen once a transition ends. */
export interface ExpectedEvent {
  groupId: string;
  clusterName: string;
  eventTypeName: string;
  /** When (the store's clock, ms). */
  at: number;
}

export interface EventState {
  journal: StoredEvent[];
  expected: ExpectedEvent[];
  /** Events written so far: the low part of each id. */
  serial: number;
}

declare module '../../contract.js' {
  interface World {
    events?: EventState;
  }
}

/** The most events kept: the oldest go first (a long-running emulator's journal stays loadable). */
export const MAX_EVENTS = 5000;

export function eventStateOf(world: World): EventState {
  world.events ??= { journal: [], expected: [], serial: 0 };
  return world.events;
}

/** An ObjectId-like id: the seconds of `created`, then the serial, so ids sort as the journal does. */
function eventId(createdMs: number, serial: number): string {
  const seconds = Math.max(0, Math.floor(createdMs / 1000)).toString(16).padStart(8, '0').slice(-8);
  return seconds + serial.toString(16).padStart(16, '0');
}

export interface NewEvent {
  eventTypeName: string;
  level: 'project' | 'org';
  groupId?: string;
  orgId?: string;
  fields?: Record<string, string>;
}

/** Writes an event dated `serviceMs` (the service's clock). */
export function appendEvent(world: World, event: NewEvent, serviceMs: number): StoredEvent {
  const state = eventStateOf(world);
  state.serial += 1;
  const stored: StoredEvent = {
    id: eventId(serviceMs, state.serial),
    created: isoSeconds(serviceMs),
    eventTypeName: event.eventTypeName,
    level: event.level,
    ...(event.groupId !== undefined ? { groupId: event.groupId } : {}),
    ...(event.orgId !== undefined ? { orgId: event.orgId } : {}),
    fields: event.fields ?? {},
  };
  state.journal.push(stored);
  if (state.journal.length > MAX_EVENTS) state.journal.splice(0, state.journal.length - MAX_EVENTS);
  return stored;
}

/** A cluster's next system event; it replaces what was expected of that cluster (a later change ends the earlier one's wait). */
export function expect(world: World, expected: ExpectedEvent): void {
  const state = eventStateOf(world);
  state.expected = state.expected.filter((e) => !(e.groupId === expected.groupId && e.clusterName === expected.clusterName));
  state.expected.push(expected);
}

/** Writes every expected event whose time has come, in the order of their times; whether any was. */
export function settle(store: Store): boolean {
  const state = eventStateOf(store.world);
  const now = store.clock();
  const due = state.expected.filter((e) => e.at <= now).sort((a, b) => a.at - b.at);
  if (due.length === 0) return false;
  state.expected = state.expected.filter((e) => e.at > now);
  // Transitions run on the emulator's clock; events are dated on the service's (--date).
  const offset = store.serviceClock() - now;
  for (const e of due) {
    appendEvent(store.world, { eventTypeName: e.eventTypeName, level: 'project', groupId: e.groupId, fields: { clusterName: e.clusterName } }, e.at + offset);
  }
  return true;
}
