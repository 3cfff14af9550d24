// Which fields a cluster body may carry in each API shape, which of them are
// read-only, and the check that rejects anything else by name (seed: an unknown
// or non-modifiable field is rejected with 400 and never ignored).
// Pure: the emulator answers with these problems, the CLI checks bodies before sending.
import { CLUSTER_TYPES, PROVIDERS, STATE_NAMES } from './catalog.js';
import { isObject } from '../base/object.js';

/**
 * legacy = v1.0 and 2023-01-01; modern = 2023-02-01 (replicationSpecs[].regionConfigs, numShards per zone);
 * perShard = 2024-08-05 and 2024-10-23 (one replicationSpecs entry per shard, diskSizeGB per hardware spec).
 */
export type ClusterShape = 'legacy' | 'modern' | 'perShard';
export const CLUSTER_SHAPES: readonly ClusterShape[] = ['legacy', 'modern', 'perShard'];

type Kind = 'string' | 'boolean' | 'number' | 'integer' | 'object' | 'array' | 'map' | 'any';

export interface FieldSpec {
  kind: Kind;
  readOnly?: boolean;
  enum?: readonly (string | number)[];
  /** object: its closed set of fields. */
  fields?: Record<string, FieldSpec>;
  /** array: the spec of each element. */
  items?: FieldSpec;
  /** map: the spec of each value (keys are free, e.g. region names). */
  values?: FieldSpec;
  /** string: bounds on its length in characters, as the OpenAPI description gives them. */
  minLength?: number;
  maxLength?: number;
  /** object: the fields it must carry (the generic body check, allProblems, reads it). */
  required?: readonly string[];
  /** object: the spec of fields beyond `fields` (an open object); absent, they are unknown. */
  extra?: FieldSpec;
}

const str = (extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: 'string', ...extra });
const bool: FieldSpec = { kind: 'boolean' };
const int = (extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: 'integer', ...extra });
const obj = (fields: Record<string, FieldSpec>, extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: 'object', fields, ...extra });
const arr = (items: FieldSpec, extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: 'array', items, ...extra });
const ro = (spec: FieldSpec): FieldSpec => ({ ...spec, readOnly: true });

const link = obj({ href: str(), rel: str() });
// ResourceTag (tags) and labels: key and value are each 1 to 255 characters.
const tagText = str({ minLength: 1, maxLength: 255 });
const keyValue = obj({ key: tagText, value: tagText });

/** Fields the two shapes share, with the same meaning. */
const COMMON_FIELDS: Record<string, FieldSpec> = {
  acceptDataRisksAndForceReplicaSetReconfig: str(),
  advancedConfiguration: obj({
    customOpensslCipherConfigTls12: arr(str()),
    customOpensslCipherConfigTls13: arr(str()),
    minimumEnabledTlsProtocol: str({ enum: ['TLS1_0', 'TLS1_1', 'TLS1_2'] }),
    tlsCipherConfigMode: str({ enum: ['CUSTOM', 'DEFAULT'] }),
  }),
  backupEnabled: bool,
  // The description's enum is upper-case; the live service answers lower-case ("secondary"). Both are accepted.
  biConnector: obj({ enabled: bool, readPreference: str({ enum: ['PRIMARY', 'SECONDARY', 'ANALYTICS', 'primary', 'secondary', 'analytics'] }) }),
  clusterType: str({ enum: CLUSTER_TYPES }),
  configServerManagementMode: str({ enum: ['ATLAS_MANAGED', 'FIXED_TO_DEDICATED'] }),
  configServerType: ro(str()),
  connectionStrings: ro(obj({})),
  createDate: ro(str()),
  diskSizeGB: { kind: 'number' },
  diskWarmingMode: str({ enum: ['FULLY_WARMED', 'VISIBLE_EARLIER'] }),
  encryptionAtRestProvider: str({ enum: ['NONE', 'AWS', 'AZURE', 'GCP'] }),
  featureCompatibilityVersion: ro(str()),
  featureCompatibilityVersionExpirationDate: ro(str()),
  globalClusterSelfManagedSharding: bool,
  groupId: ro(str()),
  id: ro(str()),
  labels: arr(keyValue),
  links: ro(arr(link)),
  mongoDBEmployeeAccessGrant: obj({ expirationTime: str(), grantType: str(), links: ro(arr(link)) }),
  mongoDBMajorVersion: str(),
  mongoDBVersion: ro(str()),
  name: str(),
  paused: bool,
  pitEnabled: bool,
  replicaSetScalingStrategy: str({ enum: ['SEQUENTIAL', 'WORKLOAD_TYPE', 'NODE_TYPE'] }),
  rootCertType: str({ enum: ['ISRGROOTX1'] }),
  stateName: ro(str({ enum: STATE_NAMES })),
  tags: arr(keyValue),
  terminationProtectionEnabled: bool,
  versionReleaseSystem: str({ enum: ['LTS', 'CONTINUOUS'] }),
};

