// `cdba clusters convert`: offline, a cluster body of one API version's shape into
// another's (legacy v1.0 / 2023-01-01, 2023-02-01, 2024-08-05 / 2024-10-23), through
// the model's converters (src/model/clusterShapes.ts). Every moved or dropped field
// is reported on stderr; a conversion that would lose information is refused; the
// result is checked against the target's field list before it is printed.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { UsageError } from '../../base/errors.js';
import { readJsonObject } from '../../core/input.js';
import { isFlexDocument } from '../../model/flexCluster.js';
import { validateApiVersion } from '../../api/versions.js';
import type { FieldChange } from '../../model/clusterConvert.js';
import { LEGACY_FIELDS, MODERN_FIELDS } from '../../model/clusterFields.js';
import { convertClusterBody, shapeForVersion, shapeLabel, shapeOfDocument } from '../../model/clusterShapes.js';
import { withExamples, type App } from '../command.js';
import { fieldProblems } from './fields.js';
import { clusterVersion } from './target.js';

export interface ConvertFlags {
  file: string;
  to?: string;
  from?: string;
}

export function registerClustersConvert(parent: Command, app: App): void {
  const command = parent
    .command('convert')
    .description('turn a cluster body of one API version into the shape of another (v1.0, 2023-01-01, 2023-02-01, 2024-08-05, 2024-10-23); offline')
    .summary('turn a cluster body of one API version into another\'s, offline')
    .option('--file <file>', 'the JSON body; - (the default) reads stdin', '-')
    .option('--to <version>', "the version to convert to (default: the version the profile creates clusters at)")
    .option('--from <version>', 'the version the body is in, where its fields do not tell')
    .action(async (options, cmd) => runClustersConvert(app.context(cmd), options));
  withExamples(command, [
    ['Convert a saved legacy body to the current shape', 'cdba clusters convert --file legacy.json > current.json'],
    ['Copy a cluster read at 2023-01-01 into a new one at the default version', "cdba --api-version 2023-01-01 clusters get c1 -o json | cdba clusters convert | jq '.name = \"c2\"' | cdba clusters create c2 --file -"],
    ['Back to 2023-02-01, for a script that still sends it', 'cdba clusters convert --file current.json --to 2023-02-01'],
    ['Only the new topology', "cdba clusters convert --file legacy.json -o json --query 'replicationSpecs[].regionConfigs'"],
  ]);
}

export async function runClustersConvert(ctx: Context, flags: ConvertFlags): Promise<void> {
  const source = flags.file === '-' ? 'stdin' : flags.file;
  // Flex clusters have their own API and shape: nothing converts honestly to or from it.
  if (flags.to !== undefined && flags.to.toUpperCase() === 'FLEX') {
    throw new UsageError('a dedicated cluster body cannot be converted to a flex one: a flex cluster has no tier, members, shards or storage to carry over, only a cloud and a region', {
      hint: 'create it with cdba clusters create <name> --tier FLEX --provider AWS --region US_EAST_1',
    });
  }
  if (flags.to !== undefined) validateApiVersion(flags.to);
  if (flags.from !== undefined) validateApiVersion(flags.from);
  const toVersion = flags.to ?? (await clusterVersion(ctx, 'clusters.create')).version;
  const to = shapeForVersion(toVersion);
  const input = await readJsonObject(ctx.io, flags.file);
  if (isFlexDocument(input)) {
    throw new UsageError(`${source} is a flex cluster's document: it cannot be converted to a dedicated body, which would have to invent a tier, members and storage`, {
      hint: 'a flex body is sent as it is (cdba clusters create <name> --file, or apply); for a dedicated cluster, give its tier and topology',
    });
  }
  // Converting a document with no cluster field at all would print {} and succeed.
  const fields = Object.keys(input);
  if (!fields.some((field) => Object.hasOwn(LEGACY_FIELDS, field) || Object.hasOwn(MODERN_FIELDS, field))) {
    const named = fields.slice(0, 5).map((field) => JSON.stringify(field)).join(', ') + (fields.length > 5 ? ', ...' : '');
    throw new UsageError(`${source} is not a cluster document: ${fields.length === 0 ? 'it has no fields' : `no cluster field among ${named}`}`, {
      hint: 'expected a body such as cdba clusters get <name> -o json prints',
    });
  }
  const from = flags.from !== undefined ? shapeForVersion(flags.from) : shapeOfDocument(input);
  // A regionConfigs body that says nothing version-specific fits 2023-02-01 and 2024-08-05 alike.
  const fits = from === undefined && to !== 'legacy' && Array.isArray(input.replicationSpecs);
  if (from === to || fits) throw new UsageError(`${source} is already a ${shapeLabel(to)} body; nothing to convert to ${toVersion}`);
  if (from === undefined) {
    throw new UsageError(`${source}: its fields do not tell which version's shape it is in`, { hint: 'name it with --from <version>' });
  }
  const { body, changes, lost, missing } = convertClusterBody(input, from, to);
  if (missing) {
    throw new UsageError(`${source}: cannot convert to ${toVersion} without ${missing.join(', ')}`, {
      hint: `every region config names its provider and region; add them to the ${shapeLabel(from)} body`,
    });
  }
  if (lost.length > 0) {
    throw new UsageError(`${source}: converting to ${toVersion} would lose ${lost.join(', ')}`, {
      hint: `${shapeLabel(to)} cannot say that shards or regions differ; keep the ${shapeLabel(from)} body, or make them alike first`,
    });
  }
  const describe = (change: FieldChange): string =>
    change.action === 'moved' ? `moved ${change.field} to ${change.to}` : `dropped ${change.field} (${change.reason ?? 'dropped'})`;
  for (const change of changes) ctx.io.note(`cdba: ${describe(change)}`);
  const problems = fieldProblems(body, to);
  if (problems.length > 0) {
    throw new UsageError(`${source}: the converted body is not a valid ${toVersion} body: ${problems.map((p) => p.field).join(', ')}`, {
      hint: `check those fields in the ${shapeLabel(from)} body`,
    });
  }
  // A body is JSON by nature: pretty on a terminal, compact in a pipe, unless -o says otherwise.
  const shown = await ctx.outputForm('body');
  const { render } = await import('../../output/render.js');
  await render(ctx.io, body, { format: shown.form === 'document' ? shown.format : 'json', query: ctx.globals.query });
}
