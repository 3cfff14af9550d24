// The seed file (`cdba emulator --seed FILE`): its fixed format, its validation with
// errors that name the offending entry, and the default world used without one.
import { randomBytes, randomUUID } from 'node:crypto';
import { hostRegion } from '../connstring/index.js';
import { MAX_BYTES, readTextFileSync } from '../base/boundedRead.js';
import { UsageError } from '../base/errors.js';
import { createClusterModel, isValidClusterName, shapeOfDocument } from '../model/cluster.js';
import type { ClusterShape } from '../model/cluster.js';
import { createFlexModel } from '../model/flexCluster.js';
import { checkCreateBody } from './databaseUsers.js';
import { canonicalCidr, parseCidr } from './apiKeyAccessList.js';
import { isObject } from '../base/object.js';
import { SEARCH_SEED_KEYS, checkSearchSeed, type SeedClusterData, type SeedSearchIndex } from './resources/searchIndexes/seed.js';

export const ROLE_NAMES = ['GROUP_OWNER', 'GROUP_CLUSTER_MANAGER', 'GROUP_READ_ONLY'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface SeedRole {
  projectId: string;
  roleName: RoleName;
}

export interface SeedPrivateEndpoint {
  provider: 'AWS' | 'AZURE';
  /** The provider's own region name, e.g. us-east-1 or eastus2. */
  region: string;
  endpointId: string;
  regionalized?: boolean;
}

/** An entry of a project IP access list, as the API's NetworkPermissionEntry writes it (one of the three addresses). */
export interface SeedIpAccessEntry {
  ipAddress?: string;
  cidrBlock?: string;
  awsSecurityGroup?: string;
  comment?: string;
  deleteAfterDate?: string;
}

export interface SeedOrg {
  id: string;
  name: string;
}

export interface SeedProject {
  id: string;
  name: string;
  /** Default: the first of `orgs` (or the emulator's one organization). */
  orgId?: string;
  privateIpMode?: boolean;
  peering?: boolean;
  privateEndpoints?: SeedPrivateEndpoint[];
  /** The project IP access list (who may connect to its clusters), ACTIVE from the start. */
  ipAccessList?: SeedIpAccessEntry[];
}

export interface SeedApiKey {
  publicKey: string;
  privateKey: string;
  /** CIDR blocks or single addresses; absent means no restriction. */
  accessList?: string[];
  roles: SeedRole[];
}

export interface SeedServiceAccount {
  clientId: string;
  clientSecret: string;
  accessList?: string[];
  roles: SeedRole[];
}

export interface SeedCluster {
  projectId: string;
  /** A create body, in the 2023-02-01 shape or the legacy shape. */
  cluster: Record<string, unknown>;
  /** Also issue the legacy connection strings (seed: Legacy row). */
  legacyStrings?: boolean;
}

/** A flex cluster, IDLE from the start. */
export interface SeedFlexCluster {
  projectId: string;
  /** A flex create body (name, providerSettings {backingProviderName, regionName}, tags, terminationProtectionEnabled). */
  cluster: Record<string, unknown>;
}

export interface SeedDatabaseUser {
  projectId: string;
  /** A create body (CloudDatabaseUser); a password, if given, is checked and not kept. */
  user: Record<string, unknown>;
}

export interface SeedDocument {
  orgs?: SeedOrg[];
  projects: SeedProject[];
  databaseUsers?: SeedDatabaseUser[];
  apiKeys?: SeedApiKey[];
  serviceAccounts?: SeedServiceAccount[];
  clusters?: SeedCluster[];
  flexClusters?: SeedFlexCluster[];
  /** What clusters hold (the sample dataset, collections) and their search indexes (resources/searchIndexes/seed.ts). */
  clusterData?: SeedClusterData[];
  searchIndexes?: SeedSearchIndex[];
  rateLimit?: { perMinute: number };
  transitionMs?: number;
}

const PROJECT_ID = /^[a-f0-9]{24}$/;
const PUBLIC_KEY = /^[a-z0-9]{8}$/;

/** Legacy bodies carry fields the 2023-02-01 shape removed. */
export function seedClusterShape(body: Record<string, unknown>): ClusterShape {
  return shapeOfDocument(body) ?? 'modern';
}

/** Collects problems as "where: what" lines, so one run reports them all. */
class Problems {
  readonly list: string[] = [];
  add(where: string, what: string): void {
    this.list.push(`${where}: ${what}`);
  }
  onlyKeys(where: string, value: Record<string, unknown>, allowed: string[]): void {
    for (const key of Object.keys(value)) if (!allowed.includes(key)) this.add(where, `unknown field "${key}" (allowed: ${allowed.join(', ')})`);
  }
  string(where: string, value: unknown, pattern?: RegExp, hint?: string): value is string {
    if (typeof value !== 'string' || value === '') {
      this.add(where, 'must be a non-empty string');
      return false;
    }
    if (pattern && !pattern.test(value)) {
      this.add(where, `"${value}" is not ${hint ?? `like ${pattern}`}`);
      return false;
    }
    return true;
  }
  boolean(where: string, value: unknown): void {
    if (value !== undefined && typeof value !== 'boolean') this.add(where, 'must be true or false');
  }
}

function checkRoles(problems: Problems, where: string, roles: unknown, projectIds: Set<string>): void {
  if (!Array.isArray(roles)) {
    problems.add(`${where}.roles`, 'must be an array of {projectId, roleName}');
    return;
  }
  roles.forEach((role, i) => {
    const at = `${where}.roles[${i}]`;
    if (!isObject(role)) return problems.add(at, 'must be an object {projectId, roleName}');
    problems.onlyKeys(at, role, ['projectId', 'roleName']);
    if (problems.string(`${at}.projectId`, role.projectId, PROJECT_ID, 'a 24-hex project id') && !projectIds.has(role.projectId)) {
      problems.add(`${at}.projectId`, `"${role.projectId}" is not one of the seed's projects`);
    }
    if (!ROLE_NAMES.includes(role.roleName as RoleName)) problems.add(`${at}.roleName`, `must be one of ${ROLE_NAMES.join(', ')}`);
  });
}

function checkAccessList(problems: Problems, where: string, list: unknown): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) return problems.add(where, 'must be an array of CIDR blocks or addresses');
  list.forEach((entry, i) => {
    if (typeof entry !== 'string' || !parseCidr(entry)) problems.add(`${where}[${i}]`, `"${String(entry)}" is not a CIDR block or IP address`);
  });
}

