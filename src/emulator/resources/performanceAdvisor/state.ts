// The advisor's part of the world: the seeded workload (workload.ts) and each project's
// managed slow operation threshold (on unless disabled, as on the service).
import { isObject } from '../../../base/object.js';
import type { SeedDocument, World } from '../../contract.js';
import type { Problems } from '../../seedChecks.js';
import { OBJECT_ID } from '../../seedChecks.js';
import type { WorkloadEntry } from './workload.js';

export interface AdvisorState {
  workload: WorkloadEntry[];
  /** groupId -> false where the project disabled it; absent: enabled. */
  managedSlowMs: Record<string, boolean>;
}

declare module '../../contract.js' {
  interface World {
    /** Absent in state files written before the Performance Advisor existed. */
    performanceAdvisor?: AdvisorState;
  }
  interface SeedDocument {
    /** Slow queries and indexes per cluster namespace: what the advisor and the logs derive from. */
    workload?: WorkloadEntry[];
  }
}

export function advisorStateOf(world: World): AdvisorState {
  world.performanceAdvisor ??= { workload: [], managedSlowMs: {} };
  return world.performanceAdvisor;
}

/** The workload of one cluster. */
export function workloadOf(world: World, projectId: string, cluster: string): WorkloadEntry[] {
  return advisorStateOf(world).workload.filter((entry) => entry.projectId === projectId && entry.cluster.toLowerCase() === cluster.toLowerCase());
}

const IP_ADDRESS = /^((25[0-5]|(2[0-4]|1\d|[1-9]|)\d)(\.(?!$)|$)){4}$|^([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}$/;
const NAMESPACE = /^[^.$\0/\\ "]+\.[^$\0]+$/;
const CLUSTER = /^[a-zA-Z0-9][a-zA-Z0-9-]*$/;
const MAX_ENTRIES = 1000;

const isDirection = (value: unknown): boolean => value === 1 || value === -1;
const isKey = (value: unknown): boolean => isObject(value) && Object.keys(value).length > 0 && Object.values(value).every(isDirection);
const count = (value: unknown, max: number): boolean => value === undefined || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max);

/** Every problem of the seed's `workload`, naming the entry. */
export function checkWorkloadSeed(doc: Record<string, unknown>, problems: Problems, projectIds: ReadonlySet<string>): void {
  const workload = doc.workload;
  if (workload === undefined) return;
  if (!Array.isArray(workload)) return problems.add('workload', 'must be an array of {projectId, cluster, namespace, queries, indexes}');
  if (workload.length > MAX_ENTRIES) problems.add('workload', `at most ${MAX_ENTRIES} entries`);
  workload.forEach((entry, i) => {
    const at = `workload[${i}]`;
    if (!isObject(entry)) return problems.add(at, 'must be an object {projectId, cluster, namespace, queries, indexes}');
    problems.onlyKeys(at, entry, ['projectId', 'cluster', 'namespace', 'queries', 'indexes', 'avgObjSize', 'clients']);
    if (problems.string(`${at}.projectId`, entry.projectId, OBJECT_ID, 'a 24-hex project id') && !projectIds.has(entry.projectId)) problems.add(`${at}.projectId`, `no project ${entry.projectId} in the seed`);
    problems.string(`${at}.cluster`, entry.cluster, CLUSTER, 'a cluster name');
    problems.string(`${at}.namespace`, entry.namespace, NAMESPACE, 'a namespace <database>.<collection>');
    if (!count(entry.avgObjSize, 16 * 1024 * 1024)) problems.add(`${at}.avgObjSize`, 'must be a whole number of bytes up to 16 MB');
    if (entry.queries !== undefined && !Array.isArray(entry.queries)) problems.add(`${at}.queries`, 'must be an array of {filter, sort, perDay, millis, docsExamined, nReturned, lookup}');
    (Array.isArray(entry.queries) ? entry.queries : []).forEach((query, j) => {
      const q = `${at}.queries[${j}]`;
      if (!isObject(query)) return problems.add(q, 'must be an object {filter, ...}');
      problems.onlyKeys(q, query, ['filter', 'sort', 'perDay', 'millis', 'docsExamined', 'nReturned', 'lookup']);
      if (!isObject(query.filter)) problems.add(`${q}.filter`, 'must be a query document');
      else if (JSON.stringify(query.filter).length > 4096) problems.add(`${q}.filter`, 'at most 4096 characters of JSON');
      if (query.sort !== undefined && !isKey(query.sort)) problems.add(`${q}.sort`, 'must be a sort document of 1 and -1');
      if (query.perDay !== undefined && (!count(query.perDay, 10_000) || query.perDay === 0)) problems.add(`${q}.perDay`, 'must be a whole number from 1 to 10000');
      if (!count(query.millis, 3_600_000)) problems.add(`${q}.millis`, 'must be a whole number of ms up to an hour');
      if (!count(query.docsExamined, 1e12)) problems.add(`${q}.docsExamined`, 'must be a whole number');
      if (!count(query.nReturned, 1e12)) problems.add(`${q}.nReturned`, 'must be a whole number');
      if (query.lookup !== undefined) problems.string(`${q}.lookup`, query.lookup, /^[^$\0]+$/, 'a collection name');
    });
    if (entry.clients !== undefined && !Array.isArray(entry.clients)) problems.add(`${at}.clients`, 'must be an array of {username, ipAddress, perDay}');
    (Array.isArray(entry.clients) ? entry.clients : []).forEach((client, j) => {
      const x = `${at}.clients[${j}]`;
      if (!isObject(client)) return problems.add(x, 'must be an object {username, ipAddress}');
      problems.onlyKeys(x, client, ['username', 'ipAddress', 'perDay']);
      problems.string(`${x}.username`, client.username);
      problems.string(`${x}.ipAddress`, client.ipAddress, IP_ADDRESS, 'an IPv4 address or a full IPv6 address');
      if (client.perDay !== undefined && (!count(client.perDay, 1440) || client.perDay === 0)) problems.add(`${x}.perDay`, 'must be a whole number from 1 to 1440');
    });
    if (entry.indexes !== undefined && !Array.isArray(entry.indexes)) problems.add(`${at}.indexes`, 'must be an array of {name, key, hidden, sizeBytes}');
    (Array.isArray(entry.indexes) ? entry.indexes : []).forEach((index, j) => {
      const x = `${at}.indexes[${j}]`;
      if (!isObject(index)) return problems.add(x, 'must be an object {name, key}');
      problems.onlyKeys(x, index, ['name', 'key', 'hidden', 'sizeBytes']);
      problems.string(`${x}.name`, index.name);
      if (!isKey(index.key)) problems.add(`${x}.key`, 'must be an index key document of 1 and -1');
      problems.boolean(`${x}.hidden`, index.hidden);
      if (!count(index.sizeBytes, 1e15)) problems.add(`${x}.sizeBytes`, 'must be a whole number of bytes');
    });
  });
}

export function advisorStateFromSeed(world: World, seed: SeedDocument): void {
  advisorStateOf(world).workload = structuredClone(seed.workload ?? []);
}
