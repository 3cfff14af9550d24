// The search indexes in the table of operations: paths, methods and versions, as the
// service's description of 2026-08-21 cut to them has them
// (admin-api-v2-2026-08-search-subset.json).
//
// One resource, searchIndexes, for both families of paths: the recordings count them
// against one limit (RateLimit-Remaining falls by one across /search and /fts calls).
// - /search/indexes at 2024-05-30: search and vectorSearch definitions alike, an index
//   named by its id or by database, collection and name.
// - /fts/indexes at 2023-01-01: deprecated as a whole by the description; the live
//   service still answers them (the Atlas CLI calls them for some verbs), with
//   Deprecation: the current paths' release (recorded) and Sunset 2027-07-01. No
//   command calls them (passthrough): `cdba versions` does not count them as sent.
// Served only in the versioned API (the description has no v1.0 path for them).
import type { ResourceOperations } from './entry.js';

const SEARCH = '/groups/{groupId}/clusters/{clusterName}/search/indexes';
const FTS = '/groups/{groupId}/clusters/{clusterName}/fts/indexes';
const CURRENT = [{ date: '2024-05-30' }] as const;
const DEPRECATED = [{ date: '2023-01-01', deprecation: 'Thu, 30 May 2024 00:00:00 GMT', sunset: 'Thu, 1 Jul 2027 00:00:00 GMT' }] as const;

export const searchIndexes = {
  'searchIndexes.list': { method: 'GET', path: SEARCH, versions: CURRENT, v2Only: true },
  'searchIndexes.create': { method: 'POST', path: SEARCH, versions: CURRENT, v2Only: true },
  'searchIndexes.listByCollection': { method: 'GET', path: `${SEARCH}/{databaseName}/{collectionName}`, versions: CURRENT, v2Only: true },
  'searchIndexes.get': { method: 'GET', path: `${SEARCH}/{indexId}`, versions: CURRENT, v2Only: true },
  'searchIndexes.update': { method: 'PATCH', path: `${SEARCH}/{indexId}`, versions: CURRENT, v2Only: true },
  'searchIndexes.delete': { method: 'DELETE', path: `${SEARCH}/{indexId}`, versions: CURRENT, v2Only: true },
  'searchIndexes.getByName': { method: 'GET', path: `${SEARCH}/{databaseName}/{collectionName}/{indexName}`, versions: CURRENT, v2Only: true },
  'searchIndexes.updateByName': { method: 'PATCH', path: `${SEARCH}/{databaseName}/{collectionName}/{indexName}`, versions: CURRENT, v2Only: true },
  'searchIndexes.deleteByName': { method: 'DELETE', path: `${SEARCH}/{databaseName}/{collectionName}/{indexName}`, versions: CURRENT, v2Only: true },
  'searchIndexes.ftsCreate': { method: 'POST', path: FTS, versions: DEPRECATED, deprecated: true, v2Only: true, passthrough: true },
  'searchIndexes.ftsList': { method: 'GET', path: `${FTS}/{databaseName}/{collectionName}`, versions: DEPRECATED, deprecated: true, v2Only: true, passthrough: true },
  'searchIndexes.ftsGet': { method: 'GET', path: `${FTS}/{indexId}`, versions: DEPRECATED, deprecated: true, v2Only: true, passthrough: true },
  'searchIndexes.ftsUpdate': { method: 'PATCH', path: `${FTS}/{indexId}`, versions: DEPRECATED, deprecated: true, v2Only: true, passthrough: true },
  'searchIndexes.ftsDelete': { method: 'DELETE', path: `${FTS}/{indexId}`, versions: DEPRECATED, deprecated: true, v2Only: true, passthrough: true },
} as const satisfies ResourceOperations<'searchIndexes'>;
