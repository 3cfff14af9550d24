// The project's envs, found by their marks (names.ts), not by state files, so every
// runner sees all of them: a user cdba-env-<name> in admin, an access-list entry
// commented "cdba env <name>", a cluster tagged cdba-env=<name> (made by env up),
// and a cluster named like an env found so (reused, not made by it). When each
// ends, and whether it has, is judged on the service's clock: the Date header of
// its answers (the root's, asked alongside the lists).
//
// Requests: the root, the users, the entries, then the clusters and the flex clusters
// at once; one each for every 500 items. The users and the entries are read whole (the
// service keeps at most 100 users and 200 entries a project); the clusters are read a
// page at a time, and only the envs' are kept, so memory grows with the envs, not the
// project.
import type { ApiClient } from '../../api/client.js';
import type { Cluster } from '../../api/resources/clusters.js';
import { asObject } from '../../base/object.js';
import type { Context } from '../../core/context.js';
import { readClusterDocument } from '../../model/clusterShapes.js';
import { serviceNowOf } from './expiry.js';
import { holderOf } from './holders.js';
import { clusterExpiry, ENV_TAG_KEY, ENV_USER_DB, envOfEntry, envOfUsername, serviceTime, tagValue } from './names.js';

export interface EnvCluster {
  kind: 'flex' | 'dedicated';
  state: string;
  paused: boolean;
  tier: string;
  /** The service's createDate, in ms. */
  created?: number;
  /** The env made it: it carries cdba-env=<name>. */
  made: boolean;
  /** Its cdba-env-expires, in ms (a cluster the env made). */
  expires?: number;
}

export interface EnvRecord {
  name: string;
  cluster?: EnvCluster;
  /** Its users (one per run that holds it: cdba-env-<name>, cdba-env-<name>.<holder>), and when the service deletes the last (ms). */
  user?: { expires?: number };
  /** Its users' names, and who holds it through each, in words (holders.ts). */
  users: string[];
  holders: string[];
  /** The entries marked for it, and when each ends (ms). */
  entries: Array<{ value: string; expires?: number }>;
}

export interface Inventory {
  envs: EnvRecord[];
  /** The service's now (ms), from its Date header; this machine's when it sent none. */
  now: number;
}

/**
 * When the env ends: its cluster's cdba-env-expires when it made the cluster, else its
 * user's deleteAfterDate (which the service acts on). Undefined when it has neither:
 * then its own part is over (isExpired), and what is left is a mark on a cluster made
 * before cdba tagged an expiry, or on an entry another env of the address keeps alive.
 */
export function expiryOf(env: EnvRecord): number | undefined {
  if (env.cluster?.made && env.cluster.expires !== undefined) return env.cluster.expires;
  return env.user?.expires;
}

/** Past its end on the service's clock; an env with no end left (no expiry tag, no user) has ended. A user made permanent never ends. */
export const isExpired = (env: EnvRecord, now: number): boolean => {
  const ends = expiryOf(env);
  return ends !== undefined ? ends <= now : env.user === undefined;
};

/** How long the env has been up: from its cluster's createDate, when the env made the cluster. */
export function ageOf(env: EnvRecord, now: number): number | undefined {
  return env.cluster?.made && env.cluster.created !== undefined ? Math.max(0, now - env.cluster.created) : undefined;
}

/** "FLEX", or the electable instance sizes of a dedicated cluster ("M10"; "M30,M40" for shards that differ). */
function tierOf(doc: Cluster, kind: EnvCluster['kind']): string {
  if (kind === 'flex') return 'FLEX';
  const sizes = readClusterDocument(doc).shards.flatMap((shard) => shard.regions.map((region) => region.electable.instanceSize));
  return [...new Set(sizes.filter((s): s is string => typeof s === 'string'))].join(',');
}

export async function takeInventory(ctx: Context, client: ApiClient, projectId: string): Promise<Inventory> {
  const { getRoot } = await import('../../api/resources/root.js');
  const { listAllDatabaseUsers } = await import('../../api/resources/databaseUsers.js');
  const { listAllAccessListEntries } = await import('../../api/resources/accessList.js');
  const envs = new Map<string, EnvRecord>();
  const envNamed = (name: string): EnvRecord => {
    let env = envs.get(name);
    if (!env) envs.set(name, (env = { name, entries: [], users: [], holders: [] }));
    return env;
  };
  const [root, users, entries] = await Promise.all([getRoot(client), listAllDatabaseUsers(client, projectId), listAllAccessListEntries(client, projectId)]);
  for (const user of users.results) {
    const name = user.databaseName === ENV_USER_DB ? envOfUsername(user.username) : undefined;
    if (name === undefined) continue;
    const env = envNamed(name);
    const ends = serviceTime(user.deleteAfterDate);
    // The env's users end when the last does; one without an end (made permanent) never ends.
    const last = env.user === undefined ? ends : env.user.expires === undefined || ends === undefined ? undefined : Math.max(env.user.expires, ends);
    env.user = { ...optional('expires', last) };
    env.users.push(String(user.username));
    const { heldBy } = holderOf(user);
    if (heldBy !== undefined) env.holders.push(heldBy);
  }
  for (const entry of entries.results) {
    const name = envOfEntry(entry); // a permanent entry is never an env's, whatever its comment
    if (name === undefined) continue;
    envNamed(name).entries.push({ value: String(entry.ipAddress ?? entry.cidrBlock ?? entry.awsSecurityGroup), ...optional('expires', serviceTime(entry.deleteAfterDate)) });
  }

  // The clusters: those the envs made (tagged), and those named like an env found above (reused).
  const keep = (doc: Cluster, kind: EnvCluster['kind']): void => {
    const name = typeof doc.name === 'string' ? doc.name : undefined;
    if (name === undefined) return;
    const made = tagValue(doc, ENV_TAG_KEY) === name;
    if (!made && !envs.has(name)) return;
    if (envs.get(name)?.cluster?.kind === 'flex') return; // a list that shows flex clusters too: the flex API's word is kept
    envNamed(name).cluster = {
      kind,
      state: typeof doc.stateName === 'string' ? doc.stateName : 'UNKNOWN',
      paused: doc.paused === true,
      tier: tierOf(doc, kind),
      made,
      ...optional('created', serviceTime(doc.createDate)),
      ...optional('expires', made ? clusterExpiry(doc) : undefined),
    };
  };
  const { streamAllClusters } = await import('../../api/resources/clusters.js');
  const { streamAllFlexClusters } = await import('../../api/resources/flexClusters.js');
  const { flexReachable } = await import('../clusters/public.js');
  const read = async (pages: AsyncGenerator<unknown[], unknown, undefined>, kind: EnvCluster['kind']): Promise<void> => {
    for await (const page of pages) for (const doc of page) keep(asObject(doc), kind);
  };
  await Promise.all([
    read(streamAllClusters(client, projectId), 'dedicated'),
    ...((await flexReachable(ctx)) ? [read(streamAllFlexClusters(client, projectId), 'flex')] : []),
  ]);

  let now = serviceNowOf(root);
  if (now === undefined) {
    now = Date.now();
    ctx.io.warn('the service sent no Date header; expiry is judged by this machine\'s clock');
  }
  return { envs: [...envs.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)), now };
}

function optional<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}
