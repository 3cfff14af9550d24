// Request bodies from flags, in the shape of the version clusters are called at:
// the flags are checked and defaulted here; the model writes them in each version's
// shape (src/model/clusterShapes.ts: writeTopology, setTier, setDiskSize, BACKUP_FIELD).
// Flags given with a file override the file's fields. Pure: no I/O.
import { UsageError } from '../../core/errors.js';
import {
  CLOUD_PROVIDERS,
  INSTANCE_SIZES,
  REGIONS,
  type ClusterShape,
  type ClusterType,
  type ProviderName,
} from '../../model/cluster.js';
import { asObject, isObject } from '../../base/object.js';
import { BACKUP_FIELD, regionConfigsOf, setDiskSize, setTier, writeTopology } from '../../model/clusterShapes.js';

export { setShardDisk } from '../../model/clusterShapes.js';

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

/** The cloud that hosts a shared-tier (TENANT) cluster in this region: AWS when it has the region, else the only cloud that does. */
export function backingProviderFor(region: string): string | undefined {
  const clouds = CLOUD_PROVIDERS.filter((cloud) => REGIONS[cloud].includes(region));
  return clouds.includes('AWS') ? 'AWS' : clouds[0];
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
    const given = (['members', 'shards', 'diskSizeGb'] as const).filter((key) => flags[key] !== undefined);
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

function mergeTags(body: Doc, tags: Array<[string, string]>): void {
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

function onlyOne<T>(items: T[], flag: string, what: string): T {
  if (items.length !== 1) {
    throw new UsageError(`${flag} is ambiguous: the file describes ${items.length} ${what}; edit the file instead`);
  }
  return items[0]!;
}

/** Legacy region maps: the top-level replicationSpec and each replicationSpecs[].regionsConfig. */
function legacyRegionMaps(body: Doc): Doc[] {
  const maps = asArray(body.replicationSpecs).map((s) => asObject(s).regionsConfig).filter(isObject);
  if (isObject(body.replicationSpec)) maps.push(body.replicationSpec);
  return maps;
}

function overlayLegacy(body: Doc, flags: TopologyFlags): void {
  const settings = asObject(body.providerSettings);
  if (flags.provider !== undefined) settings.providerName = flags.provider;
  if (flags.tier !== undefined) settings.instanceSizeName = flags.tier;
  if (flags.region !== undefined) {
    settings.regionName = flags.region;
    for (const map of legacyRegionMaps(body)) {
      const from = onlyOne(Object.keys(map), '--region', 'regions');
      if (from !== flags.region) {
        map[flags.region] = map[from];
        delete map[from];
      }
    }
  }
  if (flags.provider === 'TENANT' && settings.backingProviderName === undefined && typeof settings.regionName === 'string') {
    const backing = backingProviderFor(settings.regionName);
    if (backing) settings.backingProviderName = backing;
  }
  if (flags.provider !== undefined || flags.tier !== undefined || flags.region !== undefined) body.providerSettings = settings;
  if (flags.members !== undefined) {
    const maps = legacyRegionMaps(body);
    if (maps.length === 0) body.replicationFactor = flags.members;
    for (const map of maps) asObject(map[onlyOne(Object.keys(map), '--members', 'regions')]).electableNodes = flags.members;
    if (body.replicationFactor !== undefined) body.replicationFactor = flags.members;
  }
  if (flags.shards !== undefined) {
    body.numShards = flags.shards;
    for (const spec of asArray(body.replicationSpecs).filter(isObject)) spec.numShards = flags.shards;
  }
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

/** Sets the electable node count of the body's only region config (per spec with several specs). */
export function setMembers(body: Doc, members: number): void {
  for (const spec of asArray(body.replicationSpecs).filter(isObject)) {
    const region = onlyOne(asArray(spec.regionConfigs).filter(isObject), '--members', 'region configs');
    region.electableSpecs = { ...asObject(region.electableSpecs), nodeCount: members };
  }
}

/** Sets instanceSize in every hardware spec a region config has (electable, read-only, analytics). */
export function setModernTier(body: Doc, tier: string): void {
  setTier(body, tier);
}

function overlayModern(body: Doc, flags: TopologyFlags, shape: ClusterShape): void {
  const regions = regionConfigsOf(body);
  if (flags.provider !== undefined) {
    for (const region of regions) {
      region.providerName = flags.provider;
      if (flags.provider === 'TENANT' && region.backingProviderName === undefined && typeof region.regionName === 'string') {
        const backing = backingProviderFor(region.regionName);
        if (backing) region.backingProviderName = backing;
      }
    }
  }
  if (flags.tier !== undefined) setModernTier(body, flags.tier);
  if (flags.region !== undefined) onlyOne(regions, '--region', 'region configs').regionName = flags.region;
  if (flags.members !== undefined && shape === 'perShard') setMembers(body, flags.members);
  else if (flags.members !== undefined) {
    const region = onlyOne(regions, '--members', 'region configs');
    region.electableSpecs = { ...asObject(region.electableSpecs), nodeCount: flags.members };
  }
  if (flags.shards !== undefined && shape === 'perShard') {
    const specs = asArray(body.replicationSpecs).filter(isObject);
    const first = onlyOne(specs.length > 0 ? [specs[0]!] : [], '--shards', 'replication specs');
    body.replicationSpecs = Array.from({ length: flags.shards }, (_, i) => specs[i] ?? structuredClone(first));
  } else if (flags.shards !== undefined) {
    for (const spec of asArray(body.replicationSpecs).filter(isObject)) spec.numShards = flags.shards;
  }
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
    if (shape === 'legacy') overlayLegacy(body, flags);
    else overlayModern(body, flags, shape);
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
