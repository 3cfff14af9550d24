// The plan of `clusters apply`, pure: given the desired document and the current
// one (both in the same wire shape) and which fields a request may write, the
// changes (path, from, to) and the smallest PATCH body that makes them.
// Only what the desired document names is compared: fields it leaves out, read-
// only fields and whatever the service filled in are not drift.
import { isObject } from '../../base/object.js';

type Doc = Record<string, unknown>;

/** Whether a request may set this field; `path` names fields only (no array indexes or map keys' positions). */
export type IsWritable = (path: readonly string[]) => boolean;

export interface Change {
  /** e.g. `replicationSpecs[0].regionConfigs[0].electableSpecs.instanceSize` */
  path: string;
  from: unknown;
  to: unknown;
}

export interface Plan {
  changes: Change[];
  /** The PATCH body: every top-level field with a change, desired merged over current, writable fields only. */
  patch: Doc;
}

/** Deep equality of JSON values; object key order does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    return keys.length === Object.keys(b).filter((k) => b[k] !== undefined).length && keys.every((k) => sameJson(a[k], b[k]));
  }
  return false;
}

const show = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

function diff(desired: unknown, current: unknown, names: string[], path: string, isWritable: IsWritable, out: Change[]): void {
  if (desired === null || desired === undefined) return; // null in a PATCH means "not given"
  if (isObject(desired)) {
    if (!isObject(current)) {
      if (isWritable(names)) out.push({ path, from: current ?? null, to: desired });
      return;
    }
    for (const [key, value] of Object.entries(desired)) {
      const next = [...names, key];
      if (!isWritable(next)) continue;
      diff(value, current[key], next, show(path, key), isWritable, out);
    }
    return;
  }
  // Lists of objects of the same length (replication specs, region configs) compare item by item;
  // any other list (tags, labels) is one value.
  if (Array.isArray(desired) && Array.isArray(current) && desired.length === current.length && desired.every(isObject) && current.every(isObject)) {
    desired.forEach((item, i) => diff(item, current[i], names, `${path}[${i}]`, isWritable, out));
    return;
  }
  if (!sameJson(desired, current)) out.push({ path, from: current ?? null, to: desired });
}

/** Desired over current: objects merge, lists of objects merge item by item when the lengths match; anything else is the desired value. */
function overlay(desired: unknown, current: unknown): unknown {
  if (desired === null || desired === undefined) return current;
  if (isObject(desired) && isObject(current)) {
    const out: Doc = { ...current };
    for (const [key, value] of Object.entries(desired)) out[key] = overlay(value, current[key]);
    return out;
  }
  if (Array.isArray(desired) && Array.isArray(current) && desired.length === current.length && desired.every(isObject) && current.every(isObject)) {
    return desired.map((item, i) => overlay(item, current[i]));
  }
  return structuredClone(desired);
}

/** Keeps the writable fields only. */
function prune(value: unknown, names: string[], isWritable: IsWritable): unknown {
  if (Array.isArray(value)) return value.map((item) => (isObject(item) ? prune(item, names, isWritable) : item));
  if (!isObject(value)) return value;
  const out: Doc = {};
  for (const [key, inner] of Object.entries(value)) {
    const next = [...names, key];
    if (isWritable(next)) out[key] = prune(inner, next, isWritable);
  }
  return out;
}

/**
 * The desired document with the sizes the service keeps in step with the electable
 * nodes' filled in, where it names an electable size and leaves theirs out, or gives
 * theirs as they are now while the electable size changes (a saved document with one
 * size edited): read-only
 * nodes always share it ("base nodes within a shard must use the same instance size"),
 * analytics nodes too before 2024-08-05 ("every hardware specification must use the
 * same instanceSize"; the OpenAPI description of ReplicationSpec and of the hardware
 * specs). Without this the PATCH would carry the old sizes from the current cluster,
 * and the next apply of a document that names them would see drift.
 */
export function sizesInStep(desired: Doc, current: Doc, inStep: readonly string[]): Doc {
  if (!Array.isArray(desired.replicationSpecs) || !Array.isArray(current.replicationSpecs)) return desired;
  const currentSpecs = current.replicationSpecs as unknown[];
  const out = structuredClone(desired);
  (out.replicationSpecs as unknown[]).forEach((spec, i) => {
    const currentRegions = isObject(currentSpecs[i]) && Array.isArray(currentSpecs[i].regionConfigs) ? (currentSpecs[i].regionConfigs as unknown[]) : [];
    if (!isObject(spec) || !Array.isArray(spec.regionConfigs)) return;
    spec.regionConfigs.forEach((region, j) => {
      if (!isObject(region) || !isObject(region.electableSpecs) || typeof region.electableSpecs.instanceSize !== 'string') return;
      const size = region.electableSpecs.instanceSize;
      const now = currentRegions[j];
      if (!isObject(now)) return;
      const resized = isObject(now.electableSpecs) && now.electableSpecs.instanceSize !== size;
      for (const kind of inStep) {
        const given = region[kind];
        if (!isObject(now[kind])) continue;
        // A size given as it is now, beside an electable size that changes, is what a saved
        // `get -o json` had: it moves with the edit. One that differs from now is the user's own.
        if (isObject(given) && given.instanceSize !== undefined && !(resized && given.instanceSize === now[kind].instanceSize)) continue;
        region[kind] = { ...(isObject(given) ? given : {}), instanceSize: size };
      }
    });
  });
  return out;
}

export function planChanges(desired: Doc, current: Doc, isWritable: IsWritable): Plan {
  const changes: Change[] = [];
  const patch: Doc = {};
  for (const [key, value] of Object.entries(desired)) {
    if (!isWritable([key])) continue;
    const before = changes.length;
    diff(value, current[key], [key], key, isWritable, changes);
    if (changes.length > before) patch[key] = prune(overlay(value, current[key]), [key], isWritable);
  }
  return { changes, patch };
}

/** A value on one line of the plan: strings bare, everything else as JSON. */
export function planValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