/** Top-level fields both shapes carry with the same meaning. */
export const COMMON_FIELD_NAMES: ReadonlySet<string> = new Set(Object.keys(COMMON_FIELDS));

const hardwareSpec = obj({
  instanceSize: str(),
  nodeCount: int(),
  diskIOPS: int(),
  ebsVolumeType: str({ enum: ['STANDARD', 'PROVISIONED'] }),
  effectiveInstanceSize: ro(str()),
});
const advancedAutoScaling = obj({
  compute: obj({ enabled: bool, scaleDownEnabled: bool, predictiveEnabled: bool, minInstanceSize: str(), maxInstanceSize: str() }),
  diskGB: obj({ enabled: bool }),
});

/** A region config of the regionConfigs shapes; they differ only in their hardware spec and what they add. */
const regionConfig = (hardware: FieldSpec, extra: Record<string, FieldSpec> = {}): FieldSpec =>
  obj({
    providerName: str({ enum: PROVIDERS }),
    backingProviderName: str({ enum: ['AWS', 'GCP', 'AZURE'] }),
    regionName: str(),
    priority: int(),
    electableSpecs: hardware,
    readOnlySpecs: hardware,
    analyticsSpecs: hardware,
    autoScaling: advancedAutoScaling,
    analyticsAutoScaling: advancedAutoScaling,
    ...extra,
  });

export const MODERN_FIELDS: Record<string, FieldSpec> = {
  ...COMMON_FIELDS,
  replicationSpecs: arr(
    obj({
      // The service assigns both (the description marks them readOnly); specs are matched by position.
      id: ro(str()),
      zoneId: ro(str()),
      numShards: int(),
      zoneName: str(),
      regionConfigs: arr(regionConfig(hardwareSpec)),
    }),
  ),
};

/** 2024-08-05 hardware: 2023-02-01's plus the storage of each node kind. */
const perShardHardware = obj({ ...hardwareSpec.fields!, diskSizeGB: { kind: 'number' } });
const { diskSizeGB: _clusterDisk, ...COMMON_WITHOUT_DISK } = COMMON_FIELDS;

/** 2024-08-05 / 2024-10-23 (ClusterDescription20240805): no numShards, no top-level diskSizeGB. */
export const PER_SHARD_FIELDS: Record<string, FieldSpec> = {
  ...COMMON_WITHOUT_DISK,
  redactClientLogData: bool,
  replicationSpecs: arr(
    obj({
      id: ro(str()),
      zoneId: ro(str()),
      zoneName: str(),
      regionConfigs: arr(
        regionConfig(perShardHardware, {
          effectiveElectableSpecs: ro(obj({})),
          effectiveReadOnlySpecs: ro(obj({})),
          effectiveAnalyticsSpecs: ro(obj({})),
        }),
      ),
    }),
  ),
  // Settings of ClusterDescription20240805 that the service renders from 2024-08-05 on (recorded):
  // writable in the description, stored like redactClientLogData.
  adaptiveCapacity: str({ enum: ['ENABLED', 'DISABLED'] }),
  retainBackups: bool,
  useAwsTimeBasedSnapshotCopyForFastInitialSync: bool,
  // What the 2024-08-05 responses carry besides the description's fields (recorded), computed.
  effectiveDatabaseEdition: ro(str()),
  effectiveReplicationSpecs: ro(arr(obj({}))),
  internalClusterRole: ro(str()),
};

