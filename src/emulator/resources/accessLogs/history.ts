// A cluster's database access history, derived from what the emulator knows: every
// database user who may use the cluster (no scopes, or a scope naming it) logs in
// successfully from each address of the project's IP access list (a CIDR block's first
// address; 127.0.0.1 when the list has none) once an hour, on one of the cluster's hosts,
// from when the cluster's hosts exist; the seed key `accessLogs` adds attempts (failures
// among them) as if they had happened. The hosts are those of the cluster's standard
// connection string (src/connstring, as the clusters module issues them). Deterministic:
// the same world and clock give the same history.
import { createHash } from 'node:crypto';
import { issueConnectionStrings, parse, projectHash, type IssueInput } from '../../../connstring/index.js';
import type { Store } from '../../contract.js';
import { isoSeconds } from '../../store.js';
import type { ClusterRecord } from '../clusters/index.js';
import type { IpAccessEntry } from '../accessList/index.js';

export interface AccessLogEntry {
  authResult: boolean;
  authSource: string;
  failureReason?: string;
  groupId: string;
  hostname: string;
  ipAddress: string;
  logLine: string;
  timestamp: string;
  username: string;
}

/** An attempt the seed declares. */
export interface SeedAccessLog {
  groupId: string;
  clusterName: string;
  username: string;
  ipAddress: string;
  timestamp: string;
  authResult?: boolean;
  authSource?: string;
  failureReason?: string;
  /** Which of the cluster's hosts (0: the first); default 0. */
  node?: number;
}

declare module '../../contract.js' {
  interface World {
    accessLogs?: SeedAccessLog[];
  }
  interface SeedDocument {
    accessLogs?: SeedAccessLog[];
  }
}

const HOUR = 3_600_000;
/** The derived logins go back at most this far (a day, as the service's UI shows by default). */
const DERIVED_WINDOW = 24 * HOUR;

function nodesPerShard(record: ClusterRecord): number {
  const regions = record.model.replicationSpecs[0]?.regionConfigs ?? [];
  if (regions.every((r) => r.providerName === 'TENANT')) return 3;
  return Math.max(1, regions.reduce((sum, r) => sum + (r.electableSpecs.nodeCount ?? 0) + (r.readOnlySpecs?.nodeCount ?? 0) + (r.analyticsSpecs?.nodeCount ?? 0), 0));
}

/** The cluster's hostnames, without ports, as its standard connection string lists them. */
export function clusterHostnames(groupId: string, record: ClusterRecord): string[] {
  const { model } = record;
  const provider = model.replicationSpecs[0]?.regionConfigs[0]?.providerName ?? 'AWS';
  const input: IssueInput = {
    cluster: model.name.toLowerCase(),
    hash: projectHash(groupId),
    clusterType: model.clusterType,
    nodeCount: nodesPerShard(record),
    shardCount: model.replicationSpecs.length,
    provider,
    peering: false,
    privateEndpoints: [],
    legacy: record.legacyStrings,
    privateIpMode: false,
    ready: true,
    embeddedConfigServer: Number(model.mongoDBMajorVersion.split('.')[0]) >= 8,
    replicaSetSeed: model.id,
  };
  const standard = issueConnectionStrings(input).standard;
  if (standard === undefined) return [];
  return parse(standard).hosts.map((host) => host.replace(/:\d+$/, ''));
}

/** The first address of an entry (a security group has none). */
function addressOf(entry: IpAccessEntry): string | undefined {
  const cidr = entry.cidrBlock;
  if (cidr === undefined) return undefined;
  const [address] = cidr.split('/');
  // IPv6 is written out in full in the store; the description's pattern wants lower-case groups without zone.
  return address;
}

const pick = (seed: string, modulo: number): number => createHash('sha256').update(seed).digest().readUInt32BE(0) % modulo;

function logLine(entry: Omit<AccessLogEntry, 'logLine'>): string {
  const attr = { mechanism: 'SCRAM-SHA-256', principalName: entry.username, authenticationDatabase: entry.authSource, remote: `${entry.ipAddress}:${50000 + pick(entry.timestamp + entry.username, 10000)}`, ...(entry.authResult ? {} : { error: entry.failureReason ?? 'AuthenticationFailed' }) };
  const msg = entry.authResult ? 'Authentication succeeded' : 'Authentication failed';
  return JSON.stringify({ t: { $date: entry.timestamp.replace('Z', '.000+00:00') }, s: 'I', c: 'ACCESS', id: entry.authResult ? 5286306 : 5286307, ctx: 'conn', msg, attr });
}

export interface HistoryInputs {
  store: Store;
  groupId: string;
  record: ClusterRecord;
  users: ReadonlyArray<{ username: string; databaseName: string; scopes: ReadonlyArray<{ name: string; type: string }> }>;
  accessList: readonly IpAccessEntry[];
  /** The service's now (ms). */
  now: number;
}

/** Every attempt on the cluster's hosts, oldest first. */
export function clusterHistory(inputs: HistoryInputs): AccessLogEntry[] {
  const { store, groupId, record, now } = inputs;
  const hosts = clusterHostnames(groupId, record);
  if (hosts.length === 0) return [];
  const out: AccessLogEntry[] = [];
  const add = (entry: Omit<AccessLogEntry, 'logLine'>): void => void out.push({ ...entry, logLine: logLine(entry) });
  const name = record.model.name;
  // The derived logins: from when the hosts exist (the cluster is no longer CREATING).
  const createdAt = Date.parse(record.model.createDate) || now;
  const readyAt = record.model.stateName === 'CREATING' ? now + 1 : createdAt;
  const addresses = inputs.accessList.map(addressOf).filter((a): a is string => a !== undefined);
  const sources = addresses.length > 0 ? addresses : ['127.0.0.1'];
  const users = inputs.users.filter((u) => u.scopes.length === 0 || u.scopes.some((s) => s.type === 'CLUSTER' && s.name === name));
  const from = Math.max(readyAt, now - DERIVED_WINDOW);
  for (let hour = Math.ceil(from / HOUR) * HOUR; hour <= now; hour += HOUR) {
    for (const user of users) {
      for (const ipAddress of sources) {
        const at = hour + pick(`${user.username}/${ipAddress}`, 3_000_000);
        if (at < from || at > now) continue;
        add({ authResult: true, authSource: user.databaseName, groupId, hostname: hosts[pick(`${name}/${user.username}/${hour}`, hosts.length)]!, ipAddress, timestamp: isoSeconds(at), username: user.username });
      }
    }
  }
  for (const seeded of store.world.accessLogs ?? []) {
    if (seeded.groupId !== groupId || seeded.clusterName !== name) continue;
    const authResult = seeded.authResult ?? true;
    add({
      authResult,
      authSource: seeded.authSource ?? 'admin',
      ...(authResult ? {} : { failureReason: seeded.failureReason ?? 'AuthenticationFailed' }),
      groupId,
      hostname: hosts[Math.min(seeded.node ?? 0, hosts.length - 1)]!,
      ipAddress: seeded.ipAddress,
      timestamp: isoSeconds(Date.parse(seeded.timestamp)),
      username: seeded.username,
    });
  }
  return out.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
}
