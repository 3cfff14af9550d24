// The service's description, in the compact form cdba ships (./description/data.ts,
// written by `npm run refresh-operations`, compressed): every operation by its operationId and its
// short override, its method and path, path and query parameters, versions with their
// Sunset and request body schemas. Read only when `cdba api <operationId>`, `api list`,
// `api describe` run, or when the emulator answers a request no module serves: the
// data is one JSON text parsed on first use, never at start-up
// (test/unit/build/startupGraph.test.ts). Pure: no I/O.
import type { FieldSpec } from '../model/clusterFields.js';

export interface DescribedParam {
  name: string;
  in: 'path' | 'query';
  /** The JSON type of the value (of each value, for an array). */
  type: 'string' | 'integer' | 'number' | 'boolean' | 'object';
  required?: true;
  /** Repeated in the query, once per value. */
  array?: true;
  enum?: readonly (string | number | boolean)[];
  deprecated?: true;
}

/** A compact schema: the OpenAPI keys a body check reads, `$ref` by the schema's name. */
export interface CompactSchema {
  $ref?: string;
  type?: string;
  enum?: readonly unknown[];
  readOnly?: true;
  properties?: Record<string, CompactSchema>;
  required?: readonly string[];
  items?: CompactSchema;
  additionalProperties?: CompactSchema | true;
  allOf?: readonly CompactSchema[];
  oneOf?: readonly CompactSchema[];
  anyOf?: readonly CompactSchema[];
}

export interface DescribedVersion {
  /** YYYY-MM-DD, or 'preview'. */
  date: string;
  /** YYYY-MM-DD. */
  sunset?: string;
  /** The request body's schema at this version. */
  body?: CompactSchema;
}

export interface DescribedOperation {
  id: string;
  /** x-xgen-operation-id-override, the shorter name, when it differs. */
  alias?: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the version base (/api/atlas/v2), with {param}s. */
  path: string;
  tags: readonly string[];
  summary: string;
  params: readonly DescribedParam[];
  /** Oldest first; 'preview' last. */
  versions: readonly DescribedVersion[];
  /** Present when the operation takes a body. */
  bodyRequired?: boolean;
  deprecated?: true;
  /** The answer is not JSON: 'gzip' (a log) or 'csv'. */
  binary?: string;
}

export interface Description {
  format: 1;
  title: string;
  apiVersion: string;
  operations: readonly DescribedOperation[];
  schemas: Readonly<Record<string, CompactSchema>>;
}

let loaded: Description | undefined;

/** The shipped description, parsed once. */
export async function loadDescription(): Promise<Description> {
  if (loaded) return loaded;
  const [{ DESCRIPTION_BROTLI }, { brotliDecompressSync }] = await Promise.all([import('./description/data.js'), import('node:zlib')]);
  loaded = JSON.parse(brotliDecompressSync(Buffer.from(DESCRIPTION_BROTLI, 'base64')).toString('utf8')) as Description;
  return loaded;
}

/** The operation named by its operationId or its override (names are case-sensitive). */
export function findOperation(description: Description, name: string): DescribedOperation | undefined {
  return description.operations.find((op) => op.id === name) ?? description.operations.find((op) => op.alias === name);
}

/** Every name an operation answers to. */
export function operationNames(description: Description): string[] {
  return description.operations.flatMap((op) => (op.alias ? [op.id, op.alias] : [op.id]));
}

const patterns = new Map<string, RegExp>();
/** A path template as a pattern of concrete paths: each {param} one segment (a custom method's `:verb` kept). */
export function pathPattern(template: string): RegExp {
  let re = patterns.get(template);
  if (!re) {
    const escaped = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
    re = new RegExp(`^${escaped.join('[^/]+')}/?$`);
    patterns.set(template, re);
  }
  return re;
}

/** Two templates address the same paths when they differ only in their parameters' names. */
export const sameShape = (a: string, b: string): boolean => shapeOf(a) === shapeOf(b);
const shapeOf = (template: string): string => template.replace(/\{[^}]+\}/g, '{}').replace(/\/+$/, '');

/**
 * The operation a method and concrete path (relative to the version base) address. The
 * template with the most literal text wins: `/groups/byName/x` is not `/groups/{groupId}/x`,
 * and `/streams/t:downloadOperationalLogs` is not `/streams/{tenantName}`.
 */
