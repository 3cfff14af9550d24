// fieldSpecOf over the whole description: a schema written `type: object` with no fields of
// its own and a oneOf/anyOf of values that are not objects (regionName, min/maxInstanceSize,
// a stream workspace's or a data federation's region, an alert's eventTypeName) is the union
// of those values, wherever the service's full description writes one. Found in the full
// description itself (test/fixtures/reference), so a refresh that adds such a shape is covered.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldSpecOf, findOperation, loadDescription, type CompactSchema, type Description } from '../../../src/api/description.js';
import { allProblems, type FieldSpec } from '../../../src/model/clusterFields.js';
import { REFERENCE_DIR } from '../../helpers/reference.js';

type Json = Record<string, unknown>;
const full = JSON.parse(readFileSync(join(REFERENCE_DIR, 'openapi', 'admin-api-v2-2026-08-full.json'), 'utf8')) as { components: { schemas: Record<string, Json> } };
const fullSchemas = full.components.schemas;
const description = await loadDescription();

const resolveFull = (schema: Json): Json | undefined => {
  const seen = new Set<string>();
  let here: Json | undefined = schema;
  while (here && typeof here.$ref === 'string') {
    const name: string = here.$ref.split('/').pop()!;
    if (seen.has(name)) return undefined;
    seen.add(name);
    here = fullSchemas[name];
  }
  return here;
};
const isObjectSchema = (schema: Json | undefined): boolean => schema !== undefined && (schema.type === 'object' || schema.properties !== undefined || schema.additionalProperties !== undefined);
const nominal = (schema: Json): boolean => schema.type === 'object' && !schema.properties && !schema.additionalProperties && !schema.allOf;
const variantsOf = (schema: Json): Json[] | undefined => (schema.oneOf ?? schema.anyOf) as Json[] | undefined;

interface Shape {
  /** The JSON pointer under components/schemas. */
  pointer: string[];
  /** The values the variants allow, with their JSON type. */
  type: string;
  values: unknown[];
}

/** Every nominal object of the full description whose variants are not all objects. */
function shapesOfFull(): Shape[] {
  const shapes: Shape[] = [];
  const walk = (node: unknown, pointer: string[]): void => {
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Json;
    const variants = variantsOf(schema);
    if (Array.isArray(variants) && nominal(schema)) {
      const resolved = variants.map(resolveFull);
      if (!resolved.every(isObjectSchema)) {
        const types = new Set(resolved.map((v) => v?.type));
        expect(types.size, pointer.join('/')).toBe(1);
        shapes.push({ pointer, type: String([...types][0]), values: resolved.flatMap((v) => (v?.enum as unknown[] | undefined) ?? []) });
      }
    }
    for (const [key, value] of Object.entries(schema)) walk(value, [...pointer, key]);
  };
  for (const [name, schema] of Object.entries(fullSchemas)) walk(schema, [name]);
  return shapes;
}

const at = (schemas: Description['schemas'], pointer: string[]): CompactSchema | undefined =>
  pointer.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), schemas) as CompactSchema | undefined;

/** Dotted paths (array levels unnamed) from a body to each nominal union of scalars in it. */
function unionPaths(body: CompactSchema): string[] {
  const found = new Set<string>();
  const walk = (schema: CompactSchema | true | undefined, path: string, refs: ReadonlySet<string>): void => {
    if (!schema || schema === true) return;
    if (schema.$ref !== undefined) {
      if (refs.has(schema.$ref)) return;
      walk(description.schemas[schema.$ref], path, new Set([...refs, schema.$ref]));
      return;
    }
    const variants = schema.oneOf ?? schema.anyOf;
    if (variants && schema.type === 'object' && !schema.properties && !schema.additionalProperties && !schema.allOf) {
      const scalar = variants.every((v) => {
        const target = v.$ref !== undefined ? description.schemas[v.$ref] : v;
        return target !== undefined && target.type !== undefined && target.type !== 'object' && !target.properties;
      });
      if (scalar) found.add(path);
    }
    for (const [name, sub] of Object.entries(schema.properties ?? {})) walk(sub, path ? `${path}.${name}` : name, refs);
    walk(schema.items, path, refs);
    walk(schema.additionalProperties, path, refs);
    for (const sub of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) walk(sub, path, refs);
  };
  walk(body, '', new Set());
  return [...found];
}

/** The spec at a dotted path: through arrays and maps, an object's field or its extra. */
function specAt(spec: FieldSpec, path: string): FieldSpec | undefined {
  let here: FieldSpec | undefined = spec;
  for (const segment of path.split('.')) {
    while (here && (here.kind === 'array' || here.kind === 'map')) here = here.items ?? here.values;
    here = here?.fields?.[segment] ?? here?.extra;
  }
  return here;
}

