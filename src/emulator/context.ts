// What a resource handler uses besides its RequestContext (contract.ts): links, and the
// service's clock (serviceNow), which the Date header and version negotiation share.
import type { RequestContext, Services } from './contract.js';

export interface Link {
  href: string;
  rel: string;
}

/** The URL of the resource addressed, without query or trailing slash. */
export function selfHref(ctx: RequestContext, path = ctx.path): string {
  return ctx.baseUrl + (path.length > 1 ? path.replace(/\/+$/, '') : path);
}

/** Base path of this API flavour: /api/atlas/v1.0 or /api/atlas/v2. */
export function apiRoot(ctx: RequestContext): string {
  return `${ctx.baseUrl}/api/atlas/${ctx.api}`;
}

const DAY_MS = 86_400_000;

/**
 * Now as the emulated service sees it: the clock; under a --date day, that day at the
 * clock's time of day; under a --date time, that time plus what the clock has run since
 * the start (so an emulator restarted on the same --state with a later time finds what
 * expired meanwhile gone). Time still passes (transitions, expiry), and the Date header,
 * version negotiation and deleteAfterDate all agree.
 */
export function serviceNow(services: Pick<Services, 'clock' | 'date' | 'startedAt'>): number {
  const now = services.clock();
  if (services.date === undefined) return now;
  if (services.date.length > 10) return Date.parse(services.date) + (now - (services.startedAt ?? now));
  return Date.parse(`${services.date}T00:00:00Z`) + (((now % DAY_MS) + DAY_MS) % DAY_MS);
}

/** The service's day (YYYY-MM-DD) under --date, whose Sunsets are in force; undefined without one. */
export function serviceDay(services: Services): string | undefined {
  return services.date === undefined ? undefined : new Date(serviceNow(services)).toISOString().slice(0, 10);
}
