// The pure part of `cdba api <operationId>`: each parameter's flag, its value checked
// against its type and enum, and the body of `-f path=value` fields typed by the
// operation's schema. No I/O, so unit and property tests pin every rule.
import { UsageError } from '../../base/errors.js';
import { isObject } from '../../base/object.js';
import type { DescribedParam } from '../../api/description.js';
import type { FieldSpec } from '../../model/clusterFields.js';
import { fieldValue } from './request.js';

/** Flags every operation command has, the global ones, and what a parameter may not be called. */
export const RESERVED_FLAGS: ReadonlySet<string> = new Set([
  'file', 'field', 'all', 'out', 'help', 'profile', 'output', 'query', 'project-id', 'api-version', 'base-url', 'timeout', 'wide',
  'debug', 'error-format', 'color', 'no-color', 'yes', 'version',
]);

/** Path parameters that come from the configuration, not from a flag. */
export const FROM_CONFIG: ReadonlySet<string> = new Set(['groupId']);

/** kebab-case of a parameter's name: clusterName -> cluster-name, processIds -> process-ids. */
export function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

/** The flag (without dashes) a parameter is given by; a name a global flag has is prefixed with param-. */
export function flagOf(param: Pick<DescribedParam, 'name'>): string {
  const name = kebab(param.name);
  return RESERVED_FLAGS.has(name) ? `param-${name}` : name;
}

/** A parameter's value as the service takes it: a number, a boolean, or the text; enums checked. */
export function paramValue(param: DescribedParam, raw: string): string {
  const flag = `--${flagOf(param)}`;
  if (param.type === 'integer' && !/^-?\d+$/.test(raw)) throw new UsageError(`invalid ${flag} "${raw}": expected an integer`);
  if (param.type === 'number' && (raw.trim() === '' || !Number.isFinite(Number(raw)))) throw new UsageError(`invalid ${flag} "${raw}": expected a number`);
  if (param.type === 'boolean' && raw !== 'true' && raw !== 'false') throw new UsageError(`invalid ${flag} "${raw}": expected true or false`);
  if (param.enum && !param.enum.map(String).includes(raw)) {
    throw new UsageError(`invalid ${flag} "${raw}": expected one of ${param.enum.join(', ')}`);
  }
  if (param.in === 'path' && (raw === '' || raw === '.' || raw === '..')) throw new UsageError(`invalid ${flag} "${raw}": a name in a URL path cannot be empty, "." or ".."`);
  return raw;
}

/** The spec a field of an object or element of an array has, if the schema says. */
function inner(spec: FieldSpec | undefined, segment: string): FieldSpec | undefined {
  if (!spec) return undefined;
  if (spec.kind === 'array') return spec.items;
  if (spec.kind === 'map') return spec.values;
  if (spec.kind === 'object') return (spec.fields && Object.hasOwn(spec.fields, segment) ? spec.fields[segment] : undefined) ?? spec.extra;
  return undefined;
}

/**
 * A `-f` value typed by the field's spec: text for a string (as written, even "123"),
 * a number, true/false, and JSON for an object or array; where the schema says nothing
 * (or accepts anything), JSON when the text parses as JSON, else the text, as the raw form does.
 */
export function typedValue(raw: string, spec: FieldSpec | undefined, key: string): unknown {
  switch (spec?.kind) {
    case 'string':
      return raw;
    case 'integer':
    case 'number': {
      const value = raw.trim() === '' ? Number.NaN : Number(raw);
      if (!Number.isFinite(value) || (spec.kind === 'integer' && !Number.isInteger(value))) {
        throw new UsageError(`invalid -f ${key}=${raw}: expected ${spec.kind === 'integer' ? 'an integer' : 'a number'}`);
      }
      return value;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw new UsageError(`invalid -f ${key}=${raw}: expected true or false`);
      return raw === 'true';
    case 'array':
    case 'object':
    case 'map': {
      const value = fieldValue(raw, key);
      const fits = spec.kind === 'array' ? Array.isArray(value) : isObject(value);
      if (!fits) throw new UsageError(`invalid -f ${key}=${raw}: expected a JSON ${spec.kind === 'array' ? 'array' : 'object'} (or set its fields one by one: -f ${key}.<field>=...)`);
      return value;
    }
    default:
      return fieldValue(raw, key);
  }
}

/**
 * The body of `-f path=value` fields: dotted paths nest (`a.b=1` -> {"a":{"b":1}}), a
 * number segment under an array is its index (`tags.0.key=k`), and each value is typed by
 * the schema at its path. The same path twice, or a path inside a value, is refused.
 */
export function bodyOfFields(fields: ReadonlyArray<readonly [string, string]>, spec: FieldSpec | undefined): unknown {
  let body: unknown;
  for (const [key, raw] of fields) {
    const segments = key.split('.');
    if (segments.some((s) => s === '')) throw new UsageError(`invalid -f key "${key}"`);
    // The container each segment lives in: an array where the schema says so and the segment is an index.
    let specHere = spec;
    const root = (first: string): unknown => (specHere?.kind === 'array' && /^\d+$/.test(first) ? [] : {});
    body ??= root(segments[0]!);
    let node = body as Record<string, unknown> | unknown[];
    for (const [i, segment] of segments.entries()) {
      const childSpec = inner(specHere, segment);
      const last = i === segments.length - 1;
      const index = Array.isArray(node) ? arrayIndex(segment, node, key) : undefined;
      const holder = node as Record<string | number, unknown>;
      const slot: string | number = index ?? segment;
      if (last) {
        if (holder[slot] !== undefined) throw new UsageError(`-f ${key} is given twice, or inside another -f field`);
        holder[slot] = typedValue(raw, childSpec, key);
      } else {
        let next = holder[slot];
        if (next === undefined) {
          const nextSegment = segments[i + 1]!;
          next = childSpec?.kind === 'array' && /^\d+$/.test(nextSegment) ? [] : {};
          holder[slot] = next;
        }
        if (!isObject(next) && !Array.isArray(next)) throw new UsageError(`-f ${key}: "${segments.slice(0, i + 1).join('.')}" is already a value`);
        node = next as Record<string, unknown> | unknown[];
      }
      specHere = childSpec;
    }
  }
  return body;
}

function arrayIndex(segment: string, array: unknown[], key: string): number {
  if (!/^\d+$/.test(segment)) throw new UsageError(`-f ${key}: "${segment}" is not an index of the array there`);
  const index = Number(segment);
  if (index > array.length) throw new UsageError(`-f ${key}: index ${index} skips ${index - array.length} element(s); give them in order from 0`);
  return index;
}
