// Who connected to which host, from where and when: the one derivation that both the
// database access history (this module's answers) and the log download's connection and
// authentication lines (logs module, through `connectionsOf`) read, so each entry of the
// history for a host in a window is a connection in that host's log for the window, its
// `logLine` the log's authentication line, and each authentication line of the log is an
// entry of the history.
//
// Derived from what the emulator knows, deterministically (the same world and window give
// the same connections):
// - the seed's `workload` (performanceAdvisor module) names who runs a cluster's queries and
//   from where (`clients`): each connects `perDay` times a day (default 24); one whose
//   username is not a database user allowed on the cluster fails (UserNotFound);
// - a cluster without workload clients: every database user allowed on it (no scopes, or a
//   scope naming it) connects once an hour from each address of the project's IP access
//   list (a CIDR block's first address; 127.0.0.1 when the list has none);
// - the seed's `accessLogs` attempts (failures among them) at their times, on the host they name.
// Each derived connection lands on one of the cluster's hosts that was up then (processes
// module: `processesOf`, `upPeriods`): none while the cluster was paused, none before its
// hosts came up, none on a host a scale had not yet added. Nothing happens after now.
import { createHash } from 'node:crypto';
import type { Store } from '../../contract.js';
import { isoSeconds } from '../../store.js';
import type { IpAccessEntry } from '../accessList/index.js';
import type { ClusterRecord } from '../clusters/index.js';
import { databaseUsers } from '../databaseUsers/store.js';
import { workloadOf } from '../performanceAdvisor/index.js';
import { clusterProcesses, upAt, upPeriods, type ProcessInfo, type UpPeriod } from '../processes/index.js';
import { projectById } from '../projects/index.js';

/** An attempt the seed declares (the seed key `accessLogs`). */
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

