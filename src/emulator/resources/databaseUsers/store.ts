// The database users' part of the world (world.databaseUsers): every project's users in
// creation order. A user past its deleteAfterDate is gone, as the service deletes it then.
import type { Store } from '../../contract.js';
import { isExpired, type DatabaseUserDocument } from './model.js';

declare module '../../contract.js' {
  interface World {
    /** Absent in state files written before database users existed. */
    databaseUsers?: DatabaseUserDocument[];
  }
}

/** The project's users in creation order, at the service's `now` (ms). */
export function databaseUsers(store: Store, projectId: string, now: number): DatabaseUserDocument[] {
  const { world } = store;
  const all = (world.databaseUsers ??= []);
  if (all.some((user) => isExpired(user, now))) world.databaseUsers = all.filter((user) => !isExpired(user, now));
  return world.databaseUsers.filter((user) => user.groupId === projectId);
}

export function databaseUser(store: Store, projectId: string, databaseName: string, username: string, now: number): DatabaseUserDocument | undefined {
  return databaseUsers(store, projectId, now).find((user) => user.databaseName === databaseName && user.username === username);
}

/** Adds a user, or puts a changed one in the place of the one it replaces. */
export function putDatabaseUser(store: Store, user: DatabaseUserDocument, replacing?: DatabaseUserDocument): void {
  const all = (store.world.databaseUsers ??= []);
  const at = replacing ? all.indexOf(replacing) : -1;
  if (at >= 0) all[at] = user;
  else all.push(user);
}

export function removeDatabaseUser(store: Store, user: DatabaseUserDocument): void {
  store.world.databaseUsers = (store.world.databaseUsers ?? []).filter((other) => other !== user);
}
