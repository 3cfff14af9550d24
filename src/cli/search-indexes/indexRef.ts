// How a search index is named on the command line, and the names the service takes:
// `<db>.<collection>/<name>` (or the index's 24-hex id), parsed and printed here only,
// so that every reference cdba prints names the index it came from (issue 42, item 8).
//
// The form is unambiguous because of the naming rules, which are checked before any
// request (UsageError, exit 2):
//   - a database name holds no `.` (MongoDB's rule), so the database ends at the FIRST dot;
//   - an index name holds no `/` (cdba's rule: the service names an index in its URL path,
//     and the reference form names it after a slash), so the name starts after the LAST slash;
//   - the collection, between them, may hold dots and slashes, as MongoDB allows.
// MongoDB's rules (those of the Linux servers the service runs; src/mongo/db/namespace_string):
//   database: not empty, none of / \ . space " $ and the null character, under 64 bytes;
//   collection: not empty, not starting with `.`, no `$` or null character, and
//   `<db>.<collection>` at most 255 bytes.
import type { IndexRef } from '../../api/resources/searchIndexes.js';
import { UsageError } from '../../base/errors.js';

/** The names of one index, as a create request and an index document hold them. */
export interface IndexNames {
  database: string;
  collectionName: string;
  name: string;
}

/** The longest database name, in bytes (MongoDB: "less than 64 bytes"). */
export const MAX_DATABASE_BYTES = 63;
/** The longest namespace, `<db>.<collection>`, in bytes. */
export const MAX_NAMESPACE_BYTES = 255;

const DATABASE_FORBIDDEN = ['/', '\\', '.', ' ', '"', '$', '\0'];
const COLLECTION_FORBIDDEN = ['$', '\0'];
const INDEX_FORBIDDEN = ['/', '\0'];

const bytes = (text: string): number => new TextEncoder().encode(text).length;

function character(c: string): string {
  if (c === ' ') return 'a space';
  if (c === '\0') return 'a null character';
  return `"${c}"`;
}

const forbidden = (name: string, set: string[]): string | undefined => set.find((c) => name.includes(c));

/** Why MongoDB refuses this database name, or undefined. */
export function databaseNameProblem(name: string): string | undefined {
  if (name === '') return 'a database name cannot be empty';
  const bad = forbidden(name, DATABASE_FORBIDDEN);
  if (bad !== undefined) return `a database name cannot contain ${character(bad)}`;
  const size = bytes(name);
  if (size > MAX_DATABASE_BYTES) return `a database name is at most ${MAX_DATABASE_BYTES} bytes (this one is ${size})`;
  return undefined;
}

/** Why MongoDB refuses this collection name (in that database), or undefined. */
export function collectionNameProblem(name: string, database?: string): string | undefined {
  if (name === '') return 'a collection name cannot be empty';
  if (name.startsWith('.')) return 'a collection name cannot start with "."';
  const bad = forbidden(name, COLLECTION_FORBIDDEN);
  if (bad !== undefined) return `a collection name cannot contain ${character(bad)}`;
  if (database !== undefined) {
    const size = bytes(`${database}.${name}`);
    if (size > MAX_NAMESPACE_BYTES) return `database.collection is at most ${MAX_NAMESPACE_BYTES} bytes (this one is ${size})`;
  }
  return undefined;
}

/** Why an index name cannot be used, or undefined. */
export function indexNameProblem(name: string): string | undefined {
  if (name === '') return 'an index name cannot be empty';
  const bad = forbidden(name, INDEX_FORBIDDEN);
  if (bad === '/') return 'an index name cannot contain "/" (it is named as database.collection/name, and in the URL path)';
  if (bad !== undefined) return `an index name cannot contain ${character(bad)}`;
  if (name === '.' || name === '..') return `an index name cannot be "${name}" (a name in a URL path)`;
  return undefined;
}

