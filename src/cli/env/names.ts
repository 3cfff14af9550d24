// How `env up` marks what it makes, so that `env down` can find it again without
// the state file (another runner, a killed job): the cluster carries the tag
// cdba-env=<name>, the database user is cdba-env-<name>, and the access-list
// entry's comment is "cdba env <name>". Only what carries the mark is removed.
import { checkClusterName } from '../shared/target.js';

export const ENV_TAG_KEY = 'cdba-env';
/** The user's authentication database: a password user lives in admin. */
export const ENV_USER_DB = 'admin';

const ENV_USER_PREFIX = 'cdba-env-';
const ENV_COMMENT_PREFIX = 'cdba env ';
export const envUsername = (name: string): string => `${ENV_USER_PREFIX}${name}`;
export const envComment = (name: string): string => `${ENV_COMMENT_PREFIX}${name}`;

/** The env a user name or an entry's comment marks (undefined: not an env's). */
export const envOfUsername = (username: unknown): string | undefined => afterPrefix(username, ENV_USER_PREFIX);
export const envOfComment = (comment: unknown): string | undefined => afterPrefix(comment, ENV_COMMENT_PREFIX);

function afterPrefix(text: unknown, prefix: string): string | undefined {
  return typeof text === 'string' && text.startsWith(prefix) && text.length > prefix.length ? text.slice(prefix.length) : undefined;
}

/** The env's name is its cluster's name: letters, digits and hyphens, at most 64. */
export function checkEnvName(name: string): void {
  checkClusterName(name);
}

/** Whether a cluster document carries the tag `env up` puts on a cluster it creates. */
export function hasEnvTag(cluster: Record<string, unknown>, name: string): boolean {
  const tags = Array.isArray(cluster.tags) ? (cluster.tags as unknown[]) : [];
  return tags.some((tag) => typeof tag === 'object' && tag !== null && (tag as Record<string, unknown>).key === ENV_TAG_KEY && (tag as Record<string, unknown>).value === name);
}
