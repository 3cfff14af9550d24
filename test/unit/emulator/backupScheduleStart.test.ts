// A cluster's schedule starts after its backup does, never at that moment: the first
// scheduled snapshot is the first slot of its grid after `since`. The reference minute comes
// from the cluster's (random) id, so before this held, 1 id in 360 (dedicated; flex 1 in 1440)
// put a slot at a whole-minute creation and the cluster had a snapshot the moment it was made
// (backupClock.test.ts failed now and then). Here the ids are chosen to be those.
import { describe, expect, it } from 'vitest';
import { scheduleOf, scheduledSnapshots, type BackupCluster } from '../../../src/emulator/resources/backups/schedule.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CREATED = Date.UTC(2026, 7, 10, 9, 1, 0); // a whole minute, as under a TestClock

/** A cluster id of CREATED's time whose grid has a slot at CREATED (every 6 hours, or once a day). */
function idWithSlotAt(at: number, everyHours: number): string {
  const prefix = Math.floor(at / 1000).toString(16);
  const minuteOfDay = Math.floor((at % (24 * HOUR)) / MINUTE);
  for (let i = 0; i < 100_000; i++) {
    const id = prefix + i.toString(16).padStart(16, '0');
    const { referenceHourOfDay, referenceMinuteOfHour } = scheduleOf(id);
    if (referenceMinuteOfHour === minuteOfDay % 60 && referenceHourOfDay % everyHours === Math.floor(minuteOfDay / 60) % everyHours) return id;
  }
  throw new Error('no such id');
}

const cluster = (id: string, flex: boolean): BackupCluster => ({
  id, groupId: 'g', name: 'c', flex, backupEnabled: true, since: CREATED, mongodVersion: '8.0.0', cloudProvider: 'AWS', type: 'replicaSet',
});

describe('a schedule starts after the backup does', () => {
  for (const flex of [false, true]) {
    const kind = flex ? 'flex' : 'dedicated';
    it(`${kind}: no snapshot at the moment of creation, even when a slot of the grid falls on it`, () => {
      const c = cluster(idWithSlotAt(CREATED, flex ? 24 : 6), flex);
      expect(scheduledSnapshots(c, { now: CREATED, transitionMs: 0 })).toEqual([]);
      expect(scheduledSnapshots(c, { now: CREATED + 1000, transitionMs: 0 })).toEqual([]);
    });

    it(`${kind}: the first snapshot is the next slot`, () => {
      const step = (flex ? 24 : 6) * HOUR;
      const c = cluster(idWithSlotAt(CREATED, flex ? 24 : 6), flex);
      expect(scheduledSnapshots(c, { now: CREATED + step - 1, transitionMs: 0 })).toEqual([]);
      expect(scheduledSnapshots(c, { now: CREATED + step, transitionMs: 0 }).map((s) => s.requestedAt)).toEqual([CREATED + step]);
    });
  }
});
