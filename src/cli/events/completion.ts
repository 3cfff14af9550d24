// The completion lookups of the events group: the service's event type names (no request),
// and the IDs of the project's latest events (asked of the service under the lookup's
// deadline, silent on any problem: only 24-hex IDs reach the shell).
import type { Context } from '../../core/context.js';

const OBJECT_ID = /^[0-9a-f]{24}$/;

export async function eventTypes(): Promise<string[]> {
  const { ORG_EVENT_TYPES, PROJECT_EVENT_TYPES } = await import('../../model/eventTypes.js');
  return [...new Set([...PROJECT_EVENT_TYPES, ...ORG_EVENT_TYPES])];
}

export async function eventIds(ctx: Context): Promise<string[]> {
  try {
    const projectId = (await ctx.settings()).projectId;
    if (!projectId) return [];
    const { listEvents } = await import('../../api/resources/events.js');
    const page = await listEvents(await ctx.api(), { projectId }, {}, { itemsPerPage: 50, includeCount: false });
    return page.body.results.map((event) => event.id).filter((id): id is string => typeof id === 'string' && OBJECT_ID.test(id));
  } catch {
    return [];
  }
}