/** One connection to a host's mongod, authenticated or refused. */
export interface Connection {
  /** When it was accepted (service ms); authentication follows 25 ms later. */
  at: number;
  groupId: string;
  clusterName: string;
  /** The host's name as the processes name it (the log download's `{hostName}`). */
  hostname: string;
  port: number;
  username: string;
  authSource: string;
  ipAddress: string;
  remotePort: number;
  authResult: boolean;
  failureReason?: string;
  /** The connection's number on the host. */
  conn: number;
  appName: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Most connections one derivation yields: a window's are bounded whatever it asks. */
export const MAX_CONNECTIONS = 50_000;
/** After accepting, the client authenticates this much later (ms). */
export const AUTH_DELAY = 25;

const hash = (text: string): number => createHash('sha256').update(text).digest().readUInt32BE(0);

/** The first address of an entry (a security group has none). */
const addressOf = (entry: IpAccessEntry): string | undefined => entry.cidrBlock?.split('/')[0];

interface Client {
  username: string;
  authSource: string;
  ipAddress: string;
  perDay: number;
  allowed: boolean;
  appName: string;
}

/** Who connects to a cluster, and how often. */
function clientsOf(store: Store, groupId: string, record: ClusterRecord): Client[] {
  const name = record.model.name;
  const users = databaseUsers(store, groupId, store.serviceClock()).filter((u) => u.scopes.length === 0 || u.scopes.some((s) => s.type === 'CLUSTER' && s.name === name));
  const declared = workloadOf(store.world, groupId, name).flatMap((entry) => entry.clients ?? []);
  if (declared.length > 0) {
    const seen = new Set<string>();
    return declared.flatMap((client) => {
      const key = `${client.username}\0${client.ipAddress}`;
      if (seen.has(key)) return [];
      seen.add(key);
      const user = users.find((u) => u.username === client.username);
      return [{ username: client.username, authSource: user?.databaseName ?? 'admin', ipAddress: client.ipAddress, perDay: client.perDay ?? 24, allowed: user !== undefined, appName: 'cdba-workload' }];
    });
  }
  const project = projectById(store, groupId) as { ipAccessList?: IpAccessEntry[] } | undefined;
  const addresses = (project?.ipAccessList ?? []).map(addressOf).filter((a): a is string => a !== undefined);
  const sources = addresses.length > 0 ? addresses : ['127.0.0.1'];
  return users.flatMap((user) => sources.map((ipAddress) => ({ username: user.username, authSource: user.databaseName, ipAddress, perDay: 24, allowed: true, appName: 'mongosh 2.5.0' })));
}

/** The cluster's hosts (their mongod), paused or not, with when each was up. */
function hostsOf(store: Store, record: ClusterRecord): Array<{ process: ProcessInfo; periods: UpPeriod[] }> {
  const mongods = clusterProcesses(record.model, { evenIfPaused: true }).filter((p) => p.kind === 'mongod');
  // Clients reach a sharded cluster's data hosts, not its config servers.
  const data = mongods.filter((p) => p.typeName !== 'SHARD_CONFIG');
  return (data.length > 0 ? data : mongods).map((process) => ({ process, periods: upPeriods(store, process) }));
}

/**
 * Every connection to the cluster's hosts in [from, to) (service ms; `to` is cut at now),
 * oldest first; only those to `hostname` when given.
 */
export function connectionsOf(store: Store, groupId: string, record: ClusterRecord, from: number, to: number, hostname?: string): Connection[] {
  const end = Math.min(to, store.serviceClock() + 1);
  const hosts = hostsOf(store, record);
  if (hosts.length === 0 || from >= end) return [];
  const name = record.model.name;
  const out: Connection[] = [];
  const add = (c: Omit<Connection, 'conn' | 'remotePort' | 'port'>): void => {
    if (hostname !== undefined && c.hostname !== hostname) return;
    const seed = `${c.hostname}\0${c.username}\0${c.ipAddress}\0${c.at}`;
    out.push({ ...c, port: 27017, conn: 1000 + (hash(`conn\0${seed}`) % 90000), remotePort: 49152 + (hash(`port\0${seed}`) % 16000) });
  };
  for (const client of clientsOf(store, groupId, record)) {
    const every = Math.floor(DAY / client.perDay);
    const offset = hash(`${name}\0${client.username}\0${client.ipAddress}`) % every;
    for (let at = Math.ceil((from - offset) / every) * every + offset; at < end && out.length < MAX_CONNECTIONS; at += every) {
      if (at < from) continue;
      const up = hosts.filter((h) => upAt(h.periods, at));
      if (up.length === 0) continue;
      const host = up[hash(`${name}\0${client.username}\0${client.ipAddress}\0${at}`) % up.length]!.process;
      add({
        at,
        groupId,
        clusterName: name,
        hostname: host.hostname,
        username: client.username,
        authSource: client.authSource,
        ipAddress: client.ipAddress,
        authResult: client.allowed,
        ...(client.allowed ? {} : { failureReason: 'UserNotFound' }),
        appName: client.appName,
      });
    }
  }
  for (const seeded of store.world.accessLogs ?? []) {
    if (seeded.groupId !== groupId || seeded.clusterName !== name) continue;
    // The attempt is dated by its authentication; its connection was accepted just before.
    const at = Math.floor(Date.parse(seeded.timestamp) / 1000) * 1000 - AUTH_DELAY;
    if (at < from || at >= end) continue;
    const authResult = seeded.authResult ?? true;
    add({
      at,
      groupId,
      clusterName: name,
      hostname: hosts[Math.min(seeded.node ?? 0, hosts.length - 1)]!.process.hostname,
      username: seeded.username,
      authSource: seeded.authSource ?? 'admin',
      ipAddress: seeded.ipAddress,
      authResult,
      ...(authResult ? {} : { failureReason: seeded.failureReason ?? 'AuthenticationFailed' }),
      appName: 'mongosh 2.5.0',
    });
  }
  return out.slice(0, MAX_CONNECTIONS).sort((a, b) => a.at - b.at || a.hostname.localeCompare(b.hostname) || a.username.localeCompare(b.username));
}

/** mongod's `$date`: ISO 8601 with milliseconds and +00:00. */
export const logDate = (ms: number): string => new Date(ms).toISOString().replace('Z', '+00:00');

/** The address as mongod writes a remote end: `ip:port`, an IPv6 address in brackets. */
export const remoteOf = (c: Connection): string => (c.ipAddress.includes(':') ? `[${c.ipAddress}]:${c.remotePort}` : `${c.ipAddress}:${c.remotePort}`);

/**
 * The connection's authentication line in the host's mongod log (ids 5286306 and 5286307,
 * as mongod 5.0 and later write them): the access history's `logLine`.
 */
export function authenticationLine(c: Connection): string {
  const at = c.at + AUTH_DELAY;
  const attr = c.authResult
    ? { client: remoteOf(c), isSpeculative: true, isClusterMember: false, mechanism: 'SCRAM-SHA-256', user: c.username, db: c.authSource, result: 0, metrics: { conversation_duration: { micros: 21000 } }, extraInfo: {} }
    : { client: remoteOf(c), isSpeculative: false, isClusterMember: false, mechanism: 'SCRAM-SHA-256', user: c.username, db: c.authSource, error: `${c.failureReason}: Authentication failed`, result: c.failureReason === 'UserNotFound' ? 11 : 18, metrics: { conversation_duration: { micros: 9000 } }, extraInfo: {} };
  return JSON.stringify({ t: { $date: logDate(at) }, s: 'I', c: 'ACCESS', id: c.authResult ? 5286306 : 5286307, ctx: `conn${c.conn}`, msg: c.authResult ? 'Successfully authenticated' : 'Authentication failed', attr });
}

/** The access history's entry of a connection (the service's MongoDBAccessLogs). */
export function accessLogEntry(c: Connection): Record<string, unknown> {
  return {
    authResult: c.authResult,
    authSource: c.authSource,
    ...(c.authResult ? {} : { failureReason: c.failureReason }),
    groupId: c.groupId,
    hostname: c.hostname,
    ipAddress: c.ipAddress,
    logLine: authenticationLine(c),
    timestamp: isoSeconds(c.at + AUTH_DELAY),
    username: c.username,
  };
}

export { DAY as DERIVED_WINDOW };