export function operationAt(description: Description, method: string, path: string): DescribedOperation | undefined {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const matches = description.operations.filter((op) => op.method === verb && pathPattern(op.path).test(path));
  const literal = (template: string): number => template.replace(/\{[^}]+\}/g, '').length;
  return matches.sort((a, b) => literal(b.path) - literal(a.path))[0];
}

/** The description's operation of a method and template (cdba's own table names them so). */
export function operationOfTemplate(description: Description, method: string, template: string): DescribedOperation | undefined {
  return description.operations.find((op) => op.method === method && sameShape(op.path, template));
}

/**
 * The version an operation is sent at under a pin (a date): its newest dated version not
 * after it; an operation served only as 'preview' is sent at 'preview'. Undefined when the
 * pin is older than its first version.
 */
export function describedVersionAt(op: DescribedOperation, pin: string): DescribedVersion | undefined {
  const dated = op.versions.filter((v) => v.date !== 'preview');
  if (dated.length === 0) return op.versions.find((v) => v.date === 'preview');
  return dated.filter((v) => v.date <= pin).at(-1);
}

const PRIMITIVES: Record<string, FieldSpec['kind']> = { string: 'string', integer: 'integer', number: 'number', boolean: 'boolean' };

/**
 * A compact schema as the model's field spec (src/model/clusterFields.ts), which the
 * cluster checks walk: closed objects where the description lists properties and allows
 * no others, maps, arrays, enums, read-only fields and required fields. allOf merges;
 * oneOf/anyOf of objects accept any variant's fields, and the fields all variants require;
 * a union of one other kind accepts what any variant does (string enums: any variant's
 * values), even under a nominal `type: object`; a union of mixed kinds, or no type at all,
 * accepts any value.
 */
export function fieldSpecOf(description: Description, schema: CompactSchema): FieldSpec {
  const byName = new Map<string, FieldSpec>();
  const convert = (s: CompactSchema): FieldSpec => {
    if (s.$ref !== undefined) {
      const known = byName.get(s.$ref);
      if (known) return known;
      const spec: FieldSpec = { kind: 'any' };
      byName.set(s.$ref, spec); // recursive schemas meet this object again
      // readOnly is a property's (OpenAPI 3.0: "relevant only for Schema properties
      // definitions"): a schema marked read-only as a whole does not make every property that
      // refers to it read-only. BaseCloudProviderInstanceSize is, and it is the type of the
      // writable autoScaling.compute.minInstanceSize and maxInstanceSize of a cluster body.
      const { readOnly: _whole, ...component } = convert(description.schemas[s.$ref] ?? {});
      Object.assign(spec, component);
      return spec;
    }
    const parts: FieldSpec[] = [];
    const own = ownSpec(s, convert);
    if (own) parts.push(own);
    for (const sub of s.allOf ?? []) parts.push(convert(sub));
    let spec = parts.length === 0 ? undefined : parts.reduce(merge);
    const variants = s.oneOf ?? s.anyOf;
    if (variants && variants.length > 0) {
      const union = variants.map(convert).reduce(unite);
      // A type only nominally object (`type: object`, no fields of its own) whose variants are
      // not all objects is their union: regionName and min/maxInstanceSize are written so,
      // with a oneOf of string enums (one per provider).
      const nominal = s.type === 'object' && !s.properties && !s.additionalProperties && !s.allOf;
      spec = spec && !(nominal && union.kind !== 'object') ? merge(spec, union) : union;
    }
    spec ??= { kind: 'any' };
    if (s.readOnly) spec = { ...spec, readOnly: true };
    return spec;
  };
  return convert(schema);
}

