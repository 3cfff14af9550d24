// The emulator's world: projects, credentials and clusters, kept in memory and,
// with a state path, written after every acknowledged change (temp file, fsync,
// rename) before the response leaves, and reloaded on start.
// Cluster state transitions are computed from the injectable clock when read.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { MAX_BYTES, readTextFileSync } from '../base/boundedRead.js';
import { UsageError } from '../base/errors.js';
import { fsReason } from '../base/fsError.js';
import { removeLeftoverTemps, writeFileAtomic } from '../base/privateFile.js';
import { createClusterModel, upgradeStoredModel } from '../model/cluster.js';
import type { ClusterModel } from '../model/cluster.js';
import { createFlexModel, type FlexClusterModel } from '../model/flexCluster.js';
import { canonicalCidr } from './apiKeyAccessList.js';
import { DueQueue } from './dueQueue.js';
import { checkCreateBody, isExpired, type DatabaseUserDocument } from './databaseUsers.js';
import { seedClusterShape } from './seed.js';
import { searchStateFromSeed } from './resources/searchIndexes/seed.js';
import type { SearchState } from './resources/searchIndexes/state.js';
import type { SeedApiKey, SeedDocument, SeedFlexCluster, SeedIpAccessEntry, SeedPrivateEndpoint, SeedServiceAccount } from './seed.js';

export interface ProjectState {
  id: string;
  name: string;
  privateIpMode: boolean;
  peering: boolean;
  privateEndpoints: SeedPrivateEndpoint[];
  /** The organization the project belongs to. */
  orgId: string;
  /** ISO date of creation, as the service writes it. */
  created: string;
  withDefaultAlertsSettings: boolean;
  /** The project IP access list (who may connect to its clusters); not an API key's access list. */
  ipAccessList: IpAccessEntry[];
}

export interface OrgState {
  id: string;
  name: string;
}

/** One entry of a project IP access list: exactly one of cidrBlock and awsSecurityGroup. */
export interface IpAccessEntry {
  /** Canonical CIDR (IPv6 written out in full, as the description's patterns want); single addresses are /32 or /128. */
  cidrBlock?: string;
  awsSecurityGroup?: string;
  comment?: string;
  /** ISO date, whole seconds. */
  deleteAfterDate?: string;
  /** Clock ms when the entry becomes ACTIVE on every provider (PENDING until then). */
  activeAt: number;
}

/** A mutating request as received, so tests can assert the exact bodies a client sent. */
export interface RecordedRequest {
  method: string;
  url: string;
  contentType: string;
  /** The body text exactly as received. */
  raw: string;
  /** The parsed body (undefined when empty or not JSON). */
  body: unknown;
}

export interface ClusterRecord {
  model: ClusterModel;
  legacyStrings: boolean;
  /** When the current CREATING / UPDATING / DELETING state ends (clock ms). */
  pendingUntil?: number;
  requests: RecordedRequest[];
}

/** A flex cluster (its own API, src/emulator/handlers/flexClusters.ts). */
export interface FlexRecord {
  model: FlexClusterModel;
  /** When the current CREATING / DELETING state ends (clock ms). */
  pendingUntil?: number;
}

export interface World {
  orgs: OrgState[];
  projects: ProjectState[];
  apiKeys: SeedApiKey[];
  serviceAccounts: SeedServiceAccount[];
  clusters: ClusterRecord[];
  /** Absent from state files written before flex clusters. */
  flexClusters?: FlexRecord[];
  /** Database users of every project, in creation order (absent in state files written before they existed). */
  databaseUsers?: DatabaseUserDocument[];
  /** Search indexes, sample loads and what clusters hold (absent in state files written before them). */
  search?: SearchState;
  rateLimitPerMinute?: number;
  transitionMs?: number;
}

const STATE_FORMAT = 'cdba-emulator-state/1';
const KEPT_REQUESTS = 20;

/** 24 hex digits: 4 bytes of seconds, then 8 random bytes, like the service's ObjectIds. */
export function objectId(nowMs: number): string {
  const seconds = Math.floor(nowMs / 1000).toString(16).padStart(8, '0').slice(-8);
  return seconds + randomBytes(8).toString('hex');
}

