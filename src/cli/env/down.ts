// `cdba env down <name>`: removes what `env up <name>` made: the access-list entry,
// the database user, and the cluster if up created it (--keep-cluster keeps it).
// Only what carries the env's marks (names.ts) is removed: the user cdba-env-<name>,
// an entry whose comment is "cdba env <name>", the cluster <name> with the tag
// cdba-env=<name>. So it works from another runner or after a killed job, and a
// state file (read under the rules it is written by) can only keep something: a
// cluster that was there before up, never a thing it merely names.
// Idempotent: whatever is gone already is skipped, and with nothing left it exits 0.
// An env another run holds (holders.ts) is never removed: while this run holds it
// too, down removes only this run's user and entry; an env this runner has no record
// of holding is refused (exit 16) naming the holder, unless --force.
import { ApiError, EnvHeldError } from '../../base/errors.js';
import { isGone } from '../shared/gone.js';
import type { Context } from '../../core/context.js';
import type { AccessListEntry } from '../../api/resources/accessList.js';
import type { ApiClient } from '../../api/client.js';
import type { Cluster } from '../../api/resources/clusters.js';
import type { ClusterLocator } from '../clusters/public.js';
import { checkEnvName, ENV_TAG_KEY, ENV_USER_DB, envComment, envOfEntry, envOfUsername, envUsername, hasEnvTag } from './names.js';
import { EnvStateFile, type EnvState } from './state.js';
import { envHolders, holderWords, isOurs, type Holder } from './holders.js';

export interface DownFlags {
  keepCluster?: boolean;
  watch?: boolean;
  /** Remove it though another run holds it (a run that died); asks first, or --yes. */
  force?: boolean;
}

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
    if (isGone(error)) return false;
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
        if (isGone(error)) return false;
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
    if (isGone(error)) return false;
    throw error;
  }
}

export async function runEnvDown(ctx: Context, name: string, flags: DownFlags): Promise<void> {
  checkEnvName(name);
  const projectId = await ctx.projectId();
  const { baseUrl } = await ctx.settings();
  const stateFile = new EnvStateFile(ctx.configDir, baseUrl, projectId, name);
  const state = stateFile.read(); // refused (exit 2) before any request when cdba would not have written it
  // --force removes what another run holds: without a terminal it needs --yes, said before any request.
  if (flags.force) ctx.requireConfirmable();
  const client = await ctx.api();
  // Who holds it: its users (one per run), and which of them this runner's state file proves is this run.
  const { listAllDatabaseUsers } = await import('../../api/resources/databaseUsers.js');
  const holders = envHolders((await listAllDatabaseUsers(client, projectId)).results, name);
  const mine = holders.filter((h) => isOurs(h, state));
  const others = holders.filter((h) => !isOurs(h, state));
  if (others.length > 0 && !flags.force) {
    if (mine.length === 0) {
      const why = state ? 'this run no longer holds it (its user is gone)' : 'this runner has no record of holding it (its env up ran elsewhere, or with another config directory)';
      throw new EnvHeldError(`env ${name} is held by another run: ${holderWords(others)}; ${why}; nothing was removed`, {
        hint: `its holder's env down removes it, and env gc once it ends; if that run is gone: \`${ctx.followUp('env', 'down', name, '--force')}\``,
      });
    }
    // Held by others too: this run's part goes, the env stays for them.
    const removed = await releaseHold(ctx, client, projectId, name, mine, others, state);
    stateFile.remove();
    ctx.io.note(`cdba: env ${name}: removed ${removed.length > 0 ? removed.join(', ') : 'nothing (this run\'s part was gone)'}; kept cluster ${name} for ${holderWords(others)}, whose env down removes it`);
    return;
  }
  if (others.length > 0) {
    await ctx.confirm(`Remove env ${name}, which another run holds (${holderWords(others)}), its cluster included?`);
  }
  const usernames = holders.map((h) => h.username);
  const { removed, deletedCluster, locator } = await removeEnv(ctx, client, projectId, name, { keepCluster: flags.keepCluster === true, state, usernames });
  stateFile.remove();
  ctx.io.note(removed.length > 0 ? `cdba: env ${name}: removed ${removed.join(', ')}` : `cdba: env ${name}: nothing left to remove`);
  if (deletedCluster && flags.watch && locator) {
    const { waitForCluster } = await import('../clusters/public.js');
    const { clusterTarget } = await import('../clusters/public.js');
    await waitForCluster(ctx, await clusterTarget(ctx, 'clusters.get'), name, { until: 'DELETED', initialState: 'DELETING', locator });
  }
}