const regionSpec = obj({ analyticsNodes: int(), electableNodes: int(), priority: int(), readOnlyNodes: int() });

export const LEGACY_FIELDS: Record<string, FieldSpec> = {
  ...COMMON_FIELDS,
  autoScaling: obj({ compute: obj({ enabled: bool, scaleDownEnabled: bool, predictiveEnabled: bool }), diskGBEnabled: bool }),
  mongoURI: ro(str()),
  mongoURIUpdated: ro(str()),
  mongoURIWithOptions: ro(str()),
  numShards: int(),
  providerBackupEnabled: bool,
  providerSettings: obj({
    providerName: str({ enum: PROVIDERS }),
    backingProviderName: str({ enum: ['AWS', 'GCP', 'AZURE'] }),
    instanceSizeName: str(),
    regionName: str(),
    diskIOPS: int(),
    diskTypeName: str(),
    encryptEBSVolume: bool,
    volumeType: str({ enum: ['STANDARD', 'PROVISIONED'] }),
    effectiveInstanceSizeName: ro(str()),
    autoScaling: obj({ compute: obj({ minInstanceSize: str(), maxInstanceSize: str() }) }),
  }),
  replicationFactor: int({ enum: [3, 5, 7] }),
  replicationSpec: { kind: 'map', values: regionSpec },
  replicationSpecs: arr(obj({ id: str(), numShards: int(), zoneName: str(), regionsConfig: { kind: 'map', values: regionSpec } })),
  srvAddress: ro(str()),
};

/** Legacy-only properties the versioned API removed at 2023-02-01 (seed: Versioning). */
export const REMOVED_IN_2023_02_01: readonly string[] = [
  'mongoURI',
  'mongoURIWithOptions',
  'mongoURIUpdated',
  'providerBackupEnabled',
  'srvAddress',
  'replicationSpec',
  'numShards',
  'autoScaling',
  'providerSettings',
  'replicationFactor',
  'replicationSpecs.regionsConfig',
];

function readOnlyPaths(fields: Record<string, FieldSpec>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    const path = prefix + name;
    if (spec.readOnly) out.push(path);
    else {
      const nested = spec.fields ?? spec.items?.fields ?? spec.values?.fields;
      if (nested) out.push(...readOnlyPaths(nested, `${path}.`));
    }
  }
  return out;
}

/** Dotted paths (array levels unnamed) of the fields a request may not set, per shape. */
export const READ_ONLY_FIELDS: Record<ClusterShape, readonly string[]> = {
  legacy: readOnlyPaths(LEGACY_FIELDS),
  modern: readOnlyPaths(MODERN_FIELDS),
  perShard: readOnlyPaths(PER_SHARD_FIELDS),
};

/** The field list of a shape. */
export function fieldsOf(shape: ClusterShape): Record<string, FieldSpec> {
  return shape === 'legacy' ? LEGACY_FIELDS : shape === 'modern' ? MODERN_FIELDS : PER_SHARD_FIELDS;
}

export type FieldProblemCode = 'INVALID_ATTRIBUTE' | 'ATTRIBUTE_READ_ONLY' | 'MISSING_ATTRIBUTE';

/** One thing wrong with a body, naming the field by its dotted path. */
export interface FieldProblem {
  code: FieldProblemCode;
  field: string;
}

function kindMatches(spec: FieldSpec, value: unknown): boolean {
  switch (spec.kind) {
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
    case 'map':
      return isObject(value);
    case 'any':
      return true;
  }
}

/** Whether a string's length in characters (code points, not UTF-16 units) is within the spec's bounds. */
export function lengthFits(value: string, spec: Pick<FieldSpec, 'minLength' | 'maxLength'>): boolean {
  const length = [...value].length;
  return length >= (spec.minLength ?? 0) && length <= (spec.maxLength ?? Infinity);
}

/**
 * Every problem of a value against its spec, in document order: what `check` finds
 * (unknown, read-only and invalid fields) without stopping at the first, and the
 * `required` fields an object lacks. For specs made from a description (`cdba api
 * <operationId>`); paths are dotted, array levels unnamed, as the cluster checks name them.
 */