/** ISO-8601 UTC at second granularity, as the service writes dates. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A seeded flex cluster, IDLE from the start (validateSeed already checked its body). */
function seedFlexModel(entry: SeedFlexCluster, now: number): FlexClusterModel {
  const result = createFlexModel(entry.cluster, { groupId: entry.projectId, newId: () => objectId(now), now: isoSeconds(now) });
  if (result.problem) throw new UsageError(`seed flex cluster ${String(entry.cluster.name)}: ${result.problem.code} ${result.problem.field}`);
  return { ...result.model, stateName: 'IDLE' };
}

/** Without orgs in the seed: one organization for every project (a stable id, so restarts agree). */
export const DEFAULT_ORG: OrgState = { id: 'a0a0a0a0a0a0a0a0a0a0a0a0', name: 'emulator' };

/** A seed's access-list entry as stored: the address canonical, ACTIVE from the start. */
export function seedIpAccessEntry(entry: SeedIpAccessEntry, canonical: (text: string) => string | undefined): IpAccessEntry {
  const stored: IpAccessEntry = { activeAt: 0 };
  if (entry.awsSecurityGroup !== undefined) stored.awsSecurityGroup = entry.awsSecurityGroup;
  else stored.cidrBlock = canonical(entry.cidrBlock ?? entry.ipAddress ?? '') ?? '';
  if (entry.comment !== undefined) stored.comment = entry.comment;
  if (entry.deleteAfterDate !== undefined) stored.deleteAfterDate = isoSeconds(Date.parse(entry.deleteAfterDate));
  return stored;
}

function worldFromSeed(seed: SeedDocument, now: number): World {
  const orgs = seed.orgs?.length ? structuredClone(seed.orgs) : [DEFAULT_ORG];
  const world: World = {
    orgs,
    projects: seed.projects.map((p) => ({
      id: p.id,
      name: p.name,
      privateIpMode: p.privateIpMode ?? false,
      peering: p.peering ?? false,
      privateEndpoints: structuredClone(p.privateEndpoints ?? []),
      orgId: p.orgId ?? orgs[0]!.id,
      created: isoSeconds(now),
      withDefaultAlertsSettings: true,
      ipAccessList: (p.ipAccessList ?? []).map((entry) => seedIpAccessEntry(entry, canonicalCidr)),
    })),
    apiKeys: structuredClone(seed.apiKeys ?? []),
    serviceAccounts: structuredClone(seed.serviceAccounts ?? []),
    clusters: [],
    flexClusters: (seed.flexClusters ?? []).map((entry) => ({ model: seedFlexModel(entry, now) })),
    databaseUsers: (seed.databaseUsers ?? []).map((entry) => {
      const result = checkCreateBody({ groupId: entry.projectId, ...entry.user }, { groupId: entry.projectId, requirePassword: false });
      // validateSeed already ran the same check.
      if ('problem' in result) throw new UsageError(`seed database user: ${result.problem.code} ${result.problem.field}`);
      return result.user;
    }),
    ...(seed.rateLimit ? { rateLimitPerMinute: seed.rateLimit.perMinute } : {}),
    ...(seed.transitionMs !== undefined ? { transitionMs: seed.transitionMs } : {}),
  };
  for (const entry of seed.clusters ?? []) {
    const body = entry.cluster;
    const result = createClusterModel(body, seedClusterShape(body), {
      groupId: entry.projectId,
      newId: () => objectId(now),
      now: isoSeconds(now),
    });
    // validateSeed already ran the same check; a failure here is a seed that skipped validation.
    if (result.problem) throw new UsageError(`seed cluster ${String(body.name)}: ${result.problem.code} ${result.problem.field}`);
    const model = { ...result.model, stateName: 'IDLE' as const, mongoURIUpdated: result.model.createDate };
    world.clusters.push({ model, legacyStrings: entry.legacyStrings ?? false, requests: [] });
  }
  const clusterId = (projectId: string, name: string): string =>
    [...world.clusters, ...(world.flexClusters ?? [])].find((record) => record.model.groupId === projectId && record.model.name === name)!.model.id;
  searchStateFromSeed(world, seed, now, clusterId);
  return world;
}

