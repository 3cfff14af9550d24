// The values of the emulator's series: deterministic per process, series and timestamp
// (a seeded pseudo-random draw, the same on every run and every emulator), varying around
// the value recorded on the live service (catalog.ts), so that each lies in a plausible
// range for its series and unit. A series recorded 0 stays 0 (a counter of something an
// idle cluster does not do); a percentage stays within 0 to 100; the disk's free space is
// what its used space leaves.

/** FNV-1a over the text, then one round of mulberry32: a float in [0, 1). */
export function unitDraw(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let t = (h + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/** How far a series moves around its recorded value: space on a disk hardly, load a lot. */
function spread(name: string): number {
  return name.includes('SPACE') || name.includes('MEMORY') || name.includes('SWAP_USAGE') ? 0.05 : 0.5;
}

/** The used-space series whose complement a free-space series is (DISK_PARTITION_SPACE_PERCENT_FREE -> ..._USED). */
export function usedSibling(name: string): string | undefined {
  return /^(MAX_)?DISK_PARTITION_SPACE_(PERCENT_)?FREE$/.test(name) ? name.replace(/FREE$/, 'USED') : undefined;
}

export interface SeriesBase {
  name: string;
  units: string;
  base: number;
}

/** The value of one series of one process at one time (ms). `bases` gives a free-space series its used sibling. */
export function valueAt(processId: string, series: SeriesBase, timestamp: number, bases: ReadonlyMap<string, number>): number {
  const sibling = usedSibling(series.name);
  if (sibling !== undefined && bases.has(sibling)) {
    const usedBase = bases.get(sibling)!;
    const used = valueAt(processId, { name: sibling, units: series.units, base: usedBase }, timestamp, bases);
    const total = series.units === 'PERCENT' ? 100 : usedBase + series.base;
    return Math.max(0, total - used);
  }
  if (series.base === 0) return 0;
  const s = spread(series.name);
  const value = series.base * (1 - s + 2 * s * unitDraw(`${processId}\0${series.name}\0${timestamp}`));
  return series.units === 'PERCENT' ? Math.min(100, value) : value;
}
