// Field checks before sending, as usage errors: every field the target version does
// not accept, named at once, with a hint; --file bodies in another shape converted
// when nothing is lost. Which fields each shape accepts, and the stripping of read-only
// fields, are the model's (src/model/clusterFields.ts).
import { UsageError } from '../../base/errors.js';
import { CLUSTER_SHAPES, fieldProblems, isKnownField, type ClusterShape, type FieldProblem } from '../../model/clusterFields.js';
import { convertClusterBody, shapeOfDocument, SHAPE_SINCE, shapeLabel } from '../../model/clusterShapes.js';
import { legacyConversionGaps } from '../../model/clusterConvert.js';

export { fieldProblems, isKnownField, missingField, stripReadOnly } from '../../model/clusterFields.js';

type Doc = Record<string, unknown>;

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
  // A partial legacy body would become regionName "" and no provider.
  const missing = from === 'legacy' ? legacyConversionGaps(body) : [];
  if (missing.length > 0) {
    throw new UsageError(`${source} is a ${shapeLabel(from)} body that API version ${version} cannot express without ${missing.join(', ')}`, {
      hint: 'every region config names its provider and region: add them, or change the tier alone with --tier',
    });
  }
  const { body: converted, lost } = convertClusterBody(body, from, shape);
  if (lost.length > 0) {
    throw new UsageError(`${source} is a ${shapeLabel(from)} body that API version ${version} cannot express without losing: ${list(lost)}`, {
      hint: `see what changes with \`cdba clusters convert --to ${version}\`, or send it with --api-version ${SHAPE_SINCE[from] === 'v1.0' ? 'v1.0' : SHAPE_SINCE[from]}`,
    });
  }
  // Neutral words: apply --dry-run converts and sends nothing.
  note(`cdba: ${source} is a ${shapeLabel(from)} body; converted to ${version} (see \`cdba clusters convert --to ${version}\`)`);
  return converted;
}

/**
 * What the service would refuse in a create body as a whole, not field by field (a region
 * of another provider than the file's, an M0 with --shards, a region no cloud has): the
 * model's own create check (src/model/cluster.ts, which the emulator answers with),
 * refused as a usage error before any request.
 */
export async function refuseInvalidCreate(body: Doc, shape: ClusterShape, version: string, source: string): Promise<void> {
  // Imported here: the model's whole cluster check is for creates only, not every command's start-up.
  const { createClusterModel } = await import('../../model/cluster.js');
  const { problem } = createClusterModel(body, shape, { groupId: '0'.repeat(24), newId: () => '0'.repeat(24), now: '1970-01-01T00:00:00Z' });
  if (problem) refuseProblems([problem], shape, version, source);
}
