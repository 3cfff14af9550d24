// `npm run refresh-operations [-- FILE]`: builds the compact description that `cdba api
// <operationId>`, `cdba api list|describe` and the emulator's NOT_EMULATED answer read
// (src/api/description/data.ts) from the service's OpenAPI description, by default
// test/fixtures/reference/openapi/admin-api-v2-2026-08-full.json (run
// `npm run refresh-reference` first to bring a newer one in). It keeps only what the
// CLI needs: ids and their override, tags, method, path, summary, path and query
// parameters (type, enum, required), versions with their Sunset, and the request
// body schemas pruned to what validation reads. It prints the operations added,
// removed and changed against the data it replaces, and the versions that reach
// their Sunset, for the commit message. `--check` writes nothing and exits 1 when
// the data is not what the description gives.
/* global process, console, Buffer */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

const REPO = resolve(import.meta.dirname, '..');
export const DATA_FILE = join(REPO, 'src', 'api', 'description', 'data.ts');
const DEFAULT_SOURCE = join(REPO, 'test', 'fixtures', 'reference', 'openapi', 'admin-api-v2-2026-08-full.json');
const API_BASE = '/api/atlas/v2';

const refName = (ref) => ref.slice(ref.lastIndexOf('/') + 1);

/** A schema pruned to what a body check reads: type, properties, required, enum, items, maps, unions, readOnly. */
function pruneSchema(schema, used) {
  if (schema === true || schema === false) return schema;
  if (!schema || typeof schema !== 'object') return {};
  if (schema.$ref) {
    const name = refName(schema.$ref);
    used.add(name);
    return { $ref: name };
  }
  const out = {};
  if (schema.type) out.type = schema.type;
  if (Array.isArray(schema.enum)) out.enum = schema.enum;
  if (schema.readOnly === true) out.readOnly = true;
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, sub]) => [name, pruneSchema(sub, used)]));
  }
  if (Array.isArray(schema.required) && schema.required.length > 0) out.required = schema.required;
  if (schema.items) out.items = pruneSchema(schema.items, used);
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    out.additionalProperties = schema.additionalProperties === true ? true : pruneSchema(schema.additionalProperties, used);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(schema[key])) out[key] = schema[key].map((sub) => pruneSchema(sub, used));
  return out;
}

function resolveParam(description, param) {
  return param.$ref ? description.components.parameters[refName(param.$ref)] : param;
}

function paramOf(param) {
  const schema = param.schema ?? {};
  const array = schema.type === 'array';
  const item = array ? (schema.items ?? {}) : schema;
  const out = { name: param.name, in: param.in, type: item.type ?? 'string' };
  if (param.required) out.required = true;
  if (array) out.array = true;
  if (Array.isArray(item.enum)) out.enum = item.enum;
  if (param.deprecated) out.deprecated = true;
  return out;
}

/** The version of a versioned media type ('2024-08-05' or 'preview'), and its kind (json, gzip, csv). */
function mediaVersion(type) {
  const match = /^application\/vnd\.atlas\.(\d{4}-\d{2}-\d{2}|preview)\+(\w+)$/.exec(type);
  return match ? { version: match[1], kind: match[2] } : undefined;
}

/** The compact description of an OpenAPI document. */
export function compact(description) {
  const used = new Set();
  const operations = [];
  for (const [fullPath, item] of Object.entries(description.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])]
        .map((p) => resolveParam(description, p))
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map(paramOf);
      const versions = new Map();
      const kinds = new Set();
      for (const [code, answer] of Object.entries(op.responses ?? {})) {
        if (!code.startsWith('2')) continue;
        const resolved = answer.$ref ? description.components.responses[refName(answer.$ref)] : answer;
        for (const [type, media] of Object.entries(resolved.content ?? {})) {
          const at = mediaVersion(type);
          if (!at) continue;
          kinds.add(at.kind);
          const entry = versions.get(at.version) ?? { date: at.version };
          if (media['x-sunset']) entry.sunset = media['x-sunset'];
          versions.set(at.version, entry);
        }
      }
      let bodyRequired = false;
      if (op.requestBody) {
        const body = op.requestBody.$ref ? description.components.requestBodies[refName(op.requestBody.$ref)] : op.requestBody;
        bodyRequired = body.required === true;
        for (const [type, media] of Object.entries(body.content ?? {})) {
          const at = mediaVersion(type);
          if (!at) continue;
          const entry = versions.get(at.version) ?? { date: at.version };
          entry.body = pruneSchema(media.schema ?? {}, used);
          if (media['x-sunset'] && !entry.sunset) entry.sunset = media['x-sunset'];
          versions.set(at.version, entry);
        }
      }
      const path = fullPath.startsWith(API_BASE) ? fullPath.slice(API_BASE.length) || '/' : fullPath;
      const out = {
        id: op.operationId,
        ...(op['x-xgen-operation-id-override'] && op['x-xgen-operation-id-override'] !== op.operationId ? { alias: op['x-xgen-operation-id-override'] } : {}),
        method: method.toUpperCase(),
        path,
        tags: op.tags ?? [],
        summary: op.summary ?? '',
        params,
        versions: [...versions.values()].sort((a, b) => (a.date === 'preview' ? 1 : b.date === 'preview' ? -1 : a.date.localeCompare(b.date))),
      };
      if (op.requestBody) out.bodyRequired = bodyRequired;
      if (op.deprecated) out.deprecated = true;
      const binary = [...kinds].find((kind) => kind !== 'json');
      if (binary && !kinds.has('json')) out.binary = binary;
      operations.push(out);
    }
  }
  operations.sort((a, b) => a.id.localeCompare(b.id));
  // Every schema a body reaches, closed over references.
  const schemas = {};
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop();
    if (name in schemas) continue;
    const more = new Set();
    schemas[name] = pruneSchema(description.components.schemas[name] ?? {}, more);
    for (const next of more) if (!(next in schemas)) pending.push(next);
  }
  const sorted = Object.fromEntries(Object.keys(schemas).sort().map((name) => [name, schemas[name]]));
  return { format: 1, title: description.info?.title ?? '', apiVersion: description.info?.version ?? '', operations, schemas: sorted };
}