export function allProblems(value: unknown, spec: FieldSpec, path = ''): FieldProblem[] {
  if (value === null || value === undefined) return [];
  const here = path === '' ? '(the body)' : path;
  if (spec.readOnly) return [{ code: 'ATTRIBUTE_READ_ONLY', field: here }];
  if (!kindMatches(spec, value)) return [{ code: 'INVALID_ATTRIBUTE', field: here }];
  if (spec.enum && !spec.enum.includes(value as string | number)) return [{ code: 'INVALID_ATTRIBUTE', field: here }];
  if (typeof value === 'string' && !lengthFits(value, spec)) return [{ code: 'INVALID_ATTRIBUTE', field: here }];
  const prefix = path === '' ? '' : `${path}.`;
  const problems: FieldProblem[] = [];
  if (spec.kind === 'object') {
    const object = value as Record<string, unknown>;
    for (const [name, item] of Object.entries(object)) {
      const inner = (spec.fields && Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined) ?? spec.extra;
      if (!inner) problems.push({ code: 'INVALID_ATTRIBUTE', field: prefix + name });
      else problems.push(...allProblems(item, inner, prefix + name));
    }
    for (const name of spec.required ?? []) {
      if (object[name] === undefined || object[name] === null) problems.push({ code: 'MISSING_ATTRIBUTE', field: prefix + name });
    }
  } else if (spec.kind === 'array' && spec.items) {
    for (const item of value as unknown[]) {
      for (const problem of allProblems(item, spec.items, path)) if (!problems.some((p) => p.field === problem.field)) problems.push(problem);
    }
  } else if (spec.kind === 'map' && spec.values) {
    for (const item of Object.values(value as Record<string, unknown>)) problems.push(...allProblems(item, spec.values, path));
  }
  return problems;
}

/** Walks a value against its spec; null counts as "not given". */
function check(value: unknown, spec: FieldSpec, path: string): FieldProblem | undefined {
  if (value === null || value === undefined) return undefined;
  if (spec.readOnly) return { code: 'ATTRIBUTE_READ_ONLY', field: path };
  if (!kindMatches(spec, value)) return { code: 'INVALID_ATTRIBUTE', field: path };
  if (spec.enum && !spec.enum.includes(value as string | number)) return { code: 'INVALID_ATTRIBUTE', field: path };
  if (typeof value === 'string' && !lengthFits(value, spec)) return { code: 'INVALID_ATTRIBUTE', field: path };
  if (spec.kind === 'object') return checkFields(value as Record<string, unknown>, spec.fields ?? {}, `${path}.`);
  if (spec.kind === 'array' && spec.items) {
    for (const item of value as unknown[]) {
      const problem = check(item, spec.items, path);
      if (problem) return problem;
    }
  }
  if (spec.kind === 'map' && spec.values) {
    for (const item of Object.values(value as Record<string, unknown>)) {
      const problem = check(item, spec.values, path);
      if (problem) return problem;
    }
  }
  return undefined;
}

function checkFields(body: Record<string, unknown>, fields: Record<string, FieldSpec>, prefix: string): FieldProblem | undefined {
  for (const [name, value] of Object.entries(body)) {
    const spec = fields[name];
    if (!spec) return { code: 'INVALID_ATTRIBUTE', field: prefix + name };
    const problem = check(value, spec, prefix + name);
    if (problem) return problem;
  }
  return undefined;
}