function checkSeedDatabaseUsers(problems: Problems, list: unknown, projectIds: Set<string>): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) return problems.add('databaseUsers', 'must be an array');
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    const at = `databaseUsers[${i}]`;
    if (!isObject(entry)) return problems.add(at, 'must be an object {projectId, user}');
    problems.onlyKeys(at, entry, ['projectId', 'user']);
    if (problems.string(`${at}.projectId`, entry.projectId, PROJECT_ID, 'a 24-hex project id') && !projectIds.has(entry.projectId)) {
      problems.add(`${at}.projectId`, `"${entry.projectId}" is not one of the seed's projects`);
    }
    if (!isObject(entry.user)) return problems.add(`${at}.user`, 'must be a database user create body (object)');
    // groupId may be left out: the entry's projectId says it.
    const body = { groupId: entry.projectId, ...entry.user };
    const result = checkCreateBody(body, { groupId: String(entry.projectId), requirePassword: false });
    if ('problem' in result) return problems.add(`${at}.user.${result.problem.field}`, result.problem.code);
    const key = `${String(entry.projectId)}/${result.user.databaseName}/${result.user.username}`;
    if (seen.has(key)) problems.add(`${at}.user.username`, `duplicate user ${result.user.username} in project ${String(entry.projectId)}`);
    seen.add(key);
  });
}

const SECURITY_GROUP = /^([0-9]*\/)?sg-[0-9a-f]+$/;