/**
 * This run's part of an env others hold too: its user, and its access-list entry unless
 * another holder uses that address too (or did not say which it uses); the cluster stays.
 * Answers what it removed.
 */
async function releaseHold(ctx: Context, client: ApiClient, projectId: string, name: string, mine: readonly Holder[], others: readonly Holder[], state: EnvState | undefined): Promise<string[]> {
  const users = await import('../../api/resources/databaseUsers.js');
  const removed: string[] = [];
  for (const holder of mine) {
    try {
      await users.deleteDatabaseUser(client, projectId, ENV_USER_DB, holder.username);
      removed.push(`database user ${holder.username}`);
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }
  const value = state?.entry ?? mine.find((h) => h.entry !== undefined)?.entry;
  if (value !== undefined) {
    const sharedWith = others.find((h) => h.entry === undefined || h.entry === value);
    if (sharedWith) ctx.io.note(`cdba: access-list entry ${value} kept: ${sharedWith.heldBy ?? `user ${sharedWith.username}`} may use it too`);
    else if (await releaseEntry(ctx, client, projectId, name, value)) removed.push(`access-list entry ${value}`);
  }
  return removed;
}

/** What env gc already knows of an env from its listing, so that down's lookups are not asked again. */
export interface KnownEnv {
  /** Its users (one per holder: cdba-env-<name>, cdba-env-<name>.<holder>). */
  users: string[];
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
  options: { keepCluster?: boolean; state?: EnvState | undefined; known?: KnownEnv; going?: ReadonlySet<string>; usernames?: readonly string[] },
): Promise<Removal> {
  const { state, known } = options;
  const removed: string[] = [];

  // The user first: whether another env's user is left then says whether the entry is still needed.
  const users = await import('../../api/resources/databaseUsers.js');
  // Every holder's user: the env goes for all of them (its last holder's down, gc, --force).
  const usernames = known ? known.users : (options.usernames ?? [envUsername(name)]);
  const usersRemoved: string[] = [];
  for (const username of usernames) {
    try {
      await users.deleteDatabaseUser(client, projectId, ENV_USER_DB, username);
      usersRemoved.push(username);
    } catch (error) {
      if (!isGone(error)) throw error;
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
  for (const username of usersRemoved) removed.push(`database user ${username}`);

  // The cluster: only with up's tag, and not when the state file says it was there before up.
  let deletedCluster = false;
  let locator: ClusterLocator | undefined;
  if (!options.keepCluster && (state === undefined || state.cluster.created)) {
    const { ClusterLocator } = await import('../clusters/public.js');
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
            if (!(error instanceof ApiError && error.errorCode === ALREADY_DELETING) && !isGone(error)) throw error;
            sent = false;
          }
        }
        deletedCluster = true;
        locator.forget(); // the name is going: a later cluster of that name may be dedicated
        if (sent) removed.push(`cluster ${name} (deleting)`);
      } else ctx.io.note(`cdba: cluster ${name} has no ${ENV_TAG_KEY}=${name} tag for this env: not made by env up, kept`);
    } catch (error) {
      if (!isGone(error)) throw error;
      locator.forget();
    }
  } else if (state && !state.cluster.created) ctx.io.note(`cdba: cluster ${name} was there before env up: kept`);
  else if (options.keepCluster && !options.known) {
    // Kept with the env's tags: it is still the env's, and ends when the env would have.
    ctx.io.note(`cdba: cluster ${name} kept; it still carries env ${name}'s end, after which \`cdba env gc\` removes it, unless \`${ctx.followUp('env', 'up', name)}\` takes it again first`);
  }
  return { removed, deletedCluster, ...(locator ? { locator } : {}) };
}
