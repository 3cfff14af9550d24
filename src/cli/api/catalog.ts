// `cdba api list [--tag T] [word]` and `cdba api describe <operationId>`: the operations
// of the shipped description, and one operation's parameters, versions and body fields.
import type { CompactSchema, Description, DescribedOperation } from '../../api/description.js';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import type { TableSpec } from '../../output/render.js';
import { flagOf, FROM_CONFIG } from './fields.js';

export interface ListedOperation {
  operationId: string;
  alias: string | null;
  method: string;
  path: string;
  tags: readonly string[];
  summary: string;
}

export const OPERATIONS_TABLE: TableSpec<ListedOperation> = {
  rows: (document) => (document as { operations: ListedOperation[] }).operations,
  columns: [
    { header: 'OPERATION', value: (r) => r.operationId, copyable: true },
    { header: 'SHORT NAME', value: (r) => r.alias ?? '-', copyable: true, dropPriority: 2 },
    { header: 'METHOD', value: (r) => r.method },
    { header: 'PATH', value: (r) => r.path, copyable: true },
    { header: 'SUMMARY', value: (r) => r.summary, cut: 'end', minWidth: 12, dropPriority: 1 },
  ],
};

/** The operations with the tag (any case) whose names, path or summary hold the word (any case). */
export function listOperations(description: Description, tag: string | undefined, word: string | undefined): ListedOperation[] {
  const tags = new Set(description.operations.flatMap((op) => op.tags));
  if (tag !== undefined && ![...tags].some((t) => t.toLowerCase() === tag.toLowerCase())) {
    throw new UsageError(`no operation has the tag "${tag}"`, { hint: `the tags: cdba api list -o json --query 'operations[].tags[]' | sort -u` });
  }
  const needle = word?.toLowerCase();
  return description.operations
    .filter((op) => tag === undefined || op.tags.some((t) => t.toLowerCase() === tag.toLowerCase()))
    .filter((op) => needle === undefined || [op.id, op.alias ?? '', op.path, op.summary].some((text) => text.toLowerCase().includes(needle)))
    .map((op) => ({ operationId: op.id, alias: op.alias ?? null, method: op.method, path: op.path, tags: op.tags, summary: op.summary }));
}

export async function runApiList(ctx: Context, word: string | undefined, flags: { tag?: string }): Promise<void> {
  const { loadDescription } = await import('../../api/description.js');
  await ctx.output({ operations: listOperations(await loadDescription(), flags.tag, word) }, OPERATIONS_TABLE);
}

export interface BodyField {
  path: string;
  type: string;
  required: boolean;
  readOnly: boolean;
  enum?: readonly unknown[];
}

/** A body schema's fields, dotted (array levels as []), to a depth; recursive references stop. */
export function bodyFields(description: Description, schema: CompactSchema, maxDepth = 4): BodyField[] {
  const out: BodyField[] = [];
  const walk = (s: CompactSchema, prefix: string, depth: number, seen: ReadonlySet<string>, required: boolean): void => {
    if (s.$ref !== undefined) {
      if (seen.has(s.$ref)) return;
      walk(description.schemas[s.$ref] ?? {}, prefix, depth, new Set([...seen, s.$ref]), required);
      return;
    }
    for (const part of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) walk(part, prefix, depth, seen, false);
    if (s.type === 'array' && s.items) {
      if (prefix === '') walk(s.items, '[]', depth, seen, false);
      else walk(s.items, `${prefix}[]`, depth, seen, false);
      return;
    }
    if (!s.properties || depth >= maxDepth) return;
    for (const [name, sub] of Object.entries(s.properties)) {
      const path = prefix === '' ? name : prefix === '[]' ? `[].${name}` : `${prefix}.${name}`;
      const resolved = sub.$ref !== undefined ? (description.schemas[sub.$ref] ?? {}) : sub;
      const type = resolved.type ?? (resolved.properties || resolved.allOf || resolved.oneOf ? 'object' : 'any');
      if (!out.some((f) => f.path === path)) {
        out.push({
          path,
          type: type === 'array' ? `array of ${resolveType(description, resolved.items)}` : type,
          required: s.required?.includes(name) ?? false,
          readOnly: resolved.readOnly === true || sub.readOnly === true,
          ...(resolved.enum ? { enum: resolved.enum } : {}),
        });
      }
      walk(sub, path, depth + 1, seen, false);
    }
    void required;
  };
  walk(schema, '', 0, new Set(), true);
  return out;
}

