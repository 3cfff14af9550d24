// The database users' handlers: list, create, get, patch, delete under
// /groups/{groupId}/databaseUsers[/{databaseName}/{username}], at 2023-01-01.
// Passwords are checked and never kept or answered. A user past its
// deleteAfterDate is gone, measured on the service's clock (context.ts serviceNow:
// under --date, that day or time, running on).
import { apiRoot, serviceNow } from '../../context.js';
import type { Handler, ReadOnlyFields, RequestContext } from '../../contract.js';
import { ApiFailure, problemFailure } from '../../errors.js';
import { pageParams, paginate } from '../../pagination.js';
import { projectOf } from '../projects/index.js';
import { applyUserPatch, checkCreateBody, READ_ONLY, renderUser, type DatabaseUserDocument } from './model.js';
import { databaseUser, databaseUsers, putDatabaseUser, removeDatabaseUser } from './store.js';

const failures = {
  usernameNotFound: (username: string) => new ApiFailure(404, 'USERNAME_NOT_FOUND', `No user with username ${username} exists.`, [username]),
  // No recording shows it and the description's 409 example is generic; the code is the one
  // the service's family (Ops Manager) answers for a user that exists.
  userAlreadyExists: (username: string) => new ApiFailure(409, 'USER_ALREADY_EXISTS', `A user with username ${username} already exists.`, [username]),
};

function userUrl(ctx: RequestContext, user: DatabaseUserDocument): string {
  // The live links leave $external as is and escape a `/` in the name (recorded: admin/d0123…%2Fuser-998).
  return `${apiRoot(ctx)}/groups/${user.groupId}/databaseUsers/${user.databaseName}/${encodeURIComponent(user.username)}`;
}

const render = (ctx: RequestContext, user: DatabaseUserDocument): Record<string, unknown> => renderUser(user, userUrl(ctx, user));

function findUser(ctx: RequestContext): DatabaseUserDocument {
  const { databaseName = '', username = '' } = ctx.params;
  const user = databaseUser(ctx.services.store, projectOf(ctx).id, databaseName, username, serviceNow(ctx.services));
  if (!user) throw failures.usernameNotFound(username);
  return user;
}

/** The read-only echo rule (../../readOnly.ts): a PATCH may repeat what a GET gave. */
export const USER_READ_ONLY: ReadOnlyFields = {
  fields: READ_ONLY,
  held: (ctx) => {
    const { databaseName, username } = ctx.params;
    if (databaseName === undefined || username === undefined) return undefined;
    const user = databaseUser(ctx.services.store, projectOf(ctx).id, databaseName, username, serviceNow(ctx.services));
    return user ? render(ctx, user) : undefined;
  },
};

export const listDatabaseUsers: Handler = (ctx) => {
  const page = pageParams(ctx.query);
  const users = databaseUsers(ctx.services.store, projectOf(ctx).id, serviceNow(ctx.services));
  const list = paginate(users, page, `${apiRoot(ctx)}/groups/${projectOf(ctx).id}/databaseUsers`);
  return { status: 200, body: { ...list, results: list.results.map((user) => render(ctx, user)) } };
};

export const getDatabaseUser: Handler = (ctx) => ({ status: 200, body: render(ctx, findUser(ctx)) });

export const createDatabaseUser: Handler = async (ctx) => {
  const project = projectOf(ctx);
  const { store } = ctx.services;
  const now = serviceNow(ctx.services);
  const result = checkCreateBody(ctx.body as Record<string, unknown>, { groupId: project.id, now, requirePassword: true });
  if ('problem' in result) throw problemFailure(result.problem);
  const { user } = result;
  if (databaseUser(store, project.id, user.databaseName, user.username, now)) throw failures.userAlreadyExists(user.username);
  putDatabaseUser(store, user);
  await store.commit();
  return { status: 201, body: render(ctx, user) };
};

export const patchDatabaseUser: Handler = async (ctx) => {
  const user = findUser(ctx);
  const result = applyUserPatch(user, ctx.body as Record<string, unknown>, serviceNow(ctx.services));
  if ('problem' in result) throw problemFailure(result.problem);
  putDatabaseUser(ctx.services.store, result.user, user);
  await ctx.services.store.commit();
  return { status: 200, body: render(ctx, result.user) };
};

export const deleteDatabaseUser: Handler = async (ctx) => {
  const user = findUser(ctx);
  removeDatabaseUser(ctx.services.store, user);
  await ctx.services.store.commit();
  return { status: 204, body: undefined };
};