describe('a nominal object whose oneOf is of values that are not objects', () => {
  const shapes = shapesOfFull();

  it('the full description has such shapes, all of string enums; the shipped description keeps the ones a body reaches', () => {
    expect(shapes).toHaveLength(19);
    expect(new Set(shapes.map((s) => s.type))).toEqual(new Set(['string']));
    const kept = shapes.filter((s) => at(description.schemas, s.pointer) !== undefined);
    expect(kept.map((s) => s.pointer.join('/'))).toEqual(expect.arrayContaining(['CloudRegionConfig20240805/properties/regionName', 'BaseCloudProviderInstanceSize', 'BaseStreamsRegion', 'BaseAtlasDataLakeRegion']));
  });

  it('is the union of its values wherever the full description writes one: each value accepted, an object refused', () => {
    let checked = 0;
    for (const shape of shapes) {
      const schema = at(description.schemas, shape.pointer);
      if (!schema) continue; // not part of any request body: the shipped description leaves it out
      checked += 1;
      const where = shape.pointer.join('/');
      // A component is met through a $ref (its own readOnly is not its referrers').
      const spec = fieldSpecOf(description, shape.pointer.length === 1 ? { $ref: shape.pointer[0]! } : schema);
      expect(spec.kind, where).toBe(shape.type);
      expect(shape.values.length, where).toBeGreaterThan(0);
      for (const value of shape.values) expect(allProblems(value, spec), `${where}: ${String(value)}`).toEqual([]);
      expect(allProblems({}, spec), where).not.toEqual([]);
      expect(allProblems('NOT_A_LISTED_VALUE', spec), where).not.toEqual([]);
    }
    expect(checked).toBe(11);
  });

  it('reaches 52 fields of 13 operations\' bodies, each the union of its string enums (no longer an object)', () => {
    const reached: string[] = [];
    const operations = new Set<string>();
    for (const op of description.operations) {
      for (const version of op.versions) {
        if (!version.body) continue;
        const spec = fieldSpecOf(description, version.body);
        for (const path of unionPaths(version.body)) {
          const field = specAt(spec, path);
          reached.push(`${op.id}@${version.date} ${path}`);
          operations.add(op.id);
          expect(field?.kind, `${op.id}@${version.date} ${path}`).toBe('string');
          expect(field?.enum?.length, `${op.id}@${version.date} ${path}`).toBeGreaterThan(0);
        }
      }
    }
    expect(reached.some((r) => r.startsWith('createGroupCluster@2024-10-23 replicationSpecs.regionConfigs.regionName'))).toBe(true);
    expect(reached.some((r) => r.startsWith('createGroupCluster@2024-10-23 replicationSpecs.regionConfigs.autoScaling.compute.maxInstanceSize'))).toBe(true);
    // Each operation's field once, whatever its versions: regionName, min/maxInstanceSize (autoScaling and
    // analyticsAutoScaling) of the cluster bodies, regions of stream workspaces, data federation,
    // private endpoints, an alert configuration's eventTypeName.
    expect(new Set(reached.map((r) => `${r.split('@')[0]} ${r.split(' ')[1]}`)).size).toBe(52);
    expect(operations.size).toBe(13);
  });

  it('a 2024-10-23 cluster body with a region and auto-scaling bounds passes; an unknown region is an invalid value', () => {
    const cluster = (regionName: string) => ({
      name: 'c1',
      clusterType: 'REPLICASET',
      replicationSpecs: [
        {
          regionConfigs: [
            {
              providerName: 'AWS',
              regionName,
              priority: 7,
              electableSpecs: { instanceSize: 'M10', nodeCount: 3 },
              autoScaling: { compute: { enabled: true, minInstanceSize: 'M10', maxInstanceSize: 'M40' } },
            },
          ],
        },
      ],
    });
    const specOf = (name: string) => {
      const op = findOperation(description, name)!;
      return fieldSpecOf(description, (op.versions.find((v) => v.date === '2024-10-23') ?? op.versions.at(-1)!).body!);
    };
    for (const name of ['createCluster', 'updateCluster', 'tenantUpgrade']) {
      expect(allProblems(cluster('US_EAST_1'), specOf(name)), name).toEqual([]);
      expect(allProblems(cluster('NOWHERE_1'), specOf(name)), name).toEqual([{ code: 'INVALID_ATTRIBUTE', field: 'replicationSpecs.regionConfigs.regionName' }]);
    }
    expect(allProblems({ editing: false, clusterDescription: cluster('US_EAST_1') }, specOf('validateGroupClusterConfigurations'))).toEqual([]);
  });

  it('a stream workspace\'s region is one of the streams regions', () => {
    const spec = fieldSpecOf(description, findOperation(description, 'createStreamWorkspace')!.versions.at(-1)!.body!);
    expect(allProblems({ name: 'w1', dataProcessRegion: { cloudProvider: 'AWS', region: 'VIRGINIA_USA' } }, spec)).toEqual([]);
    expect(allProblems({ name: 'w1', dataProcessRegion: { cloudProvider: 'AWS', region: 'NOWHERE' } }, spec)).toEqual([{ code: 'INVALID_ATTRIBUTE', field: 'dataProcessRegion.region' }]);
  });
});