function checkIpAccessList(problems: Problems, where: string, list: unknown): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) return problems.add(where, 'must be an array of {ipAddress | cidrBlock | awsSecurityGroup, comment?, deleteAfterDate?}');
  list.forEach((entry, i) => {
    const at = `${where}[${i}]`;
    if (!isObject(entry)) return problems.add(at, 'must be an object');
    problems.onlyKeys(at, entry, ['ipAddress', 'cidrBlock', 'awsSecurityGroup', 'comment', 'deleteAfterDate']);
    const given = (['ipAddress', 'cidrBlock', 'awsSecurityGroup'] as const).filter((key) => entry[key] !== undefined);
    if (given.length !== 1) return problems.add(at, 'needs exactly one of ipAddress, cidrBlock, awsSecurityGroup');
    const key = given[0]!;
    if (key === 'awsSecurityGroup') problems.string(`${at}.awsSecurityGroup`, entry.awsSecurityGroup, SECURITY_GROUP, 'an AWS security group id (sg-...)');
    else if (typeof entry[key] !== 'string' || !canonicalCidr(entry[key])) problems.add(`${at}.${key}`, `"${String(entry[key])}" is not an IP address or CIDR block`);
    if (entry.comment !== undefined && (typeof entry.comment !== 'string' || entry.comment.length > 80)) problems.add(`${at}.comment`, 'must be a string of at most 80 characters');
    if (entry.deleteAfterDate !== undefined && (typeof entry.deleteAfterDate !== 'string' || Number.isNaN(Date.parse(entry.deleteAfterDate)))) {
      problems.add(`${at}.deleteAfterDate`, 'must be an ISO 8601 date');
    }
  });
}