function resolveType(description: Description, schema: CompactSchema | undefined): string {
  if (!schema) return 'any';
  const resolved = schema.$ref !== undefined ? (description.schemas[schema.$ref] ?? {}) : schema;
  return resolved.type ?? (resolved.properties || resolved.allOf || resolved.oneOf ? 'object' : 'any');
}

/** The document `api describe -o json` prints. */
export function describeOperation(description: Description, op: DescribedOperation) {
  return {
    operationId: op.id,
    alias: op.alias ?? null,
    method: op.method,
    path: op.path,
    tags: op.tags,
    summary: op.summary,
    deprecated: op.deprecated === true,
    parameters: op.params.map((p) => ({
      name: p.name,
      in: p.in,
      flag: p.in === 'path' && FROM_CONFIG.has(p.name) ? null : `--${flagOf(p)}`,
      type: p.type,
      required: p.required === true,
      repeatable: p.array === true,
      ...(p.enum ? { enum: p.enum } : {}),
    })),
    versions: op.versions.map((v) => ({ version: v.date, sunset: v.sunset ?? null })),
    ...(op.binary ? { answers: op.binary } : {}),
    body:
      op.bodyRequired === undefined
        ? null
        : {
            required: op.bodyRequired,
            versions: op.versions.filter((v) => v.body).map((v) => ({ version: v.date, fields: bodyFields(description, v.body!) })),
          },
  };
}

function describeText(doc: ReturnType<typeof describeOperation>): string {
  const lines = [`${doc.operationId}${doc.alias ? ` (also ${doc.alias})` : ''}: ${doc.summary}${doc.deprecated ? ' [deprecated]' : ''}`, `${doc.method} ${doc.path}`, `tags: ${doc.tags.join(', ')}`];
  lines.push('', 'parameters:');
  for (const p of doc.parameters) {
    const flag = p.flag ?? '(from the profile or --project-id)';
    const extra = [p.type, p.required ? 'required' : '', p.repeatable ? 'repeatable' : '', p.enum ? `one of ${p.enum.join('|')}` : ''].filter(Boolean).join(', ');
    lines.push(`  ${flag}  ${p.in} ${p.name}: ${extra}`);
  }
  lines.push('', 'versions:');
  for (const v of doc.versions) lines.push(`  ${v.version}${v.sunset ? `  sunset ${v.sunset}` : ''}`);
  if (doc.answers) lines.push('', `answers ${doc.answers} bytes: give --out FILE`);
  if (doc.body) {
    for (const v of doc.body.versions) {
      lines.push('', `body at ${v.version}${doc.body.required ? ' (required)' : ''}:`);
      for (const f of v.fields) {
        const extra = [f.required ? 'required' : '', f.readOnly ? 'read-only' : '', f.enum ? `one of ${f.enum.join('|')}` : ''].filter(Boolean).join(', ');
        lines.push(`  ${f.path}: ${f.type}${extra ? `, ${extra}` : ''}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

export async function runApiDescribe(ctx: Context, name: string): Promise<void> {
  const { findOperation, loadDescription } = await import('../../api/description.js');
  const description = await loadDescription();
  const op = findOperation(description, name);
  if (!op) throw await unknownOperation(description, name);
  const doc = describeOperation(description, op);
  const shown = await ctx.outputForm('terminal-view');
  if (shown.form === 'view') {
    const { escapeControl } = await import('../../base/sanitize.js');
    ctx.io.write(escapeControl(describeText(doc), { keepLines: true }));
    return;
  }
  await ctx.output(doc);
}

/** An unknown operation name: a usage error, with the nearest names. */
export async function unknownOperation(description: Description, name: string): Promise<UsageError> {
  const { operationNames } = await import('../../api/description.js');
  const { nearestNames } = await import('../../core/nearName.js');
  const near = nearestNames(name, operationNames(description));
  const suggestion = near.length > 0 ? ` (did you mean ${near.join(' or ')}?)` : '';
  return new UsageError(`unknown operation "${name}"${suggestion}`, { hint: 'cdba api list [word] lists the operations; a path starts with /' });
}
