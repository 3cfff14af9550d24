// The snapshots a schedule makes, computed from the clock when read (never stored), and
// the snapshots of a cluster as one list, scheduled and on demand alike.
//
// Dedicated clusters follow the service's default policy (its documentation of cloud
// backup): a snapshot every 6 hours kept 2 days, the day's at the reference hour kept
// 7 days, Saturday's 4 weeks, the month's last day's 12 months; the reference hour and
// minute are the cluster's own (here drawn from its id). Flex clusters take one a day,
// kept 8 days (the recorded flex snapshot expires 8 days after it was scheduled).
// A cluster's schedule starts when its backup does (the cluster IDLE after its creation):
// its first snapshot is the first slot after that, never one at that moment (recorded: a
// cluster made with backup had none but the on-demand one 27 minutes later). A cluster
// declared by the seed has been backed up since before the emulator's time, so its
// schedule reaches back as far as the policy keeps snapshots: `@latest` finds one at
// once, on the emulator's day and under --date alike.
//
// Every time here is service time (ms; under --date, the service's clock, context.ts
// serviceNow): the calendar (reference hour, Saturdays, months' last days), a cluster's
// createDate, what is stored and what is shown, so a --date that moves across days, on one
// run or across restarts on the same --state, sees snapshots appear and expire as the policy says.
import { createHash } from 'node:crypto';
import type { CloudProvider, SnapshotRecord } from './state.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The service's time (ms), and how long transitions last. */
export interface Moment {
  now: number;
  transitionMs: number;
}

export type Frequency = 'hourly' | 'daily' | 'weekly' | 'monthly';

/** One item of the default policy, as the schedule document shows it. */
export interface PolicyItem {
  frequencyType: Frequency;
  frequencyInterval: number;
  retentionUnit: 'days' | 'weeks' | 'months';
  retentionValue: number;
}

export const DEFAULT_POLICY: readonly PolicyItem[] = [
  { frequencyType: 'hourly', frequencyInterval: 6, retentionUnit: 'days', retentionValue: 2 },
  { frequencyType: 'daily', frequencyInterval: 1, retentionUnit: 'days', retentionValue: 7 },
  // 6: Saturday (1 is Monday), 40: the month's last day (the description's frequencyInterval).
  { frequencyType: 'weekly', frequencyInterval: 6, retentionUnit: 'weeks', retentionValue: 4 },
  { frequencyType: 'monthly', frequencyInterval: 40, retentionUnit: 'months', retentionValue: 12 },
];
export const FLEX_RETENTION_DAYS = 8;

/** What a cluster's snapshots are made of. */
export interface BackupCluster {
  id: string;
  groupId: string;
  name: string;
  flex: boolean;
  /** Dedicated: cloud backup on (flex clusters: always). */
  backupEnabled: boolean;
  /** When its backup started (service ms), or null: before the emulator's time (seeded). */
  since: number | null;
  mongodVersion: string;
  cloudProvider: CloudProvider;
  type: 'replicaSet' | 'shardedCluster';
}

/** A snapshot as the handlers render it, whichever made it. */
export interface SnapshotView {
  id: string;
  onDemand: boolean;
  frequency: Frequency | 'ondemand';
  /** The schedule's policy item that made it. */
  policyItemId?: string;
  description?: string;
  /** When it was asked for or scheduled, and when it completes (service ms). */
  requestedAt: number;
  completeAt: number;
  retentionMs: number;
  mongodVersion: string;
  cloudProvider: CloudProvider;
  storageSizeBytes: number;
}

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A 24-hex id whose first 8 digits are the time (seconds), as the service's ObjectIds, the rest from `seed`. */
export function derivedId(timeMs: number, seed: string): string {
  const seconds = Math.floor(timeMs / 1000).toString(16).padStart(8, '0').slice(-8);
  return seconds + digest(seed).slice(0, 16);
}

/** The cluster's own schedule: its reference hour and minute and its policy items' ids. */
export function scheduleOf(clusterId: string): { referenceHourOfDay: number; referenceMinuteOfHour: number; policyId: string; itemIds: Record<Frequency, string> } {
  const hash = digest(`schedule/${clusterId}`);
  // The schedule's ids are as old as the cluster's (the first 8 digits of an id are its time).
  const made = parseInt(clusterId.slice(0, 8), 16) * 1000 || 0;
  const itemIds = Object.fromEntries(DEFAULT_POLICY.map((item, i) => [item.frequencyType, derivedId(made, `${clusterId}/${i}`)])) as Record<Frequency, string>;
  return { referenceHourOfDay: parseInt(hash.slice(0, 4), 16) % 24, referenceMinuteOfHour: parseInt(hash.slice(4, 8), 16) % 60, policyId: derivedId(made, `${clusterId}/policy`), itemIds };
}

