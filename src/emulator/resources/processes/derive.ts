// A project's processes, derived from its clusters (nothing is stored): every host of a
// cluster's connection strings runs a mongod, and a sharded cluster's hosts each run a
// mongos too. Fields as recorded (reference README, "Diagnostics facts" 8):
// - id `<hostname>:<port>`; hostname the internal `atlas-<6>-shard-00-0N.<hash>.mongodb.net`,
//   whose `atlas-<6>` is the replica set's (the connection strings' replicaSet option);
//   userAlias the connection strings' host `<cluster>-shard-00-0N.<hash>.mongodb.net`.
// - A replica set's members are REPLICA_PRIMARY (one, chosen by the cluster's id) and
//   REPLICA_SECONDARY; a sharded cluster's SHARD_PRIMARY / SHARD_SECONDARY, SHARD_CONFIG
//   for the config servers, SHARD_MONGOS on 27016.
// They exist while the hosts do: not while the cluster is CREATING (its connection strings
// have no hosts yet), paused or DELETING. Shared-tier (TENANT) and flex clusters run on
// shared hosts the project cannot see: the service lists no processes for them.
import { createHash } from 'node:crypto';
import { hostMembers, projectHash, replicaSetId } from '../../../connstring/index.js';
import { isTenant } from '../../../model/cluster.js';
import type { ClusterModel } from '../../../model/cluster.js';
import type { Store } from '../../contract.js';
import { clusterStore } from '../clusters/index.js';
import { nodesPerShard } from '../clusters/connectionStrings.js';

const DOMAIN = 'mongodb.net';
const MONGOD_PORT = 27017;
const MONGOS_PORT = 27016;

export type ProcessType = 'REPLICA_PRIMARY' | 'REPLICA_SECONDARY' | 'SHARD_PRIMARY' | 'SHARD_SECONDARY' | 'SHARD_CONFIG' | 'SHARD_MONGOS';

/** One process as the emulator knows it; `render` makes the service's document of it. */
export interface ProcessInfo {
  /** `<hostname>:<port>` */
  id: string;
  hostname: string;
  port: number;
  typeName: ProcessType;
  /** Absent for a mongos. */
  replicaSetName?: string;
  /** A sharded cluster's member: its shard's name (the replica set's). */
  shardName?: string;
  userAlias: string;
  version: string;
  /** When the hosts came up (ISO seconds): the cluster's connection strings' issue, else its creation. */
  created: string;
  groupId: string;
  clusterName: string;
  clusterId: string;
  /** The node's place in its shard (0-based) and the shard's place (a replica set's is 0). */
  node: number;
  shard: number;
  /** mongod or mongos. */
  kind: 'mongod' | 'mongos';
}

