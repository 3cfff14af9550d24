// `cdba clusters convert`: offline, a legacy (v1.0 / 2023-01-01) cluster body
// into a 2023-02-01 body, through the model's converter. Every moved or
// dropped field is reported on stderr; the result is checked against the
// 2023-02-01 field list before it is printed.
import type { Command } from '@commander-js/extra-typings';
import { validateOutput } from '../../config/validate.js';
import type { Context } from '../../core/context.js';
import { UsageError } from '../../core/errors.js';
import { readJsonObject } from '../../core/input.js';
import { legacyToModern, LEGACY_FIELDS, MODERN_FIELDS, READ_ONLY_FIELDS, type FieldChange } from '../../model/cluster.js';
import { withExamples, type App } from '../command.js';
import { fieldProblems } from './fields.js';
import { hasRegionConfigs } from './summary.js';

export interface ConvertFlags {
  file: string;
}

export function registerClustersConvert(parent: Command, app: App): void {
  const command = parent
    .command('convert')
    .description('turn a legacy (v1.0 / 2023-01-01) cluster body into a 2023-02-01 body; offline')
    .option('--file <file>', 'the legacy JSON body; - (the default) reads stdin', '-')
    .action(async (options, cmd) => runClustersConvert(app.context(cmd), options));
  withExamples(command, [
    ['Convert a saved body', 'cdba clusters convert --file legacy.json > modern.json'],
    ['Copy a cluster read at 2023-01-01 into a new one at 2023-02-01', "cdba --api-version 2023-01-01 clusters get c1 -o json | cdba clusters convert | jq '.name = \"c2\"' | cdba --api-version 2023-02-01 clusters create c2 --file -"],
    ['Only the new topology', "cdba clusters convert --file legacy.json -o json --query 'replicationSpecs[].regionConfigs'"],
  ]);
}

/** Why a field was dropped, for the report. */
function dropReason(field: string): string {
  if (READ_ONLY_FIELDS.legacy.includes(field) || READ_ONLY_FIELDS.modern.includes(field)) return 'read-only';
  if (field === 'replicationSpecs.id') return 'read-only';
  if (field === 'replicationSpec') return 'replicationSpecs describes the same regions';
  if (field === 'backupEnabled') return 'providerBackupEnabled wins';
  return field in LEGACY_FIELDS ? 'no 2023-02-01 equivalent' : 'not a cluster field';
}

function describeChange(change: FieldChange): string {
  return change.action === 'moved' ? `moved ${change.field} to ${change.to}` : `dropped ${change.field} (${dropReason(change.field)})`;
}

export async function runClustersConvert(ctx: Context, flags: ConvertFlags): Promise<void> {
  const source = flags.file === '-' ? 'stdin' : flags.file;
  const input = await readJsonObject(ctx.io, flags.file);
  // Converting a document with no cluster field at all would print {} and succeed.
  const fields = Object.keys(input);
  if (!fields.some((field) => Object.hasOwn(LEGACY_FIELDS, field) || Object.hasOwn(MODERN_FIELDS, field))) {
    const named = fields.slice(0, 5).map((field) => JSON.stringify(field)).join(', ') + (fields.length > 5 ? ', ...' : '');
    throw new UsageError(`${source} is not a cluster document: ${fields.length === 0 ? 'it has no fields' : `no cluster field among ${named}`}`, {
      hint: 'expected a body such as cdba clusters get <name> -o json prints',
    });
  }
  if (hasRegionConfigs(input)) {
    throw new UsageError(`${source} is already a 2023-02-01 body (replicationSpecs[].regionConfigs); nothing to convert`);
  }
  const { body, changes } = legacyToModern(input);
  for (const change of changes) ctx.io.note(`cdba: ${describeChange(change)}`);
  const problems = fieldProblems(body, 'modern');
  if (problems.length > 0) {
    throw new UsageError(`${source}: the converted body is not a valid 2023-02-01 body: ${problems.map((p) => p.field).join(', ')}`, {
      hint: 'check those fields in the legacy body',
    });
  }
  // A body is JSON by nature: pretty on a terminal, compact in a pipe, unless -o says otherwise.
  const requested = ctx.globals.output === undefined ? undefined : validateOutput(ctx.globals.output);
  const format = requested === 'json' ? 'json' : requested === 'pretty' || ctx.io.outIsTTY ? 'pretty' : 'json';
  const { render } = await import('../../output/render.js');
  await render(ctx.io, body, { format, query: ctx.globals.query });
}