function loadWorld(path: string): World {
  const text = readTextFileSync(path, { label: '--state', maxBytes: MAX_BYTES.emulatorFile, expected: 'an emulator state file' });
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--state: ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const state = doc as { format?: unknown; world?: World };
  if (state.format !== STATE_FORMAT || typeof state.world !== 'object' || state.world === null) {
    throw new UsageError(`--state: ${path} is not an emulator state file (expected format ${STATE_FORMAT})`);
  }
  const world = state.world;
  // Files written before projects had an organization, a date and an IP access list.
  if (!Array.isArray(world.orgs) || world.orgs.length === 0) world.orgs = [DEFAULT_ORG];
  for (const project of Array.isArray(world.projects) ? world.projects : []) {
    project.orgId ??= world.orgs[0]!.id;
    project.created ??= isoSeconds(0);
    project.withDefaultAlertsSettings ??= true;
    project.ipAccessList ??= [];
  }
  // Files written before shards were kept one by one carry numShards per spec.
  if (Array.isArray(world.clusters)) {
    for (const record of world.clusters) record.model = upgradeStoredModel(record.model, () => objectId(Date.parse(record.model.createDate) || 0));
  }
  return world;
}

export class Store {
  private writes: Promise<void> = Promise.resolve();
  /**
   * Each project's clusters in creation order. A project's array is replaced, never
   * changed in place, so a list handed out by clusters() stays as it was.
   */
  private readonly byProject = new Map<string, ClusterRecord[]>();
  /** Each project's clusters by exact name: the first in creation order, as a scan would find. */
  private readonly byName = new Map<string, Map<string, ClusterRecord>>();
  /** Clusters in a CREATING / UPDATING / DELETING state, by when it ends. */
  private readonly pending = new DueQueue<ClusterRecord>();

  private constructor(
    readonly world: World,
    private readonly statePath: string | undefined,
    private readonly clock: () => number,
  ) {
    for (const record of world.clusters) {
      const { groupId } = record.model;
      const list = this.byProject.get(groupId);
      if (list) list.push(record);
      else this.byProject.set(groupId, [record]);
      this.indexName(record);
      if (record.pendingUntil !== undefined) this.pending.push(record, record.pendingUntil);
    }
  }

  /** Reloads the state file when it exists; otherwise starts from the seed (and writes it). */
  static async open(seed: SeedDocument, statePath: string | undefined, clock: () => number): Promise<Store> {
    // Temp files of a run that was killed mid-write hold every key of the state.
    if (statePath) removeLeftoverTemps(statePath);
    if (statePath && existsSync(statePath)) return new Store(loadWorld(statePath), statePath, clock);
    const store = new Store(worldFromSeed(seed, clock()), statePath, clock);
    try {
      await store.commit();
    } catch (error) {
      // The first write shows whether the state file can be written at all.
      throw new UsageError(`--state: cannot write ${statePath}: ${fsReason(error)}`);
    }
    return store;
  }

  project(id: string): ProjectState | undefined {
    return this.world.projects.find((p) => p.id === id);
  }

  addProject(project: ProjectState): void {
    this.world.projects.push(project);
  }

  /** Takes a project out, and every role that named it (a project without clusters: the handler checks). */
  removeProject(id: string): void {
    this.world.projects = this.world.projects.filter((p) => p.id !== id);
    for (const credential of [...this.world.apiKeys, ...this.world.serviceAccounts]) {
      credential.roles = credential.roles.filter((role) => role.projectId !== id);
    }
  }

  private indexName(record: ClusterRecord): void {
    const { groupId, name } = record.model;
    let names = this.byName.get(groupId);
    if (!names) this.byName.set(groupId, (names = new Map()));
    if (!names.has(name)) names.set(name, record);
  }

  /** Moves every cluster whose pending state has run out to its next state. */
  private advance(): void {
    if (this.pending.size === 0) return;
    const gone = new Set<ClusterRecord>();
    for (const { due, item: record } of this.pending.popDue(this.clock())) {
      // An entry left behind by a later schedule() of the same cluster, or one already handled.
      if (record.pendingUntil !== due || gone.has(record)) continue;
      if (record.model.stateName === 'DELETING') {
        gone.add(record);
        continue;
      }
      if (record.model.stateName === 'CREATING') record.model.mongoURIUpdated = isoSeconds(due);
      record.model.stateName = 'IDLE';
      delete record.pendingUntil;
    }
    if (gone.size > 0) this.remove(gone);
  }

  private remove(gone: Set<ClusterRecord>): void {
    this.world.clusters = this.world.clusters.filter((record) => !gone.has(record));
    const projects = new Set([...gone].map((record) => record.model.groupId));
    for (const groupId of projects) {
      const list = (this.byProject.get(groupId) ?? []).filter((record) => !gone.has(record));
      this.byProject.set(groupId, list);
      const names = this.byName.get(groupId);
      for (const record of gone) {
        const { name } = record.model;
        if (record.model.groupId !== groupId || names?.get(name) !== record) continue;
        names.delete(name);
        const next = list.find((other) => other.model.name === name);
        if (next) names.set(name, next);
      }
    }
  }