function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

function retentionOf(item: PolicyItem, at: number): number {
  if (item.retentionUnit === 'months') return addMonths(at, item.retentionValue) - at;
  return item.retentionValue * (item.retentionUnit === 'weeks' ? 7 : 1) * DAY;
}

const itemOf = (frequency: Frequency): PolicyItem => DEFAULT_POLICY.find((item) => item.frequencyType === frequency)!;

/** Which policy item a slot (service ms) of the 6-hour grid belongs to: the most lasting one it meets. */
function frequencyOf(slot: number, reference: number): Frequency {
  if ((((slot - reference) % DAY) + DAY) % DAY !== 0) return 'hourly';
  if (new Date(slot + DAY).getUTCDate() === 1) return 'monthly';
  if (new Date(slot).getUTCDay() === 6) return 'weekly';
  return 'daily';
}

/** The snapshots the schedule has made by `moment.now` and still keeps (oldest first). */
export function scheduledSnapshots(cluster: BackupCluster, moment: Moment): SnapshotView[] {
  if (!cluster.backupEnabled) return [];
  const { now } = moment;
  const since = cluster.since === null ? Number.NEGATIVE_INFINITY : cluster.since;
  if (since > now) return [];
  const schedule = scheduleOf(cluster.id);
  const reference = schedule.referenceHourOfDay * HOUR + schedule.referenceMinuteOfHour * MINUTE;
  const step = cluster.flex ? DAY : 6 * HOUR;
  const longest = cluster.flex ? FLEX_RETENTION_DAYS * DAY : 367 * DAY;
  const views: SnapshotView[] = [];
  const add = (at: number, frequency: Frequency): void => {
    const retentionMs = cluster.flex ? FLEX_RETENTION_DAYS * DAY : retentionOf(itemOf(frequency), at);
    if (at + retentionMs <= now) return;
    const id = derivedId(at, `${cluster.id}/${at}`);
    views.push({
      id,
      onDemand: false,
      frequency: cluster.flex ? 'daily' : frequency,
      ...(cluster.flex ? {} : { policyItemId: schedule.itemIds[frequency] }),
      requestedAt: at,
      completeAt: at + moment.transitionMs,
      retentionMs,
      mongodVersion: cluster.mongodVersion,
      cloudProvider: cluster.cloudProvider,
      storageSizeBytes: 1_000_000_000 + (parseInt(id.slice(8, 16), 16) % 3_000_000_000),
    });
  };
  const from = Math.max(since, now - longest);
  // The first slot after the backup started, not one at its very moment: `since` is
  // createDate (whole seconds) plus the transition, and the reference minute comes from the
  // (random) id, so a cluster made at a whole minute had a snapshot the moment it was made
  // in 1 of 360 ids (dedicated; flex 1 of 1440).
  let first = Math.ceil((from - reference) / step) * step + reference;
  if (first === since) first += step;
  for (let slot = first; slot <= now; slot += step) add(slot, cluster.flex ? 'daily' : frequencyOf(slot, reference));
  return views;
}

/** The next slot of the grid after `moment.now`. */
export function nextSnapshotAt(clusterId: string, moment: Moment): number {
  const schedule = scheduleOf(clusterId);
  const reference = schedule.referenceHourOfDay * HOUR + schedule.referenceMinuteOfHour * MINUTE;
  return Math.floor((moment.now - reference) / (6 * HOUR) + 1) * 6 * HOUR + reference;
}

/** A stored snapshot as a view. */
export function recordView(record: SnapshotRecord): SnapshotView {
  return {
    id: record.id,
    onDemand: record.onDemand,
    frequency: record.frequency ?? (record.flex ? 'daily' : 'ondemand'),
    ...(record.description !== undefined ? { description: record.description } : {}),
    requestedAt: record.requestedAt,
    completeAt: record.completeAt,
    retentionMs: record.retentionDays * DAY,
    mongodVersion: record.mongodVersion,
    cloudProvider: record.cloudProvider,
    storageSizeBytes: record.storageSizeBytes,
  };
}

/**
 * When the service deletes a snapshot: its retention from when it was scheduled or asked
 * for; an on-demand one's counts again from its completion (recorded: expiresAt moves then).
 */
export function expiresAt(view: SnapshotView, now: number): number {
  return (view.onDemand && view.completeAt <= now ? view.completeAt : view.requestedAt) + view.retentionMs;
}
