// Request bodies from flags, in the shape of the version clusters are called at:
// the flags are checked and defaulted here; the model writes them in each version's
// shape (src/model/clusterShapes.ts: writeTopology, overlayTopology, setDiskSize, BACKUP_FIELD).
// Flags given with a file override the file's fields. Pure: no I/O.
import { UsageError } from '../../base/errors.js';
import { INSTANCE_SIZES, REGIONS, type ClusterType, type ProviderName } from '../../model/catalog.js';
import type { ClusterShape } from '../../model/clusterFields.js';
import { asObject, isObject } from '../../base/object.js';
import { BACKUP_FIELD, backingProviderFor, overlayTopology, setDiskSize, ShapeEditError, writeTopology } from '../../model/clusterShapes.js';

export { backingProviderFor } from '../../model/clusterShapes.js';

type Doc = Record<string, unknown>;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The create flags that describe a cluster (all optional; defaults apply when building from flags alone). */
export interface TopologyFlags {
  provider?: ProviderName;
  region?: string;
  tier?: string;
  members?: number;
  shards?: number;
  type?: ClusterType;
  dbVersion?: string;
  diskSizeGb?: number;
  backup?: boolean;
  tag?: Array<[string, string]>;
}

const ELECTABLE_COUNTS = [3, 5, 7] as const;

/** `us-east-1` and `US_EAST_1` are the same region. */
export function normalizeRegion(region: string): string {
  return region.trim().toUpperCase().replace(/-/g, '_');
}

/** Checks the flag values against the provider's catalog before anything is sent. */
function checkTopologyFlags(flags: TopologyFlags): void {
  const { provider, region, tier } = flags;
  if (flags.members !== undefined && !(ELECTABLE_COUNTS as readonly number[]).includes(flags.members)) {
    throw new UsageError(`invalid --members ${flags.members}: a replica set has 3, 5 or 7 electable members`);
  }
  if (flags.dbVersion !== undefined && !/^\d+\.\d+$/.test(flags.dbVersion)) {
    throw new UsageError(`invalid --db-version "${flags.dbVersion}": expected a major version such as 7.0 or 8.0`);
  }
  if (flags.type === 'REPLICASET' && flags.shards !== undefined && flags.shards > 1) {
    throw new UsageError(`--shards ${flags.shards} needs --type SHARDED or GEOSHARDED; a replica set has one shard`);
  }
  if (provider === 'TENANT') {
    // The shared tier has no cloud backup: --backup needs M10 or larger.
    const given = (['members', 'shards', 'diskSizeGb', 'backup'] as const).filter((key) => flags[key] !== undefined);
    if (given.length > 0 || (flags.type !== undefined && flags.type !== 'REPLICASET')) {
      const names = given.map((key) => (key === 'diskSizeGb' ? '--disk-size-gb' : `--${key}`));
      if (flags.type !== undefined && flags.type !== 'REPLICASET') names.push(`--type ${flags.type}`);
      throw new UsageError(`${names.join(', ')}: not available for the shared tier (--provider TENANT)`);
    }
  }
  if (provider && tier && !INSTANCE_SIZES[provider].includes(tier)) {
    throw new UsageError(`invalid --tier ${tier} for ${provider}: expected one of ${INSTANCE_SIZES[provider].join(', ')}`);
  }
  if (provider && region) {
    const known = provider === 'TENANT' ? backingProviderFor(region) !== undefined : REGIONS[provider].includes(region);
    if (!known) throw new UsageError(`unknown --region ${region} for ${provider}`, { hint: 'region names look like US_EAST_1 (AWS), EUROPE_WEST (Azure), CENTRAL_US (GCP)' });
  }
}

function defaultsFor(flags: TopologyFlags, fromFile: boolean): Required<Pick<TopologyFlags, 'provider' | 'region' | 'tier' | 'members' | 'shards' | 'type'>> {
  const missing = [flags.provider ? '' : '--provider', flags.region ? '' : '--region'].filter(Boolean);
  if (missing.length > 0) {
    throw new UsageError(`${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required to describe the cluster`, {
      hint: fromFile ? 'the file says nothing of where the nodes are (replicationSpecs or providerSettings)' : 'give them, or give the whole body with --file',
    });
  }
  const provider = flags.provider!;
  const shards = flags.shards ?? 1;
  return {
    provider,
    region: flags.region!,
    tier: flags.tier ?? (provider === 'TENANT' ? 'M0' : 'M10'),
    members: flags.members ?? 3,
    shards,
    type: flags.type ?? (shards > 1 ? 'SHARDED' : 'REPLICASET'),
  };
}

