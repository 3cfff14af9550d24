// The OpenAPI validator for cloud backup: the 2026-08 description cut to it
// (admin-api-v2-2026-08-backup-subset.json), with the patch its defect needs, which the
// recordings (reference/recorded-backup) prove.
import { OpenApiValidator } from './openapiValidator.js';

type Json = Record<string, unknown>;

export const BACKUP_SCHEMA_PATCHES = [
  'ApiBSONTimestampView.date and increment are typed date-time and integer; every recorded restore job answers "desiredTimestamp": {"increment": null, "time": null, "date": null}; null is accepted',
] as const;

/**
 * What the live service answers outside the description, on purpose reproduced by the
 * emulator, so the conformance test names it rather than patching it away: an on-demand
 * snapshot reads `"frequencyType": "ondemand"` (every recorded one), which
 * DiskBackupReplicaSet.frequencyType does not list (hourly, daily, weekly, monthly, yearly).
 */
export const LIVE_DEPARTURES = ['DiskBackupReplicaSet.frequencyType ondemand'] as const;

function patch(schemas: Json): void {
  const timestamp = (schemas.ApiBSONTimestampView as Json).properties as Record<string, Json>;
  timestamp.date!.type = ['string', 'null'];
  timestamp.increment!.type = ['integer', 'null'];
}

export function backupValidator(): OpenApiValidator {
  return new OpenApiValidator({ v2: 'v2-2026-08-backup', patch });
}

/** An error a validator finds in a document that is the named departure (an on-demand snapshot's frequencyType). */
export function isDeparture(error: string, body: unknown): boolean {
  const items = (typeof body === 'object' && body !== null && Array.isArray((body as { results?: unknown }).results) ? (body as { results: unknown[] }).results : [body]) as Json[];
  return /frequencyType must be equal to one of the allowed values/.test(error) && items.some((item) => item?.frequencyType === 'ondemand');
}