/** Whether the cluster's hosts are up: it is neither being made, nor paused, nor going. */
export function hasProcesses(model: ClusterModel): boolean {
  return !isTenant(model) && !model.paused && model.stateName !== 'CREATING' && model.stateName !== 'DELETING';
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The node that is primary in a shard: fixed per cluster and shard. */
function primaryNode(model: ClusterModel, shard: number, nodes: number): number {
  const digest = createHash('sha256').update(`primary\0${model.id}\0${shard}`).digest();
  return digest.readUInt32BE(0) % nodes;
}

/**
 * The processes of one cluster, mongod before mongos on each host, hosts in the connection
 * strings' order. `evenIfPaused`: a paused cluster's too, as they ran before the pause (what
 * the logs and the access history of a past window read).
 */
export function clusterProcesses(model: ClusterModel, options: { evenIfPaused?: boolean } = {}): ProcessInfo[] {
  if (!hasProcesses(options.evenIfPaused ? { ...model, paused: false } : model)) return [];
  const hash = projectHash(model.groupId);
  const rsId = replicaSetId(model.id);
  const cluster = model.name.toLowerCase();
  const nodeCount = nodesPerShard(model);
  const shardCount = model.replicationSpecs.length;
  const embeddedConfigServer = Number(model.mongoDBMajorVersion.split('.')[0]) >= 8;
  const base = {
    version: model.mongoDBVersion,
    created: model.mongoURIUpdated ?? model.createDate,
    groupId: model.groupId,
    clusterName: model.name,
    clusterId: model.id,
  };
  const host = (role: string, shard: number, node: number) => ({
    hostname: `${rsId}-${role}-${pad(shard)}-${pad(node)}.${hash}.${DOMAIN}`,
    userAlias: `${cluster}-${role}-${pad(shard)}-${pad(node)}.${hash}.${DOMAIN}`,
  });
  const out: ProcessInfo[] = [];
  if (model.clusterType === 'REPLICASET') {
    const primary = primaryNode(model, 0, nodeCount);
    for (const member of hostMembers({ clusterType: 'REPLICASET', nodeCount, shardCount: 1 })) {
      const h = host('shard', 0, member.node);
      out.push({
        ...base,
        ...h,
        id: `${h.hostname}:${MONGOD_PORT}`,
        port: MONGOD_PORT,
        typeName: member.node === primary ? 'REPLICA_PRIMARY' : 'REPLICA_SECONDARY',
        replicaSetName: `${rsId}-shard-0`,
        node: member.node,
        shard: 0,
        kind: 'mongod',
      });
    }
    return out;
  }
  // Sharded: each host of the host list runs a mongos (27016) beside its mongod (27017).
  const members = hostMembers({ clusterType: model.clusterType, nodeCount, shardCount, embeddedConfigServer });
  for (const member of members) {
    const h = host(member.role, member.shard, member.node);
    const setName = `${rsId}-${member.role}-${member.shard}`;
    const shardIndex = member.role === 'config' ? -1 : member.shard;
    const primary = primaryNode(model, shardIndex, nodeCount) === member.node;
    out.push({
      ...base,
      ...h,
      id: `${h.hostname}:${MONGOD_PORT}`,
      port: MONGOD_PORT,
      typeName: member.role === 'config' ? 'SHARD_CONFIG' : primary ? 'SHARD_PRIMARY' : 'SHARD_SECONDARY',
      replicaSetName: setName,
      shardName: setName,
      node: member.node,
      shard: member.shard,
      kind: 'mongod',
    });
    out.push({ ...base, ...h, id: `${h.hostname}:${MONGOS_PORT}`, port: MONGOS_PORT, typeName: 'SHARD_MONGOS', node: member.node, shard: member.shard, kind: 'mongos' });
  }
  if (!embeddedConfigServer) {
    // Before 8.0 the config servers are hosts of their own, not in the host list.
    for (let node = 0; node < 3; node++) {
      const h = host('config', 0, node);
      out.push({ ...base, ...h, id: `${h.hostname}:${MONGOD_PORT}`, port: MONGOD_PORT, typeName: 'SHARD_CONFIG', replicaSetName: `${rsId}-config-0`, node, shard: 0, kind: 'mongod' });
    }
  }
  return out;
}

/**
 * The project's processes, its clusters in creation order; only those of `clusterName`
 * when given. Other modules (logs, metrics, the performance advisor) read them here.
 */
export function processesOf(store: Store, groupId: string, clusterName?: string, options: { evenIfPaused?: boolean } = {}): ProcessInfo[] {
  const clusters = clusterStore(store);
  if (clusterName !== undefined) {
    const record = clusters.find(groupId, clusterName);
    return record ? clusterProcesses(record.model, options) : [];
  }
  return clusters.list(groupId).flatMap((record) => clusterProcesses(record.model, options));
}

/**
 * One process of the project by its `host:port`, or by its hostname alone (the log
 * download's `{hostName}`): then the host's mongod, the first process listed on it.
 */
export function findProcess(store: Store, groupId: string, processId: string): ProcessInfo | undefined {
  const all = processesOf(store, groupId);
  return processId.includes(':') ? all.find((p) => p.id === processId) : all.find((p) => p.hostname === processId);
}
