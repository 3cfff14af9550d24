// Alerts the emulator raises from its own state, read when a project's alerts are read:
// for each enabled configuration whose event type is a condition the emulator can tell,
// an OPEN alert per thing in that condition (raised once), CLOSED with `resolved` when
// the condition ends. Today one condition: FTS_INDEX_BUILD_FAILED (a default
// configuration), a search index whose build FAILED (the search module's records, read
// as they are). Conditions the emulator does not model (hosts, metrics, billing) are
// never raised: a seed's `alerts` declares those.
import type { Store } from '../../contract.js';
import { isoSeconds, objectId } from '../../store.js';
import { indexStatus, searchStateOf } from '../searchIndexes/state.js';
import type { AlertRecord, ProjectAlerting } from './state.js';

interface Condition {
  key: string;
  about: Record<string, unknown>;
}

type Teller = (store: Store, groupId: string, now: number, transitionMs: number) => Condition[];

const TELLERS: Readonly<Record<string, Teller>> = {
  FTS_INDEX_BUILD_FAILED: (store, groupId, now, transitionMs) =>
    searchStateOf(store.world)
      .indexes.filter((r) => r.groupId === groupId && indexStatus(r, now, transitionMs) === 'FAILED')
      .map((r) => ({ key: `FTS_INDEX_BUILD_FAILED:${r.indexID}:${r.version}`, about: {} })),
};

/** The event types the emulator raises alerts for on its own. */
export const RAISED_EVENT_TYPES: readonly string[] = Object.keys(TELLERS);

/**
 * Opens and closes the project's raised alerts as its state says, at `now` (the conditions'
 * clock: the search builds', the service's), `serviceNow` for the dates the alerts carry.
 * Answers whether anything changed.
 */
export function raiseAlerts(store: Store, project: ProjectAlerting, orgId: string, now: number, serviceNow: number, transitionMs: number): boolean {
  let changed = false;
  const at = isoSeconds(serviceNow);
  const live = new Set<string>();
  for (const config of project.configs) {
    const event = config.fields.eventTypeName as string;
    const teller = TELLERS[event];
    if (!teller || config.fields.enabled !== true) continue;
    for (const condition of teller(store, project.groupId, now, transitionMs)) {
      const key = `${config.id}/${condition.key}`;
      live.add(key);
      if (project.alerts.some((a) => a.condition === key)) continue;
      const alert: AlertRecord = { id: objectId(serviceNow), groupId: project.groupId, orgId, alertConfigId: config.id, eventTypeName: event, status: 'OPEN', created: at, updated: at, lastNotified: at, about: condition.about, condition: key };
      project.alerts.push(alert);
      changed = true;
    }
  }
  for (const alert of project.alerts) {
    if (alert.condition === undefined || alert.status === 'CLOSED' || live.has(alert.condition)) continue;
    alert.status = 'CLOSED';
    alert.resolved = at;
    alert.updated = at;
    changed = true;
  }
  return changed;
}
