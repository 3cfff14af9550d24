// `cdba env down <name>`: removes what `env up <name>` made: the access-list entry,
// the database user, and the cluster if up created it (--keep-cluster keeps it).
// Only what carries the env's marks (names.ts) is removed: the user cdba-env-<name>,
// an entry whose comment is "cdba env <name>", the cluster <name> with the tag
// cdba-env=<name>. So it works from another runner or after a killed job, and a
// state file (read under the rules it is written by) can only keep something: a
// cluster that was there before up, never a thing it merely names.
// Idempotent: whatever is gone already is skipped, and with nothing left it exits 0.
import { ApiError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import type { AccessListEntry } from '../../api/resources/accessList.js';
import type { ApiClient } from '../../api/client.js';
import type { Cluster } from '../../api/resources/clusters.js';
import type { ClusterLocator } from '../shared/flex.js';
import { checkEnvName, ENV_TAG_KEY, ENV_USER_DB, envComment, envOfEntry, envOfUsername, envUsername, hasEnvTag } from './names.js';
import { EnvStateFile, type EnvState } from './state.js';

export interface DownFlags {
  keepCluster?: boolean;
  watch?: boolean;
}

const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
/** The service's answer to a delete of a cluster being deleted already. */
const ALREADY_DELETING = 'CLUSTER_ALREADY_REQUESTED_DELETION';

/**
 * The entry is one per address, so envs brought up from one runner share it: the
 * first made it and marked it with its comment. The env that holds the mark
 * removes it only when no other env's user is left; otherwise it hands the mark
 * (and that user's deleteAfterDate) to one of them, whose down then finds it.
 * Answers whether it removed the entry.
 */
async function releaseEntry(ctx: Context, client: ApiClient, projectId: string, name: string, value: string, going: ReadonlySet<string> = new Set()): Promise<boolean> {
  const accessList = await import('../../api/resources/accessList.js');
  const { listAllDatabaseUsers } = await import('../../api/resources/databaseUsers.js');
  let entry: AccessListEntry | undefined;
  try {
    entry = (await accessList.getAccessListEntry(client, projectId, value)).body;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
  if (envOfEntry(entry) !== name) return false; // not marked for it, or permanent (no deleteAfterDate): kept
  const address = typeof entry.ipAddress === 'string' ? { ipAddress: entry.ipAddress } : { cidrBlock: String(entry.cidrBlock) };
  // Each pass looks again: the heir's own down may run meanwhile. (Bounded: envs that keep leaving as fast as we look.)
  for (let pass = 0; pass < 10; pass++) {
    const heir = (await listAllDatabaseUsers(client, projectId)).results
      .filter((u) => u.databaseName === ENV_USER_DB)
      .map((u) => ({ name: envOfUsername(u.username), deleteAfterDate: u.deleteAfterDate }))
      .find((u) => u.name !== undefined && u.name !== name && !going.has(u.name));
    if (!heir?.name) {
      try {
        await accessList.deleteAccessListEntry(client, projectId, value);
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    }
    const heirName = heir.name;
    const deleteAfterDate = typeof heir.deleteAfterDate === 'string' ? heir.deleteAfterDate : (entry.deleteAfterDate as string | undefined);
    await accessList.addAccessListEntries(client, projectId, [{ ...address, comment: envComment(heirName), ...(deleteAfterDate ? { deleteAfterDate } : {}) }]);
    // The heir's user still there after the hand-over: its down will find the mark.
    if (await userExists(client, projectId, envUsername(heirName))) {
      ctx.io.note(`cdba: access-list entry ${value} kept: env ${heirName} of this project may use it (one entry per address); now marked "${envComment(heirName)}" for its env down`);
      return false;
    }
  }
  return false;
}

async function userExists(client: ApiClient, projectId: string, username: string): Promise<boolean> {
  const { getDatabaseUser } = await import('../../api/resources/databaseUsers.js');
  try {
    await getDatabaseUser(client, projectId, ENV_USER_DB, username);
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

export async function runEnvDown(ctx: Context, name: string, flags: DownFlags): Promise<void> {
  checkEnvName(name);
  const projectId = await ctx.projectId();
  const { baseUrl } = await ctx.settings();
  const stateFile = new EnvStateFile(ctx.configDir, baseUrl, projectId, name);
  const state = stateFile.read(); // refused (exit 2) before any request when cdba would not have written it
  const client = await ctx.api();
  const { removed, deletedCluster, locator } = await removeEnv(ctx, client, projectId, name, { keepCluster: flags.keepCluster === true, state });
  stateFile.remove();
  ctx.io.note(removed.length > 0 ? `cdba: env ${name}: removed ${removed.join(', ')}` : `cdba: env ${name}: nothing left to remove`);
  if (deletedCluster && flags.watch && locator) {
    const { waitForCluster } = await import('../shared/waitForCluster.js');
    const { clusterTarget } = await import('../shared/target.js');
    await waitForCluster(ctx, await clusterTarget(ctx, 'clusters.get'), name, { until: 'DELETED', initialState: 'DELETING', locator });
  }
}

/** What env gc already knows of an env from its listing, so that down's lookups are not asked again. */
export interface KnownEnv {
  /** Whether its user cdba-env-<name> was there. */
  user: boolean;
  /** The entries marked for it. */
  entries: string[];
  /** Its cluster's document, just read, and which API serves it; null: it has none. */
  cluster: { doc: Cluster; flex: boolean } | null;
}

export interface Removal {
  removed: string[];
  /** A delete of the cluster was sent (or it was DELETING already). */
  deletedCluster: boolean;
  locator?: ClusterLocator;
}

/**
 * Removes what carries the env's marks, as env down does (env gc too): the user, the
 * entries (released: kept while another env's user needs them), and the cluster if
 * the env made it. Whatever is gone already, or going, is skipped: two of these at once
 * delete each thing once, and neither fails. `going`: envs removed alongside (env gc),
 * never heirs of an entry.
 */
export async function removeEnv(
  ctx: Context,
  client: ApiClient,
  projectId: string,
  name: string,
  options: { keepCluster?: boolean; state?: EnvState | undefined; known?: KnownEnv; going?: ReadonlySet<string> },
): Promise<Removal> {
  const { state, known } = options;
  const removed: string[] = [];

  // The user first: whether another env's user is left then says whether the entry is still needed.
  const users = await import('../../api/resources/databaseUsers.js');
  const username = envUsername(name);
  let userRemoved = false;
  if (known?.user !== false) {
    try {
      await users.deleteDatabaseUser(client, projectId, ENV_USER_DB, username);
      userRemoved = true;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  // The entry: only while it carries the env's comment (one someone else made, or another env's, is kept).
  const accessList = await import('../../api/resources/accessList.js');
  let entries: string[];
  if (known) entries = known.entries;
  else if (state) entries = state.entry ? [state.entry] : [];
  else {
    const all = await accessList.listAllAccessListEntries(client, projectId);
    entries = all.results.filter((e) => envOfEntry(e) === name).map((e) => String(e.ipAddress ?? e.cidrBlock));
  }
  for (const value of entries) {
    if (await releaseEntry(ctx, client, projectId, name, value, options.going)) removed.push(`access-list entry ${value}`);
  }
  if (userRemoved) removed.push(`database user ${username}`);

  // The cluster: only with up's tag, and not when the state file says it was there before up.
  let deletedCluster = false;
  let locator: ClusterLocator | undefined;
  if (!options.keepCluster && (state === undefined || state.cluster.created)) {
    const { ClusterLocator } = await import('../shared/flex.js');
    locator = await ClusterLocator.open(ctx, client, projectId, name);
    try {
      const cluster = known ? known.cluster?.doc : await locator.get();
      if (cluster === undefined) {
        // gc found none.
      } else if (hasEnvTag(cluster, name)) {
        const { deleteCluster } = await import('../../api/resources/clusters.js');
        const { deleteFlexCluster } = await import('../../api/resources/flexClusters.js');
        const dedicated = () => deleteCluster(client, projectId, name);
        const flex = () => deleteFlexCluster(client, projectId, name);
        let sent = cluster.stateName !== 'DELETING';
        if (!sent) ctx.io.note(`cdba: cluster ${name} is being deleted already`);
        else {
          try {
            await (known ? (known.cluster!.flex ? flex() : dedicated()) : locator.call(dedicated, flex));
          } catch (error) {
            // Deleted, or being deleted, since it was read: by another down or gc.
            if (!(error instanceof ApiError && error.errorCode === ALREADY_DELETING) && !isNotFound(error)) throw error;
            sent = false;
          }
        }
        deletedCluster = true;
        locator.forget(); // the name is going: a later cluster of that name may be dedicated
        if (sent) removed.push(`cluster ${name} (deleting)`);
      } else ctx.io.note(`cdba: cluster ${name} has no ${ENV_TAG_KEY}=${name} tag for this env: not made by env up, kept`);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      locator.forget();
    }
  } else if (state && !state.cluster.created) ctx.io.note(`cdba: cluster ${name} was there before env up: kept`);
  return { removed, deletedCluster, ...(locator ? { locator } : {}) };
}