/** The topology fields alone (clusterType, where the nodes are), from flags with defaults. */
function topologyFromFlags(flags: TopologyFlags, shape: ClusterShape, fromFile: boolean): Doc {
  const t = defaultsFor(flags, fromFile);
  checkTopologyFlags({ ...flags, provider: t.provider, region: t.region, tier: t.tier });
  const backing = t.provider === 'TENANT' ? backingProviderFor(t.region) : undefined;
  return writeTopology({ ...t, ...(backing ? { backingProvider: backing } : {}) }, shape);
}

/** Whether a body already says where its nodes are. */
function hasTopology(body: Doc, shape: ClusterShape): boolean {
  return shape === 'legacy' ? body.providerSettings !== undefined || body.replicationSpecs !== undefined : body.replicationSpecs !== undefined;
}

/** --tag on a body: a key already there gets the new value, a new key is appended (create and the flex create). */
export function mergeTags(body: Doc, tags: Array<[string, string]>): void {
  const current = asArray(body.tags).map(asObject);
  for (const [key, value] of tags) {
    const existing = current.find((t) => t.key === key);
    if (existing) existing.value = value;
    else current.push({ key, value });
  }
  body.tags = current;
}

/** Settings flags that are plain fields in both shapes (backup has a different name in each). */
function applySettings(body: Doc, flags: TopologyFlags, shape: ClusterShape): void {
  if (flags.type !== undefined) body.clusterType = flags.type;
  if (flags.dbVersion !== undefined) body.mongoDBMajorVersion = flags.dbVersion;
  if (flags.diskSizeGb !== undefined) setDiskSize(body, flags.diskSizeGb, shape);
  if (flags.backup) body[BACKUP_FIELD[shape]] = true;
  if (flags.tag && flags.tag.length > 0) mergeTags(body, flags.tag);
}

/**
 * `--tier` where the provider is not known before a request (patch): the tier
 * must be one that some provider offers, so a typo is refused before sending.
 */
export function tierFlag(value: string): string {
  const tier = value.trim().toUpperCase();
  const all = [...new Set(Object.values(INSTANCE_SIZES).flat())];
  if (!all.includes(tier)) throw new UsageError(`invalid --tier "${value}": not an instance size of any provider (e.g. M10, M30, R40, M40_NVME, M0)`);
  return tier;
}

/**
 * The create body: a file's fields (if any) with the flags applied on top.
 * Without topology in the file, the flags describe it (--provider and --region then required).
 */
export function createBody(name: string, file: Doc | undefined, flags: TopologyFlags, shape: ClusterShape): Doc {
  const { name: _sameName, ...fields } = structuredClone(file ?? {});
  const body: Doc = { name, ...fields };
  if (!hasTopology(body, shape)) {
    const topology = topologyFromFlags(flags, shape, file !== undefined);
    // A clusterType in the file stays unless --type says otherwise (applySettings).
    if (body.clusterType !== undefined) delete topology.clusterType;
    Object.assign(body, topology);
  } else {
    checkTopologyFlags(flags);
    try {
      overlayTopology(body, flags, shape);
    } catch (error) {
      if (error instanceof ShapeEditError) throw new UsageError(error.message);
      throw error;
    }
  }
  applySettings(body, flags, shape);
  return body;
}

/** `--set a.b.c=value`: the value as JSON when it parses, else the string. */
export function parseSetValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sets a dotted path, creating objects on the way; a numeric segment indexes an existing array. */
export function setPath(body: Doc, path: string, value: unknown): void {
  const segments = path.split('.');
  if (segments.some((s) => s === '')) throw new UsageError(`invalid --set path "${path}": empty segment`);
  let node: unknown = body;
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (Array.isArray(node)) {
      const index = Number(segment);
      if (!/^\d+$/.test(segment) || index >= node.length) {
        throw new UsageError(`invalid --set path "${path}": ${segments.slice(0, i).join('.')} is a list of ${node.length}; use an index from 0 to ${node.length - 1}`);
      }
      if (last) node[index] = value;
      else node = node[index];
      return;
    }
    if (!isObject(node)) throw new UsageError(`invalid --set path "${path}": ${segments.slice(0, i).join('.')} is not an object`);
    if (last) node[segment] = value;
    else {
      if (node[segment] === undefined || node[segment] === null) node[segment] = {};
      node = node[segment];
    }
  });
}