export function dataModule(data, sourceText) {
  const text = JSON.stringify(data);
  const sha = createHash('sha256').update(sourceText).digest('hex');
  const packed = brotliCompressSync(Buffer.from(text, 'utf8'), { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } }).toString('base64');
  const kb = (length) => `${Math.round(length / 1000)} KB`;
  return [
    '// Generated by `npm run refresh-operations` (scripts/refresh-operations.mjs) from the service\'s',
    `// OpenAPI description (sha256 ${sha}); do not edit. The compact form that`,
    `// src/api/description.ts reads: one JSON text of ${text.length} bytes, Brotli-compressed and in base64.`,
    '// Every run of the CLI reads the whole bundle this is part of, and the executable\'s snapshot',
    `// holds it: ${kb(packed.length)} there, against ${kb(text.length)} as the JSON text (test/bench/RESULTS.md).`,
    `export const DESCRIPTION_BROTLI = ${JSON.stringify(packed)};`,
    '',
  ].join('\n');
}

export function readData(file = DATA_FILE) {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const match = /export const DESCRIPTION_BROTLI = "([A-Za-z0-9+/=]*)";\n/.exec(text);
  return match ? JSON.parse(brotliDecompressSync(Buffer.from(match[1], 'base64')).toString('utf8')) : undefined;
}

/** What changed between two compact descriptions, in lines for a commit message. */
export function changes(before, after, today = new Date().toISOString().slice(0, 10)) {
  const lines = [];
  const byId = (data) => new Map((data?.operations ?? []).map((op) => [op.id, op]));
  const old = byId(before);
  const now = byId(after);
  const added = [...now.keys()].filter((id) => !old.has(id));
  const removed = [...old.keys()].filter((id) => !now.has(id));
  const changed = [];
  for (const [id, op] of now) {
    const was = old.get(id);
    if (!was) continue;
    const what = [];
    if (was.method !== op.method || was.path !== op.path) what.push(`${was.method} ${was.path} -> ${op.method} ${op.path}`);
    const params = (o) => JSON.stringify(o.params);
    if (params(was) !== params(op)) what.push('parameters');
    const dates = (o) => o.versions.map((v) => v.date).join(',');
    if (dates(was) !== dates(op)) what.push(`versions ${dates(was)} -> ${dates(op)}`);
    const bodies = (o) => JSON.stringify(o.versions.map((v) => v.body ?? null));
    if (bodies(was) !== bodies(op)) what.push('request body');
    if (was.alias !== op.alias) what.push(`override ${was.alias ?? '-'} -> ${op.alias ?? '-'}`);
    if (what.length > 0) changed.push(`${id}: ${what.join('; ')}`);
  }
  lines.push(`operations: ${now.size} (${added.length} added, ${removed.length} removed, ${changed.length} changed)`);
  for (const id of added) lines.push(`  added   ${id} (${now.get(id).method} ${now.get(id).path})`);
  for (const id of removed) lines.push(`  removed ${id} (${old.get(id).method} ${old.get(id).path})`);
  for (const line of changed) lines.push(`  changed ${line}`);
  // Sunsets: newly announced, and those passed or within a year of today.
  const sunsets = (op) => op.versions.filter((v) => v.sunset).map((v) => [v.date, v.sunset]);
  const announced = [];
  const due = [];
  for (const [id, op] of now) {
    const was = old.get(id);
    for (const [date, sunset] of sunsets(op)) {
      if (!was || !was.versions.some((v) => v.date === date && v.sunset === sunset)) announced.push(`  sunset announced ${id} ${date}: ${sunset}`);
      const days = Math.round((Date.parse(`${sunset}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
      if (days <= 365) due.push(`  ${days <= 0 ? 'sunset passed' : `sunset in ${days} days`} ${id} ${date}: ${sunset}`);
    }
  }
  lines.push(...announced, ...due.sort());
  return lines;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const source = resolve(args.find((a) => !a.startsWith('--')) ?? DEFAULT_SOURCE);
  if (!existsSync(source)) {
    console.error(`refresh-operations: ${source} does not exist; name the description: npm run refresh-operations -- FILE`);
    process.exit(2);
  }
  const sourceText = readFileSync(source, 'utf8');
  const data = compact(JSON.parse(sourceText));
  const before = readData();
  const text = dataModule(data, sourceText);
  if (check) {
    // The data, not the bytes: another zlib may compress the same text differently.
    const current = existsSync(DATA_FILE) ? readFileSync(DATA_FILE, 'utf8') : '';
    if (current.split('\n', 2)[1] !== text.split('\n', 2)[1] || JSON.stringify(before) !== JSON.stringify(data)) {
      console.error(`refresh-operations: ${relative(REPO, DATA_FILE)} is not what ${relative(REPO, source)} gives: run npm run refresh-operations`);
      process.exit(1);
    }
    process.exit(0);
  }
  writeFileSync(DATA_FILE, text);
  console.log(`refresh-operations: ${relative(REPO, DATA_FILE)} from ${relative(REPO, source)} (${Math.round(text.length / 1024)} KiB)`);
  for (const line of changes(before, data)) console.log(line);
}
