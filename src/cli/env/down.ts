// `cdba env down <name>`: removes what `env up <name>` made: the access-list entry,
// the database user, and the cluster if up created it (--keep-cluster keeps it).
// From the state file when there is one; otherwise by the marks up puts on what it
// makes (names.ts), so it works from another runner or after a killed job.
// Idempotent: whatever is gone already is skipped, and with nothing left it exits 0.
import { ApiError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { checkEnvName, ENV_TAG_KEY, ENV_USER_DB, envComment, envUsername, hasEnvTag } from './names.js';
import { EnvStateFile } from './state.js';

export interface DownFlags {
  keepCluster?: boolean;
  watch?: boolean;
}

const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export async function runEnvDown(ctx: Context, name: string, flags: DownFlags): Promise<void> {
  checkEnvName(name);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { baseUrl } = await ctx.settings();
  const stateFile = new EnvStateFile(ctx.configDir, baseUrl, projectId, name);
  const state = stateFile.read();
  const removed: string[] = [];

  // The entry: only while it still carries the env's comment (a later add by someone else keeps it).
  const accessList = await import('../../api/accessList.js');
  let entries: string[];
  if (state) entries = state.entry ? [state.entry] : [];
  else {
    const all = await accessList.listAllAccessListEntries(client, projectId);
    entries = all.results.filter((e) => e.comment === envComment(name)).map((e) => String(e.ipAddress ?? e.cidrBlock));
  }
  for (const value of entries) {
    try {
      const entry = (await accessList.getAccessListEntry(client, projectId, value)).body;
      if (entry?.comment !== envComment(name)) continue;
      await accessList.deleteAccessListEntry(client, projectId, value);
      removed.push(`access-list entry ${value}`);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  // The user.
  const users = await import('../../api/databaseUsers.js');
  const user = state?.user ?? { databaseName: ENV_USER_DB, username: envUsername(name) };
  try {
    await users.deleteDatabaseUser(client, projectId, user.databaseName, user.username);
    removed.push(`database user ${user.username}`);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }

  // The cluster: the state file says whether up made it; without one, up's tag does.
  let deletedCluster = false;
  let locator;
  if (!flags.keepCluster && (state === undefined || state.cluster.created)) {
    const { ClusterLocator } = await import('../clusters/flex.js');
    locator = await ClusterLocator.open(ctx, client, projectId, name);
    try {
      const cluster = await locator.get();
      if (state !== undefined || hasEnvTag(cluster, name)) {
        const { deleteCluster } = await import('../../api/clusters.js');
        const { deleteFlexCluster } = await import('../../api/flexClusters.js');
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
    const { waitForCluster } = await import('../clusters/watch.js');
    const { clusterTarget } = await import('../clusters/target.js');
    await waitForCluster(ctx, await clusterTarget(ctx, 'clusters.get'), name, { until: 'DELETED', initialState: 'DELETING', locator });
  }
}