/** Throws a UsageError listing every problem; returns the same document typed. */
export function validateSeed(doc: unknown, source = 'seed'): SeedDocument {
  const problems = new Problems();
  if (!isObject(doc)) throw new UsageError(`${source}: the seed must be a JSON object with "projects"`);
  problems.onlyKeys(source, doc, ['orgs', 'projects', 'apiKeys', 'serviceAccounts', 'clusters', 'flexClusters', 'rateLimit', 'transitionMs', 'databaseUsers', ...SEARCH_SEED_KEYS]);

  const orgIds = new Set<string>();
  if (doc.orgs !== undefined && !Array.isArray(doc.orgs)) problems.add('orgs', 'must be an array of {id, name}');
  (Array.isArray(doc.orgs) ? doc.orgs : []).forEach((org, i) => {
    const at = `orgs[${i}]`;
    if (!isObject(org)) return problems.add(at, 'must be an object {id, name}');
    problems.onlyKeys(at, org, ['id', 'name']);
    if (problems.string(`${at}.id`, org.id, PROJECT_ID, 'a 24-hex organization id')) {
      if (orgIds.has(org.id)) problems.add(`${at}.id`, `duplicate organization id ${org.id}`);
      orgIds.add(org.id);
    }
    problems.string(`${at}.name`, org.name);
  });

  const projectIds = new Set<string>();
  if (!Array.isArray(doc.projects) || doc.projects.length === 0) problems.add('projects', 'must be a non-empty array');
  else {
    doc.projects.forEach((project, i) => {
      const at = `projects[${i}]`;
      if (!isObject(project)) return problems.add(at, 'must be an object');
      problems.onlyKeys(at, project, ['id', 'name', 'orgId', 'privateIpMode', 'peering', 'privateEndpoints', 'ipAccessList']);
      if (project.orgId !== undefined && problems.string(`${at}.orgId`, project.orgId, PROJECT_ID, 'a 24-hex organization id') && !orgIds.has(project.orgId)) {
        problems.add(`${at}.orgId`, `"${project.orgId}" is not one of the seed's orgs`);
      }
      checkIpAccessList(problems, `${at}.ipAccessList`, project.ipAccessList);
      if (problems.string(`${at}.id`, project.id, PROJECT_ID, 'a 24-hex project id')) {
        if (projectIds.has(project.id)) problems.add(`${at}.id`, `duplicate project id ${project.id}`);
        projectIds.add(project.id);
      }
      problems.string(`${at}.name`, project.name);
      problems.boolean(`${at}.privateIpMode`, project.privateIpMode);
      problems.boolean(`${at}.peering`, project.peering);
      if (project.privateEndpoints === undefined) return;
      if (!Array.isArray(project.privateEndpoints)) return problems.add(`${at}.privateEndpoints`, 'must be an array');
      project.privateEndpoints.forEach((endpoint, j) => {
        const eat = `${at}.privateEndpoints[${j}]`;
        if (!isObject(endpoint)) return problems.add(eat, 'must be an object');
        problems.onlyKeys(eat, endpoint, ['provider', 'region', 'endpointId', 'regionalized']);
        if (endpoint.provider !== 'AWS' && endpoint.provider !== 'AZURE') problems.add(`${eat}.provider`, 'must be AWS or AZURE');
        if (
          problems.string(`${eat}.region`, endpoint.region) &&
          (endpoint.provider === 'AWS' || endpoint.provider === 'AZURE') &&
          hostRegion(endpoint.provider, endpoint.region) === undefined
        ) {
          problems.add(`${eat}.region`, `"${endpoint.region}" is not an ${endpoint.provider} region (e.g. us-east-1, eastus2)`);
        }
        problems.string(`${eat}.endpointId`, endpoint.endpointId);
        problems.boolean(`${eat}.regionalized`, endpoint.regionalized);
      });
    });
  }

  const publicKeys = new Set<string>();
  if (doc.apiKeys !== undefined && !Array.isArray(doc.apiKeys)) problems.add('apiKeys', 'must be an array');
  (Array.isArray(doc.apiKeys) ? doc.apiKeys : []).forEach((key, i) => {
    const at = `apiKeys[${i}]`;
    if (!isObject(key)) return problems.add(at, 'must be an object');
    problems.onlyKeys(at, key, ['publicKey', 'privateKey', 'accessList', 'roles']);
    if (problems.string(`${at}.publicKey`, key.publicKey, PUBLIC_KEY, '8 lowercase letters or digits')) {
      if (publicKeys.has(key.publicKey)) problems.add(`${at}.publicKey`, `duplicate public key ${key.publicKey}`);
      publicKeys.add(key.publicKey);
    }
    problems.string(`${at}.privateKey`, key.privateKey);
    checkAccessList(problems, `${at}.accessList`, key.accessList);
    checkRoles(problems, at, key.roles, projectIds);
  });

  const clientIds = new Set<string>();
  if (doc.serviceAccounts !== undefined && !Array.isArray(doc.serviceAccounts)) problems.add('serviceAccounts', 'must be an array');
  (Array.isArray(doc.serviceAccounts) ? doc.serviceAccounts : []).forEach((account, i) => {
    const at = `serviceAccounts[${i}]`;
    if (!isObject(account)) return problems.add(at, 'must be an object');
    problems.onlyKeys(at, account, ['clientId', 'clientSecret', 'accessList', 'roles']);
    if (problems.string(`${at}.clientId`, account.clientId)) {
      if (clientIds.has(account.clientId)) problems.add(`${at}.clientId`, `duplicate client id ${account.clientId}`);
      clientIds.add(account.clientId);
    }
    problems.string(`${at}.clientSecret`, account.clientSecret);
    checkAccessList(problems, `${at}.accessList`, account.accessList);
    checkRoles(problems, at, account.roles, projectIds);
  });

  // Dedicated and flex clusters are checked alike, and share the names of a project.
  const names = new Set<string>();
  const modelContext = { groupId: '0'.repeat(24), newId: () => '0'.repeat(24), now: '' };
  const checkClusterEntries = (
    key: 'clusters' | 'flexClusters',
    fields: string[],
    what: string,
    model: (body: Record<string, unknown>) => { problem?: { field: string; code: string } },
  ): void => {
    const list = doc[key];
    if (list !== undefined && !Array.isArray(list)) problems.add(key, 'must be an array');
    (Array.isArray(list) ? list : []).forEach((entry, i) => {
      const at = `${key}[${i}]`;
      if (!isObject(entry)) return problems.add(at, `must be an object {${fields.join(', ')}}`);
      problems.onlyKeys(at, entry, fields);
      if (fields.includes('legacyStrings')) problems.boolean(`${at}.legacyStrings`, entry.legacyStrings);
      if (problems.string(`${at}.projectId`, entry.projectId, PROJECT_ID, 'a 24-hex project id') && !projectIds.has(entry.projectId)) {
        problems.add(`${at}.projectId`, `"${entry.projectId}" is not one of the seed's projects`);
      }
      if (!isObject(entry.cluster)) return problems.add(`${at}.cluster`, `must be a ${what} (object)`);
      const body = entry.cluster;
      if (typeof body.name === 'string') {
        if (!isValidClusterName(body.name)) problems.add(`${at}.cluster.name`, `"${body.name}" is not a valid cluster name`);
        const name = `${String(entry.projectId)}/${body.name.toLowerCase()}`;
        if (names.has(name)) problems.add(`${at}.cluster.name`, `duplicate cluster name ${body.name} in project ${String(entry.projectId)}`);
        names.add(name);
      }
      const result = model(body);
      if (result.problem) problems.add(`${at}.cluster.${result.problem.field}`, result.problem.code);
    });
  };
  checkClusterEntries('clusters', ['projectId', 'cluster', 'legacyStrings'], 'cluster create body', (body) => createClusterModel(body, seedClusterShape(body), modelContext));
  checkClusterEntries('flexClusters', ['projectId', 'cluster'], 'flex cluster create body', (body) => createFlexModel(body, modelContext));
  checkSeedDatabaseUsers(problems, doc.databaseUsers, projectIds);
  problems.list.push(...checkSearchSeed(doc));

  if (doc.rateLimit !== undefined) {
    const limit = isObject(doc.rateLimit) ? doc.rateLimit.perMinute : undefined;
    if (!Number.isInteger(limit) || (limit as number) < 1) problems.add('rateLimit.perMinute', 'must be a positive integer');
    if (isObject(doc.rateLimit)) problems.onlyKeys('rateLimit', doc.rateLimit, ['perMinute']);
  }
  if (doc.transitionMs !== undefined && (!Number.isInteger(doc.transitionMs) || (doc.transitionMs as number) < 0)) {
    problems.add('transitionMs', 'must be a whole number of milliseconds, 0 or more');
  }
  if (problems.list.length > 0) {
    // One error line (cdba escapes newlines in messages): the problems joined by "; ".
    throw new UsageError(`${source} is not a valid seed: ${problems.list.join('; ')}`);
  }
  return doc as unknown as SeedDocument;
}

