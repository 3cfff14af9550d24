// Whether the service's answer says the thing asked for is not there: a user, an entry, a
// cluster, a snapshot, an index that env up, down, extend and gc skip or make again. Any 404
// but the one that names the project (GROUP_NOT_FOUND, as recorded: "No group with ID %s
// exists."): that one says the whole project is missing, which is an error of its own (exit
// 4), never "already removed" or "make it". The codes each resource answers with are not all
// recorded, so the rule excludes the one known not to mean the thing, rather than listing
// the ones that do.
import { ApiError } from '../../base/errors.js';

export const GROUP_NOT_FOUND = 'GROUP_NOT_FOUND';

export function isGone(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404 && error.errorCode !== GROUP_NOT_FOUND;
}
