// An index definition from the user, checked before any request (src/model/searchIndex.ts),
// for search-indexes create and update and env up --search-index:
// from a file (the bare definition, or a whole create request as the Atlas CLI's files
// are), from --dynamic, or from --field path:dimensions:similarity. A mistake is one
// line naming the file and the field's JSON path, not the service's opaque error.
import { UsageError } from '../../base/errors.js';
import { isObject } from '../../base/object.js';
import type { IO } from '../../base/io.js';
import { asFlag, checkIndexNames, type IndexNames } from './indexRef.js';
import { INDEX_TYPES, MAX_DIMENSIONS, VECTOR_SIMILARITIES, checkCreateRequest, checkDefinition, problemLine, type IndexType } from '../../model/searchIndex.js';

export interface IndexRequest {
  database: string;
  collectionName: string;
  name: string;
  type: IndexType;
  definition: Record<string, unknown>;
}

/** The names a command's flags give (they win over a file's). */
export interface NameFlags {
  db?: string | undefined;
  collection?: string | undefined;
  name?: string | undefined;
  type?: IndexType | undefined;
}

const REQUEST_KEYS = ['database', 'collectionName', 'name', 'type', 'definition'];

/** A file is a whole request when it has a definition or names what it indexes. */
export function isRequest(doc: Record<string, unknown>): boolean {
  return doc.definition !== undefined || ['database', 'collectionName', 'name'].some((key) => doc[key] !== undefined);
}

/** A bare definition's type, when no flag or request says it: vector fields without mappings are a vectorSearch index. */
export function guessType(definition: Record<string, unknown>): IndexType {
  return Array.isArray(definition.fields) && definition.mappings === undefined ? 'vectorSearch' : 'search';
}

/** --field path:dimensions:similarity, one vector field. */
export function vectorFieldFlag(value: string, previous: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  const parts = value.split(':');
  const refuse = (why: string): never => {
    throw new UsageError(`invalid --field "${value}": ${why}; give path:dimensions:similarity, e.g. plot_embedding:1536:cosine`);
  };
  if (parts.length < 3) refuse('three parts separated by ":"');
  const similarity = parts.pop()!;
  const dimensions = parts.pop()!;
  const path = parts.join(':');
  if (path === '') refuse('the path is empty');
  if (!/^\d+$/.test(dimensions) || Number(dimensions) < 1 || Number(dimensions) > MAX_DIMENSIONS) refuse(`dimensions must be a whole number from 1 to ${MAX_DIMENSIONS}`);
  const known = VECTOR_SIMILARITIES.find((s) => s.toLowerCase() === similarity.toLowerCase());
  if (!known) refuse(`similarity must be one of ${VECTOR_SIMILARITIES.join(', ')}`);
  return [...previous, { type: 'vector', path, numDimensions: Number(dimensions), similarity: known }];
}

/** Reads a JSON object file (`-`: stdin): the bare definition or a whole request. */
export async function readDefinitionFile(io: IO, file: string, flag = '--file'): Promise<{ source: string; doc: Record<string, unknown> }> {
  const { readJsonObject } = await import('../../core/input.js');
  return { source: file === '-' ? 'stdin' : file, doc: await readJsonObject(io, file, flag) };
}

function refuse(source: string, line: string, hint?: string): never {
  throw new UsageError(`${source}: ${line}`, hint ? { hint } : undefined);
}

/**
 * The create request from a file, with the flags' names over the file's (each
 * difference said through `note`, once the request is known to be sendable).
 */
export function requestFromFile(source: string, doc: Record<string, unknown>, flags: NameFlags, notes: string[]): IndexRequest {
  if (!isRequest(doc)) {
    const type = flags.type ?? guessType(doc);
    const problem = checkDefinition(type, doc);
    if (problem) refuse(source, problemLine(problem), type === 'search' && Array.isArray(doc.fields) ? 'a vector search definition? give --type vectorSearch' : undefined);
    return { ...names(source, {}, flags), type, definition: doc };
  }
  const unknown = Object.keys(doc).find((key) => !REQUEST_KEYS.includes(key));
  if (unknown !== undefined) refuse(source, `$.${unknown}: unknown field of a create request (allowed: ${REQUEST_KEYS.join(', ')}); a bare definition has no database, collectionName or name`);
  const merged: Record<string, unknown> & { database: string; collectionName: string; name: string } = { ...doc, ...names(source, doc, flags, notes), ...(flags.type ? { type: flags.type } : {}) };
  if (flags.type && doc.type !== undefined && doc.type !== flags.type) notes.push(`cdba: ${source} says type ${JSON.stringify(doc.type)}; --type makes it ${flags.type}`);
  const problem = checkCreateRequest(merged);
  if (problem) refuse(source, problemLine(problem));
  return { database: merged.database, collectionName: merged.collectionName, name: merged.name, type: (merged.type as IndexType | undefined) ?? 'search', definition: merged.definition as Record<string, unknown> };
}

/** database, collectionName and name: the flags', else the file's; one missing from both is a usage error. */
function names(source: string, doc: Record<string, unknown>, flags: NameFlags, notes?: string[]): IndexNames {
  const pick = (key: 'database' | 'collectionName' | 'name', flag: string | undefined, option: string): string => {
    const given = doc[key];
    if (flag !== undefined) {
      if (given !== undefined && given !== flag) notes?.push(`cdba: ${source} says ${key} ${JSON.stringify(given)}; ${option} makes it "${flag}"`);
      return flag;
    }
    if (typeof given === 'string' && given !== '') return given;
    throw new UsageError(`${option} is required${isObject(doc) && Object.keys(doc).length ? ` (${source} has no ${key})` : ''}`, { hint: `give ${option}, or put "${key}" beside "definition" in the file` });
  };
  const picked = { database: pick('database', flags.db, '--db'), collectionName: pick('collectionName', flags.collection, '--collection'), name: pick('name', flags.name, '--name') };
  // What the service's naming rules refuse, refused here: each said where it came from (the flag, or the file's field).
  const given: Record<keyof IndexNames, string | undefined> = { database: flags.db, collectionName: flags.collection, name: flags.name };
  checkIndexNames(picked, (key) => (given[key] !== undefined ? asFlag(key) : `${source}: $.${key}`));
  return picked;
}

/** The definition an update sends, from a file holding it bare, as {"definition": ...}, or as a whole create request. */
export function definitionFromFile(source: string, doc: Record<string, unknown>, type: IndexType | undefined): { type: IndexType; definition: Record<string, unknown> } {
  if (!isRequest(doc)) {
    const kind = type ?? guessType(doc);
    const problem = checkDefinition(kind, doc);
    if (problem) refuse(source, problemLine(problem), kind === 'search' && Array.isArray(doc.fields) ? 'a vector search definition? give --type vectorSearch' : undefined);
    return { type: kind, definition: doc };
  }
  const kind = type ?? (typeof doc.type === 'string' ? (INDEX_TYPES as readonly string[]).includes(doc.type) ? (doc.type as IndexType) : undefined : undefined) ?? (isObject(doc.definition) ? guessType(doc.definition) : 'search');
  if (doc.definition === undefined) refuse(source, '$.definition: required: the index definition');
  const problem = checkDefinition(kind, doc.definition, '$.definition');
  if (problem) refuse(source, problemLine(problem));
  return { type: kind, definition: doc.definition as Record<string, unknown> };
}
