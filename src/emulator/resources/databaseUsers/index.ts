// The database users module (contract.ts): its operations at 2023-01-01, its seed key
// (create bodies, checked as a create is, without the password), its part of the world.
import { UsageError } from '../../../base/errors.js';
import { isObject } from '../../../base/object.js';
import type { ResourceModule } from '../../contract.js';
import { OBJECT_ID, type Problems } from '../../seedChecks.js';
import { seedProjectIds } from '../projects/index.js';
import { createDatabaseUser, deleteDatabaseUser, getDatabaseUser, listDatabaseUsers, patchDatabaseUser, USER_READ_ONLY } from './handlers.js';
import { checkCreateBody } from './model.js';
import { shape as S } from '../../stateChecks.js';

export interface SeedDatabaseUser {
  projectId: string;
  /** A create body (CloudDatabaseUser); a password, if given, is checked and not kept. */
  user: Record<string, unknown>;
}

declare module '../../contract.js' {
  interface SeedDocument {
    databaseUsers?: SeedDatabaseUser[];
  }
}

function checkSeed(doc: Record<string, unknown>, problems: Problems): void {
  const list = doc.databaseUsers;
  if (list === undefined) return;
  if (!Array.isArray(list)) return problems.add('databaseUsers', 'must be an array');
  const projectIds = seedProjectIds(doc);
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    const at = `databaseUsers[${i}]`;
    if (!isObject(entry)) return problems.add(at, 'must be an object {projectId, user}');
    problems.onlyKeys(at, entry, ['projectId', 'user']);
    if (problems.string(`${at}.projectId`, entry.projectId, OBJECT_ID, 'a 24-hex project id') && !projectIds.has(entry.projectId)) {
      problems.add(`${at}.projectId`, `"${entry.projectId}" is not one of the seed's projects`);
    }
    if (!isObject(entry.user)) return problems.add(`${at}.user`, 'must be a database user create body (object)');
    // groupId may be left out: the entry's projectId says it.
    const body = { groupId: entry.projectId, ...entry.user };
    const result = checkCreateBody(body, { groupId: String(entry.projectId), requirePassword: false });
    if ('problem' in result) return problems.add(`${at}.user.${result.problem.field}`, result.problem.code);
    const key = `${String(entry.projectId)}/${result.user.databaseName}/${result.user.username}`;
    if (seen.has(key)) problems.add(`${at}.user.username`, `duplicate user ${result.user.username} in project ${String(entry.projectId)}`);
    seen.add(key);
  });
}

export const databaseUsers: ResourceModule = {
  name: 'databaseUsers',
  rateLimitPerMinute: 10_000, // recorded
  // Database users are the project owner's (Project Database Access Admin's) to change, not a cluster manager's.
  operations: {
    'databaseUsers.list': { handler: listDatabaseUsers, action: 'read' },
    'databaseUsers.create': { handler: createDatabaseUser, action: 'writeProject', readOnly: USER_READ_ONLY },
    'databaseUsers.get': { handler: getDatabaseUser, action: 'read' },
    'databaseUsers.update': { handler: patchDatabaseUser, action: 'writeProject', readOnly: USER_READ_ONLY },
    'databaseUsers.delete': { handler: deleteDatabaseUser, action: 'writeProject' },
  },
  seed: { keys: ['databaseUsers'], check: checkSeed },
  state: {
    shape: { databaseUsers: S.optional(S.array(S.object({ username: 'string', databaseName: 'string', groupId: 'string', roles: S.optional(S.array('any')) }))) },
    fromSeed: (world, seed) => {
      world.databaseUsers = (seed.databaseUsers ?? []).map((entry) => {
        const result = checkCreateBody({ groupId: entry.projectId, ...entry.user }, { groupId: entry.projectId, requirePassword: false });
        // validateSeed already ran the same check.
        if ('problem' in result) throw new UsageError(`seed database user: ${result.problem.code} ${result.problem.field}`);
        return result.user;
      });
    },
  },
};