/** Reads and validates a seed file; every problem is reported, naming the file. */
export function loadSeedFile(path: string): SeedDocument {
  const text = readTextFileSync(path, { label: '--seed', maxBytes: MAX_BYTES.emulatorFile, expected: 'a seed document' });
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  return validateSeed(doc, path);
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
const letters = (count: number): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  return [...randomBytes(count)].map((b) => alphabet[b % alphabet.length]).join('');
};

/** Without a seed: one project, an owner key, a read-only key and a service account, fresh per start. */
export function buildDefaultSeed(): SeedDocument {
  const projectId = hex(12);
  const orgId = hex(12);
  const open = ['0.0.0.0/0', '::/0'];
  return {
    orgs: [{ id: orgId, name: 'emulator' }],
    projects: [{ id: projectId, name: 'emulator', orgId, privateIpMode: false, peering: false, privateEndpoints: [] }],
    apiKeys: [
      { publicKey: letters(8), privateKey: randomUUID(), accessList: open, roles: [{ projectId, roleName: 'GROUP_OWNER' }] },
      { publicKey: letters(8), privateKey: randomUUID(), accessList: open, roles: [{ projectId, roleName: 'GROUP_READ_ONLY' }] },
    ],
    serviceAccounts: [
      {
        clientId: `mdb_sa_id_${hex(12)}`,
        clientSecret: `mdb_sa_sk_${hex(20)}`,
        accessList: open,
        roles: [{ projectId, roleName: 'GROUP_OWNER' }],
      },
    ],
    clusters: [],
  };
}