/** Fields a create body must carry, checked after the field walk. */
function missingOnCreate(body: Record<string, unknown>, shape: ClusterShape): FieldProblem | undefined {
  const missing = (field: string): FieldProblem => ({ code: 'MISSING_ATTRIBUTE', field });
  if (typeof body.name !== 'string') return missing('name');
  if (shape === 'legacy') {
    const settings = body.providerSettings;
    if (!isObject(settings)) return missing('providerSettings');
    if (typeof settings.providerName !== 'string') return missing('providerSettings.providerName');
    if (typeof settings.instanceSizeName !== 'string') return missing('providerSettings.instanceSizeName');
    if (settings.providerName === 'TENANT' && typeof settings.backingProviderName !== 'string') {
      return missing('providerSettings.backingProviderName');
    }
    const regionsGiven = isObject(body.replicationSpec) || Array.isArray(body.replicationSpecs);
    if (!regionsGiven && typeof settings.regionName !== 'string') return missing('providerSettings.regionName');
    return undefined;
  }
  const specs = body.replicationSpecs;
  if (!Array.isArray(specs) || specs.length === 0) return missing('replicationSpecs');
  for (const spec of specs as Record<string, unknown>[]) {
    const regions = spec.regionConfigs;
    if (!Array.isArray(regions) || regions.length === 0) return missing('replicationSpecs.regionConfigs');
    for (const region of regions as Record<string, unknown>[]) {
      if (typeof region.providerName !== 'string') return missing('replicationSpecs.regionConfigs.providerName');
      if (typeof region.regionName !== 'string') return missing('replicationSpecs.regionConfigs.regionName');
      const electable = region.electableSpecs;
      if (!isObject(electable) || typeof electable.instanceSize !== 'string') {
        return missing('replicationSpecs.regionConfigs.electableSpecs.instanceSize');
      }
      if (region.providerName === 'TENANT' && typeof region.backingProviderName !== 'string') {
        return missing('replicationSpecs.regionConfigs.backingProviderName');
      }
    }
  }
  return undefined;
}

/**
 * The first problem with a cluster request body in the given shape, or undefined.
 * Unknown fields (including legacy-only fields sent to 2023-02-01) give INVALID_ATTRIBUTE,
 * read-only ones ATTRIBUTE_READ_ONLY; on create, absent required ones give MISSING_ATTRIBUTE.
 */
export function checkClusterBody(body: Record<string, unknown>, shape: ClusterShape, mode: 'create' | 'patch'): FieldProblem | undefined {
  return checkFields(body, fieldsOf(shape), '') ?? (mode === 'create' ? missingOnCreate(body, shape) : undefined);
}

// ---- the checks and the stripping a client does before sending (the CLI's create, patch, convert)

/** Legacy fields whose keys are region names; the model's paths skip that level. */
const MAP_FIELDS = new Set(['replicationSpec', 'regionsConfig']);

/**
 * Calls `visit(parent, key)` for every place a dotted path (array and map levels
 * unnamed, as the model names fields) occurs in a document.
 */
function forEachAt(value: unknown, segments: string[], visit: (parent: Record<string, unknown>, key: string) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) forEachAt(item, segments, visit);
    return;
  }
  if (!isObject(value)) return;
  const [head, ...rest] = segments;
  if (head === undefined || !(head in value)) return;
  if (rest.length === 0) return visit(value, head);
  const next = value[head];
  if (MAP_FIELDS.has(head) && isObject(next)) {
    for (const inner of Object.values(next)) forEachAt(inner, rest, visit);
  } else {
    forEachAt(next, rest, visit);
  }
}

function hasPath(body: Record<string, unknown>, path: string): boolean {
  let found = false;
  forEachAt(body, path.split('.'), (parent, key) => {
    if (parent[key] !== undefined && parent[key] !== null) found = true;
  });
  return found;
}

function deletePath(body: Record<string, unknown>, path: string): void {
  forEachAt(body, path.split('.'), (parent, key) => {
    delete parent[key];
  });
}

/** True when the shape's field list has this dotted path at all (so a problem there is a bad value, not an unknown field). */
export function isKnownField(path: string, shape: ClusterShape): boolean {
  let spec: FieldSpec | undefined = { kind: 'object', fields: fieldsOf(shape) };
  for (const segment of path.split('.')) {
    while (spec && (spec.kind === 'array' || spec.kind === 'map')) spec = spec.items ?? spec.values;
    spec = spec?.fields?.[segment];
    if (!spec) return false;
  }
  return true;
}

/** Every INVALID_ATTRIBUTE and ATTRIBUTE_READ_ONLY problem of a body, in document order. */
export function fieldProblems(body: Record<string, unknown>, shape: ClusterShape): FieldProblem[] {
  const rest = structuredClone(body);
  const problems: FieldProblem[] = [];
  for (;;) {
    const problem = checkClusterBody(rest, shape, 'patch');
    if (!problem || problems.some((p) => p.field === problem.field)) return problems;
    problems.push(problem);
    deletePath(rest, problem.field);
  }
}