function ownSpec(s: CompactSchema, convert: (s: CompactSchema) => FieldSpec): FieldSpec | undefined {
  const enumValues = s.enum?.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  // An enum with a placeholder ("<a custom role name>") names examples, not the only values.
  const open = s.enum?.some((v) => typeof v === 'string' && /^<.*>$/.test(v));
  const withEnum = (spec: FieldSpec): FieldSpec => (enumValues && !open && enumValues.length === s.enum!.length ? { ...spec, enum: enumValues } : spec);
  if (s.type && PRIMITIVES[s.type]) return withEnum({ kind: PRIMITIVES[s.type]! });
  if (s.type === 'array') return { kind: 'array', ...(s.items ? { items: convert(s.items) } : {}) };
  if (s.type === 'object' || s.properties || s.additionalProperties) {
    const extra = s.additionalProperties === true ? ({ kind: 'any' } as FieldSpec) : s.additionalProperties ? convert(s.additionalProperties) : undefined;
    if (!s.properties) return { kind: 'object', fields: {}, extra: extra ?? { kind: 'any' } };
    const fields = Object.fromEntries(Object.entries(s.properties).map(([name, sub]) => [name, convert(sub)]));
    // A read-only field is the answer's: required of a response, never of a request (DataFederationLimit's name).
    const required = s.required?.filter((name) => !fields[name]?.readOnly && !s.properties?.[name]?.readOnly);
    return { kind: 'object', fields, ...(required?.length ? { required } : {}), ...(extra ? { extra } : {}) };
  }
  return undefined;
}

/** allOf: both at once. */
function merge(a: FieldSpec, b: FieldSpec): FieldSpec {
  if (a.kind === 'any' && !a.fields) return b;
  if (b.kind === 'any' && !b.fields) return a;
  if (a.kind === 'object' && b.kind === 'object') {
    const required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
    const extra = a.extra ?? b.extra;
    return { kind: 'object', fields: { ...a.fields, ...b.fields }, ...(required.length ? { required } : {}), ...(extra ? { extra } : {}) };
  }
  return a;
}

/** oneOf/anyOf: either; objects accept any variant's fields. */
function unite(a: FieldSpec, b: FieldSpec): FieldSpec {
  if (a.kind === 'object' && b.kind === 'object') {
    const required = (a.required ?? []).filter((name) => (b.required ?? []).includes(name));
    const extra = a.extra ?? b.extra;
    const fields: Record<string, FieldSpec> = { ...a.fields };
    for (const [name, spec] of Object.entries(b.fields ?? {})) fields[name] = fields[name] && fields[name] !== spec ? looser(fields[name], spec) : spec;
    return { kind: 'object', fields, ...(required.length ? { required } : {}), ...(extra ? { extra } : {}) };
  }
  if (a.kind === b.kind && a.kind !== 'object') return looser(a, b);
  return { kind: 'any' };
}

/** A field two variants declare differently: what either accepts. */
function looser(a: FieldSpec, b: FieldSpec): FieldSpec {
  if (a.kind !== b.kind) return { kind: 'any' };
  if (a.kind === 'object') return unite(a, b);
  if (a.enum && b.enum) return { ...a, enum: [...new Set([...a.enum, ...b.enum])] };
  return { kind: a.kind, ...(a.items ? { items: a.items } : {}), ...(a.values ? { values: a.values } : {}) };
}

/** One operation of the description as `cdba versions --all` reports it (the shape of the table's rows). */
export interface DescribedLifecycle {
  /** The operationId. */
  operation: string;
  /** Its short name, when it has one. */
  alias: string | null;
  method: string;
  path: string;
  /** The version sent under the pin (the newest not after it; 'preview'; 'v1.0'), or null when the pin is older than the first. */
  sends: string | null;
  /** The newest dated version released by `today` and not past its Sunset. */
  newest: string | null;
  /** The description carries no Deprecation dates (the service's headers do): always null. */
  deprecation: null;
  sunset: string | null;
  daysLeft: number | null;
  operationDeprecated: boolean;
}

/**
 * Every operation's lifecycle on `today` under the pin, from the description: the same
 * versions and x-sunset dates that `npm run refresh-operations` reports the Sunsets of.
 */
export function describedLifecycles(description: Description, apiVersion: string, today: string): DescribedLifecycle[] {
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  return description.operations.map((op) => {
    const live = op.versions.filter((v) => v.date !== 'preview' && v.date <= today && (!v.sunset || v.sunset > today));
    const sent = apiVersion === 'v1.0' ? undefined : describedVersionAt(op, apiVersion);
    const sunset = sent?.sunset ?? null;
    return {
      operation: op.id,
      alias: op.alias ?? null,
      method: op.method,
      path: op.path,
      sends: apiVersion === 'v1.0' ? 'v1.0' : (sent?.date ?? null),
      newest: live.at(-1)?.date ?? null,
      deprecation: null,
      sunset,
      daysLeft: sunset ? Math.round((Date.parse(`${sunset}T00:00:00Z`) - todayMs) / 86_400_000) : null,
      operationDeprecated: op.deprecated === true,
    };
  });
}
