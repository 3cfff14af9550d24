// How `env up` marks what it makes, so that `env down` can find it again without
// the state file (another runner, a killed job): the cluster carries the tag
// cdba-env=<name>, the database user is cdba-env-<name>, and the access-list
// entry's comment is "cdba env <name>". Only what carries the mark is removed.
// A cluster up made also carries cdba-env-expires=<ISO 8601>, when the env ends
// (the user and the entry end then by themselves, through deleteAfterDate; the
// cluster is what `env gc` removes).
// Each run that holds the env has a user of its own: the first cdba-env-<name>, each
// that joined it with --share cdba-env-<name>.<holder ID> (an env's name has no dot),
// labelled with who holds it (holders.ts).
import { checkClusterName } from '../clusters/public.js';

export const ENV_TAG_KEY = 'cdba-env';
export const ENV_EXPIRES_KEY = 'cdba-env-expires';
/** The user's authentication database: a password user lives in admin. */
export const ENV_USER_DB = 'admin';

const ENV_USER_PREFIX = 'cdba-env-';
const ENV_COMMENT_PREFIX = 'cdba env ';
/** The env's first holder's user, cdba-env-<name>; with a holder ID, a sharer's, cdba-env-<name>.<holder>. */
export const envUsername = (name: string, sharer?: string): string => `${ENV_USER_PREFIX}${name}${sharer === undefined ? '' : `.${sharer}`}`;
export const envComment = (name: string): string => `${ENV_COMMENT_PREFIX}${name}`;

/** The env a user name or an entry's comment marks (undefined: not an env's). */
export const envOfUsername = (username: unknown): string | undefined => {
  const rest = afterPrefix(username, ENV_USER_PREFIX);
  if (rest === undefined) return undefined;
  const dot = rest.indexOf('.');
  // A sharer's user: cdba-env-<name>.<holder ID> (letters and digits).
  if (dot === -1) return rest;
  return dot > 0 && /^[a-z0-9]{1,32}$/.test(rest.slice(dot + 1)) ? rest.slice(0, dot) : undefined;
};
export const envOfComment = (comment: unknown): string | undefined => afterPrefix(comment, ENV_COMMENT_PREFIX);

/**
 * The env an access-list entry is marked for: its comment "cdba env <name>", and a
 * deleteAfterDate, which env up always sets. An entry without one is permanent, someone's
 * own, whatever its comment says: no env command removes, moves or re-dates it.
 */
export const envOfEntry = (entry: { comment?: unknown; deleteAfterDate?: unknown } | undefined): string | undefined =>
  entry !== undefined && typeof entry.deleteAfterDate === 'string' && entry.deleteAfterDate !== '' ? envOfComment(entry.comment) : undefined;

function afterPrefix(text: unknown, prefix: string): string | undefined {
  return typeof text === 'string' && text.startsWith(prefix) && text.length > prefix.length ? text.slice(prefix.length) : undefined;
}

/** The env's name is its cluster's name: letters, digits and hyphens, at most 64. */
export function checkEnvName(name: string): void {
  checkClusterName(name);
}

/** The value of a cluster document's tag `key`, if it has one. */
export function tagValue(cluster: Record<string, unknown>, key: string): string | undefined {
  const tags = Array.isArray(cluster.tags) ? (cluster.tags as unknown[]) : [];
  const tag = tags.find((t): t is Record<string, unknown> => typeof t === 'object' && t !== null && (t as Record<string, unknown>).key === key);
  return typeof tag?.value === 'string' ? tag.value : undefined;
}

/** Whether a cluster document carries the tag `env up` puts on a cluster it creates. */
export function hasEnvTag(cluster: Record<string, unknown>, name: string): boolean {
  return tagValue(cluster, ENV_TAG_KEY) === name;
}

/** When the env that made this cluster ends (its cdba-env-expires tag), in ms; undefined without a readable one. */
export function clusterExpiry(cluster: Record<string, unknown>): number | undefined {
  return serviceTime(tagValue(cluster, ENV_EXPIRES_KEY));
}

/** A date in the service's form (2026-12-01T14:00:00Z, as deleteAfterDate and the tag hold it), in ms; undefined otherwise. */
export function serviceTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}
