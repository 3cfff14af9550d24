// Field checks before sending: every field the target version does not accept,
// named at once (the model's checkClusterBody stops at the first), and the
// read-only fields a `get` document carries, stripped for `patch`.
import { UsageError } from '../../core/errors.js';
import {
  convertClusterBody,
  shapeOfDocument,
  checkClusterBody,
  CLUSTER_SHAPES,
  fieldsOf,
  MODERN_FIELDS,
  READ_ONLY_FIELDS,
  SHAPE_SINCE,
  shapeLabel,
  type ClusterShape,
  type FieldProblem,
} from '../../model/cluster.js';
import { isObject } from '../../base/object.js';

type Doc = Record<string, unknown>;
type FieldSpec = (typeof MODERN_FIELDS)[string];

/** Legacy fields whose keys are region names; the model's paths skip that level. */
const MAP_FIELDS = new Set(['replicationSpec', 'regionsConfig']);

/**
 * Calls `visit(parent, key)` for every place a dotted path (array and map levels
 * unnamed, as the model names fields) occurs in a document.
 */
function forEachAt(value: unknown, segments: string[], visit: (parent: Doc, key: string) => void): void {
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

function hasPath(body: Doc, path: string): boolean {
  let found = false;
  forEachAt(body, path.split('.'), (parent, key) => {
    if (parent[key] !== undefined && parent[key] !== null) found = true;
  });
  return found;
}

function deletePath(body: Doc, path: string): void {
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
export function fieldProblems(body: Doc, shape: ClusterShape): FieldProblem[] {
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
export function missingField(body: Doc, shape: ClusterShape): string | undefined {
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
export function stripReadOnly(body: Doc, shape: ClusterShape): string[] {
  const stripped: string[] = [];
  for (const path of [...READ_ONLY_FIELDS[shape], ...SPEC_IDS[shape]]) {
    if (!hasPath(body, path)) continue;
    deletePath(body, path);
    stripped.push(path);
  }
  return stripped;
}

const list = (paths: string[]): string => paths.join(', ');

/**
 * Throws a UsageError naming every field the version does not accept, with a
 * hint on how to get a body in the right shape.
 */
export function refuseProblems(problems: FieldProblem[], shape: ClusterShape, version: string, source: string): void {
  if (problems.length === 0) return;
  const readOnly = problems.filter((p) => p.code === 'ATTRIBUTE_READ_ONLY').map((p) => p.field);
  const invalid = problems.filter((p) => p.code !== 'ATTRIBUTE_READ_ONLY').map((p) => p.field);
  const unknown = invalid.filter((f) => !isKnownField(f, shape));
  const badValues = invalid.filter((f) => isKnownField(f, shape));
  const other = CLUSTER_SHAPES.find((s) => s !== shape && unknown.some((f) => isKnownField(f, s)));
  const otherShape = other ? unknown.filter((f) => isKnownField(f, other)) : [];
  const parts: string[] = [];
  if (unknown.length > 0) parts.push(`fields API version ${version} does not accept: ${list(unknown)}`);
  if (readOnly.length > 0) parts.push(`read-only fields: ${list(readOnly)}`);
  if (badValues.length > 0) parts.push(`invalid values for: ${list(badValues)}`);
  let hint: string | undefined;
  if (other && otherShape.length > 0) {
    hint = `this looks like a ${shapeLabel(other)} body; \`cdba clusters convert --to ${version}\` turns it into a ${version} body, or send it with --api-version ${SHAPE_SINCE[other]}`;
  } else if (readOnly.length > 0) {
    hint = 'remove them: the service sets these itself';
  }
  throw new UsageError(`${source}: ${parts.join('; ')}`, hint ? { hint } : undefined);
}

/**
 * A --file body in another shape than the version's: converted when nothing is lost
 * (with a note naming the shapes), refused with a hint to run convert otherwise.
 * Read-only fields are not losses: they are stripped or refused afterwards as usual.
 */
export function adaptToShape(note: (line: string) => void, body: Doc, shape: ClusterShape, version: string, source: string, strict = false): Doc {
  const from = shapeOfDocument(body);
  if (from === undefined || from === shape) return body;
  // Fields its own shape does not know either: refused as they are, never dropped by a conversion.
  // strict (create): read-only fields are refused too, so they must not vanish in the conversion either.
  if (fieldProblems(body, from).some((p) => strict || (p.code === 'INVALID_ATTRIBUTE' && !isKnownField(p.field, from)))) return body;
  const { body: converted, lost } = convertClusterBody(body, from, shape);
  if (lost.length > 0) {
    throw new UsageError(`${source} is a ${shapeLabel(from)} body that API version ${version} cannot express without losing: ${list(lost)}`, {
      hint: `see what changes with \`cdba clusters convert --to ${version}\`, or send it with --api-version ${SHAPE_SINCE[from] === 'v1.0' ? 'v1.0' : SHAPE_SINCE[from]}`,
    });
  }
  note(`cdba: ${source} is a ${shapeLabel(from)} body; sending it converted to ${version} (see \`cdba clusters convert --to ${version}\`)`);
  return converted;
}
