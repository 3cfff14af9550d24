// Whose events a command reads: the project (the profile's, or --project-id), or with
// --org the organization named by its ID; and the checks of what the user typed that
// refuse a mistake before any request (exit 2): an event or organization ID's form, and
// event types against the service's names (with the nearest offered).
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import type { EventOwner } from '../../api/resources/events.js';

const OBJECT_ID = /^[0-9a-f]{24}$/;

export function checkObjectId(value: string, what: string): string {
  if (!OBJECT_ID.test(value)) throw new UsageError(`invalid ${what} "${value}": expected 24 hexadecimal digits, like 6a7940465a068714fc043d3b`);
  return value;
}

export async function eventOwner(ctx: Context, org: string | undefined): Promise<EventOwner> {
  if (org !== undefined) return { orgId: checkObjectId(org, '--org') };
  return { projectId: await ctx.projectId() };
}

/** The --type values as the service spells them (upper case), each one of its names for the project's or the organization's events. */
export async function checkEventTypes(types: readonly string[], org: boolean): Promise<string[]> {
  if (types.length === 0) return [];
  const [{ ORG_EVENT_TYPES, PROJECT_EVENT_TYPES }, { nearestNames }] = await Promise.all([import('../../model/eventTypes.js'), import('../../core/nearName.js')]);
  const known = org ? ORG_EVENT_TYPES : PROJECT_EVENT_TYPES;
  return types.map((given) => {
    const type = given.trim().toUpperCase().replace(/-/g, '_');
    if (known.includes(type)) return type;
    const near = nearestNames(type, known);
    const hint = near.length > 0 ? `; did you mean ${near.join(', ')}?` : `; \`cdba events list --type\` completes ${org ? "an organization's" : "a project's"} event types`;
    throw new UsageError(`invalid --type "${given}": not an event type of ${org ? 'an organization' : 'a project'}${hint}`);
  });
}