  /** The project's clusters in creation order. Callers must not change the array. */
  clusters(projectId: string): readonly ClusterRecord[] {
    this.advance();
    return this.byProject.get(projectId) ?? [];
  }

  cluster(projectId: string, name: string): ClusterRecord | undefined {
    this.advance();
    return this.byName.get(projectId)?.get(name);
  }

  /** Adds a cluster; a pendingUntil it already carries is scheduled. */
  addCluster(record: ClusterRecord): void {
    this.world.clusters.push(record);
    const { groupId } = record.model;
    this.byProject.set(groupId, [...(this.byProject.get(groupId) ?? []), record]);
    this.indexName(record);
    if (record.pendingUntil !== undefined) this.pending.push(record, record.pendingUntil);
  }

  /** Puts a cluster's current CREATING / UPDATING / DELETING state to end at `until` (clock ms). */
  schedule(record: ClusterRecord, until: number): void {
    record.pendingUntil = until;
    this.pending.push(record, until);
  }

  // ---- flex clusters: few per project, so kept in one list and scanned; transitions applied when read.

  /** The project's flex clusters in creation order. */
  flexClusters(projectId: string): FlexRecord[] {
    this.advanceFlex();
    return (this.world.flexClusters ?? []).filter((record) => record.model.groupId === projectId);
  }

  flexCluster(projectId: string, name: string): FlexRecord | undefined {
    this.advanceFlex();
    return (this.world.flexClusters ?? []).find((record) => record.model.groupId === projectId && record.model.name === name);
  }

  addFlexCluster(record: FlexRecord): void {
    (this.world.flexClusters ??= []).push(record);
  }

  private advanceFlex(): void {
    const now = this.clock();
    const list = this.world.flexClusters ?? [];
    if (!list.some((record) => record.pendingUntil !== undefined && record.pendingUntil <= now)) return;
    this.world.flexClusters = list.filter((record) => {
      if (record.pendingUntil === undefined || record.pendingUntil > now) return true;
      if (record.model.stateName === 'DELETING') return false;
      record.model.stateName = 'IDLE';
      delete record.pendingUntil;
      return true;
    });
  }

  /**
   * The project's database users in creation order, at the service's `now` (ms):
   * a user past its deleteAfterDate is gone, as the service deletes it then.
   */
  databaseUsers(projectId: string, now: number): DatabaseUserDocument[] {
    const all = (this.world.databaseUsers ??= []);
    if (all.some((user) => isExpired(user, now))) this.world.databaseUsers = all.filter((user) => !isExpired(user, now));
    return this.world.databaseUsers.filter((user) => user.groupId === projectId);
  }

  databaseUser(projectId: string, databaseName: string, username: string, now: number): DatabaseUserDocument | undefined {
    return this.databaseUsers(projectId, now).find((user) => user.databaseName === databaseName && user.username === username);
  }

  /** Adds a user, or puts a changed one in the place of the one it replaces. */
  putDatabaseUser(user: DatabaseUserDocument, replacing?: DatabaseUserDocument): void {
    const all = (this.world.databaseUsers ??= []);
    const at = replacing ? all.indexOf(replacing) : -1;
    if (at >= 0) all[at] = user;
    else all.push(user);
  }

  removeDatabaseUser(user: DatabaseUserDocument): void {
    this.world.databaseUsers = (this.world.databaseUsers ?? []).filter((other) => other !== user);
  }

  recordRequest(record: ClusterRecord, request: RecordedRequest): void {
    record.requests.push(request);
    if (record.requests.length > KEPT_REQUESTS) record.requests.splice(0, record.requests.length - KEPT_REQUESTS);
  }

  /** Persists the current state; resolves once it is durably on disk (no-op in memory mode). */
  commit(): Promise<void> {
    if (!this.statePath) return Promise.resolve();
    const path = this.statePath;
    const text = JSON.stringify({ format: STATE_FORMAT, world: this.world }, null, 2);
    // Writes are chained so a later snapshot never lands before an earlier one.
    // The temp file's name is random and it is created without following links
    // (src/base/privateFile.ts): a planted name cannot receive the keys.
    this.writes = this.writes.catch(() => undefined).then(() => writeFileAtomic(path, text));
    return this.writes;
  }

  /** Waits for writes in flight (used by stop()). */
  settled(): Promise<void> {
    return this.writes.catch(() => undefined);
  }
}

