// DURATION values: `90` (seconds), `90s`, `5m`, `1h`, or combinations like `1m30s`.
import { UsageError } from './errors.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Returns milliseconds; `flag` names the option in the error. */
export function parseDuration(text: string, flag: string): number {
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) {
    throw new UsageError(`invalid ${flag} "${text}": expected a duration like 90, 90s, 5m or 1h`);
  }
  return Math.round(parts.reduce((total, p) => total + Number(p[1]) * UNIT_MS[p[2]!]!, 0));
}
