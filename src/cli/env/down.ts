// `cdba env down <name>`: removes what `env up <name>` made: the access-list entry,
// the database user, and the cluster if up created it (--keep-cluster keeps it).
// From the state file when there is one; otherwise by the marks up puts on what it
// makes (names.ts), so it works from another runner or after a killed job.
// Idempotent: whatever is gone already is skipped, and with nothing left it exits 0.
import { ApiError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import type { AccessListEntry } from '../../api/resources/accessList.js';
import type { ApiClient } from '../../api/client.js';
import { checkEnvName, ENV_TAG_KEY, ENV_USER_DB, envComment, envOfUsername, envUsername, hasEnvTag } from './names.js';
import { EnvStateFile } from './state.js';

export interface DownFlags {
  keepCluster?: boolean;
  watch?: boolean;
}

const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * The entry is one per address, so envs brought up from one runner share it: the
 * first made it and marked it with its comment. The env that holds the mark
 * removes it only when no other env's user is left; otherwise it hands the mark
 * (and that user's deleteAfterDate) to one of them, whose down then finds it.
 * Answers whether it removed the entry.
 */
async function releaseEntry(ctx: Context, client: ApiClient, projectId: string, name: string, value: string): Promise<boolean> {
  const accessList = await import('../../api/resources/accessList.js');
  const { listAllDatabaseUsers } = await import('../../api/resources/databaseUsers.js');
  let entry: AccessListEntry | undefined;
  try {
    entry = (await accessList.getAccessListEntry(client, projectId, value)).body;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
  if (entry?.comment !== envComment(name)) return false;
  const address = typeof entry.ipAddress === 'string' ? { ipAddress: entry.ipAddress } : { cidrBlock: String(entry.cidrBlock) };
  // Each pass looks again: the heir's own down may run meanwhile. (Bounded: envs that keep leaving as fast as we look.)
  for (let pass = 0; pass < 10; pass++) {
    const heir = (await listAllDatabaseUsers(client, projectId)).results
      .filter((u) => u.databaseName === ENV_USER_DB)
      .map((u) => ({ name: envOfUsername(u.username), deleteAfterDate: u.deleteAfterDate }))
      .find((u) => u.name !== undefined && u.name !== name);
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
  const client = await ctx.api();
  const { baseUrl } = await ctx.settings();
  const stateFile = new EnvStateFile(ctx.configDir, baseUrl, projectId, name);
  const state = stateFile.read();
  const removed: string[] = [];

  // The user first: whether another env's user is left then says whether the entry is still needed.
  const users = await import('../../api/resources/databaseUsers.js');
  const user = state?.user ?? { databaseName: ENV_USER_DB, username: envUsername(name) };
  let userRemoved = false;
  try {
    await users.deleteDatabaseUser(client, projectId, user.databaseName, user.username);
    userRemoved = true;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }

  // The entry: only while it carries the env's comment (one someone else made, or another env's, is kept).
  const accessList = await import('../../api/resources/accessList.js');
  let entries: string[];
  if (state) entries = state.entry ? [state.entry] : [];
  else {
    const all = await accessList.listAllAccessListEntries(client, projectId);
    entries = all.results.filter((e) => e.comment === envComment(name)).map((e) => String(e.ipAddress ?? e.cidrBlock));
  }
  for (const value of entries) {
    if (await releaseEntry(ctx, client, projectId, name, value)) removed.push(`access-list entry ${value}`);
  }
  if (userRemoved) removed.push(`database user ${user.username}`);

  // The cluster: the state file says whether up made it; without one, up's tag does.
  let deletedCluster = false;
  let locator;
  if (!flags.keepCluster && (state === undefined || state.cluster.created)) {
    const { ClusterLocator } = await import('../shared/flex.js');
    locator = await ClusterLocator.open(ctx, client, projectId, name);
    try {
      const cluster = await locator.get();
      if (state !== undefined || hasEnvTag(cluster, name)) {
        const { deleteCluster } = await import('../../api/resources/clusters.js');
        const { deleteFlexCluster } = await import('../../api/resources/flexClusters.js');
        if (cluster.stateName !== 'DELETING') {
          await locator.call(
            () => deleteCluster(client, projectId, name),
            () => deleteFlexCluster(client, projectId, name),
          );
        }
        deletedCluster = true;
        removed.push(`cluster ${name} (deleting)`);
      } else ctx.io.note(`cdba: cluster ${name} has no ${ENV_TAG_KEY}=${name} tag for this env: not made by env up, kept`);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      locator.forget();
    }
  } else if (state && !state.cluster.created) ctx.io.note(`cdba: cluster ${name} was there before env up: kept`);

  stateFile.remove();
  ctx.io.note(removed.length > 0 ? `cdba: env ${name}: removed ${removed.join(', ')}` : `cdba: env ${name}: nothing left to remove`);
  if (deletedCluster && flags.watch && locator) {
    const { waitForCluster } = await import('../shared/waitForCluster.js');
    const { clusterTarget } = await import('../shared/target.js');
    await waitForCluster(ctx, await clusterTarget(ctx, 'clusters.get'), name, { until: 'DELETED', initialState: 'DELETING', locator });
  }
}