/** The first problem of the three names, with the key it is about. */
export function indexNamesProblem(names: IndexNames): { key: keyof IndexNames; problem: string } | undefined {
  const database = databaseNameProblem(names.database);
  if (database !== undefined) return { key: 'database', problem: database };
  const collection = collectionNameProblem(names.collectionName, names.database);
  if (collection !== undefined) return { key: 'collectionName', problem: collection };
  const name = indexNameProblem(names.name);
  if (name !== undefined) return { key: 'name', problem: name };
  return undefined;
}

/**
 * Refuses names the service would refuse, before any request (exit 2). `where` starts
 * the line and says where the name came from: `invalid --db`, or `index.json: $.database`.
 */
export function checkIndexNames(names: IndexNames, where: (key: keyof IndexNames) => string): void {
  const found = indexNamesProblem(names);
  if (found) throw new UsageError(`${where(found.key)} ${JSON.stringify(names[found.key])}: ${found.problem}`);
}

/** `where` for names given as flags: `invalid --db`. */
export const asFlag = (key: keyof IndexNames): string => `invalid ${NAME_FLAGS[key]}`;

/** The flags of a command that names a collection (list, create). */
export const NAME_FLAGS: Readonly<Record<keyof IndexNames, string>> = { database: '--db', collectionName: '--collection', name: '--name' };

/** --db and --collection, as the service's naming rules take them (exit 2 otherwise). */
export function checkNamespaceFlags(database: string, collectionName: string): void {
  const refuse = (flag: string, value: string, problem: string): never => {
    throw new UsageError(`invalid ${flag} ${JSON.stringify(value)}: ${problem}`);
  };
  const db = databaseNameProblem(database);
  if (db !== undefined) refuse('--db', database, db);
  const collection = collectionNameProblem(collectionName, database);
  if (collection !== undefined) refuse('--collection', collectionName, collection);
}

const INDEX_ID = /^[0-9a-f]{24}$/;

/**
 * `<index>`: its 24-hex id, or `db.collection/name`: the database ends at the first dot,
 * the name starts after the last slash; each name is checked as the service would.
 */
export function parseIndexRef(text: string): IndexRef {
  if (INDEX_ID.test(text)) return { indexId: text };
  const dot = text.indexOf('.');
  const slash = text.lastIndexOf('/');
  if (dot > 0 && slash > dot + 1) {
    const names = { database: text.slice(0, dot), collectionName: text.slice(dot + 1, slash), name: text.slice(slash + 1) };
    const found = indexNamesProblem(names);
    if (found) throw new UsageError(`invalid index ${JSON.stringify(text)}: ${found.problem}; give its id (24 hex digits) or database.collection/name`);
    return { databaseName: names.database, collectionName: names.collectionName, indexName: names.name };
  }
  throw new UsageError(`invalid index ${JSON.stringify(text)}: give its id (24 hex digits) or database.collection/name, e.g. sample_mflix.movies/default`);
}

/** How messages and hints name the index: the form parseIndexRef reads back as the same index. */
export function formatIndexRef(ref: IndexRef): string {
  return 'indexId' in ref ? ref.indexId : `${ref.databaseName}.${ref.collectionName}/${ref.indexName}`;
}

/**
 * An index document as the other verbs take it: `db.collection/name` when that names it
 * (its names follow the rules), else its id (a name the reference form cannot carry, say
 * one with a slash made elsewhere, is never printed as a reference to another index).
 */
export function indexRefOf(doc: Record<string, unknown>): string {
  const { database, collectionName, name, indexID } = doc;
  if (typeof database === 'string' && typeof collectionName === 'string' && typeof name === 'string' && !indexNamesProblem({ database, collectionName, name })) {
    return formatIndexRef({ databaseName: database, collectionName, indexName: name });
  }
  if (typeof indexID === 'string' && INDEX_ID.test(indexID)) return indexID;
  return `${String(database)}.${String(collectionName)}/${String(name)}`;
}