/** The first required field a create body lacks, if any. */
export function missingField(body: Record<string, unknown>, shape: ClusterShape): string | undefined {
  const problem = checkClusterBody(body, shape, 'create');
  return problem?.code === 'MISSING_ATTRIBUTE' ? problem.field : undefined;
}

/**
 * The 2023-02-01 description marks replication spec ids read-only; the model
 * accepts them on PATCH (to match specs), so they are listed here, not there.
 */
const SPEC_IDS: Record<ClusterShape, readonly string[]> = {
  legacy: ['replicationSpecs.id'],
  modern: ['replicationSpecs.id', 'replicationSpecs.zoneId'],
  perShard: ['replicationSpecs.id', 'replicationSpecs.zoneId'],
};

/** Removes read-only fields (what `get` returns but a request may not set); returns the paths removed. */
export function stripReadOnly(body: Record<string, unknown>, shape: ClusterShape): string[] {
  const stripped: string[] = [];
  for (const path of [...READ_ONLY_FIELDS[shape], ...SPEC_IDS[shape]]) {
    if (!hasPath(body, path)) continue;
    deletePath(body, path);
    stripped.push(path);
  }
  return stripped;
}

// ---- flex clusters (their own API, 2024-11-13: FlexClusterDescriptionCreate20241113 / Update20241113).

/** What a flex cluster document carries that no request may set. */
const FLEX_READ_ONLY: Record<string, FieldSpec> = {
  backupSettings: ro(obj({})),
  clusterType: ro(str()),
  connectionStrings: ro(obj({})),
  createDate: ro(str()),
  groupId: ro(str()),
  id: ro(str()),
  links: ro(arr(link)),
  mongoDBVersion: ro(str()),
  stateName: ro(str()),
  versionReleaseSystem: ro(str()),
};

export const FLEX_BACKING_PROVIDERS = ['AWS', 'AZURE', 'GCP'] as const;

/** The fields of a flex create body; the update body takes tags and terminationProtectionEnabled only. */
export const FLEX_CREATE_FIELDS: Record<string, FieldSpec> = {
  ...FLEX_READ_ONLY,
  name: str(),
  providerSettings: obj({
    backingProviderName: str({ enum: FLEX_BACKING_PROVIDERS }),
    regionName: str(),
    providerName: str({ enum: ['FLEX'] }),
    diskSizeGB: ro({ kind: 'number' }),
  }),
  tags: arr(keyValue),
  terminationProtectionEnabled: bool,
};
export const FLEX_UPDATE_FIELDS: Record<string, FieldSpec> = {
  ...FLEX_READ_ONLY,
  name: ro(str()),
  providerSettings: ro(obj({})),
  tags: arr(keyValue),
  terminationProtectionEnabled: bool,
};

/** The first problem with a flex create or update body, or undefined. */
export function checkFlexBody(body: Record<string, unknown>, mode: 'create' | 'update'): FieldProblem | undefined {
  const problem = checkFields(body, mode === 'create' ? FLEX_CREATE_FIELDS : FLEX_UPDATE_FIELDS, '');
  if (problem || mode === 'update') return problem;
  const missing = (field: string): FieldProblem => ({ code: 'MISSING_ATTRIBUTE', field });
  if (typeof body.name !== 'string') return missing('name');
  const settings = body.providerSettings;
  if (!isObject(settings)) return missing('providerSettings');
  if (typeof settings.backingProviderName !== 'string') return missing('providerSettings.backingProviderName');
  if (typeof settings.regionName !== 'string') return missing('providerSettings.regionName');
  return undefined;
}

/** The top-level fields of a flex document that a request may not carry. */
export function flexReadOnlyFields(mode: 'create' | 'update'): string[] {
  const fields = mode === 'create' ? FLEX_CREATE_FIELDS : FLEX_UPDATE_FIELDS;
  return Object.keys(fields).filter((name) => fields[name]!.readOnly);
}
