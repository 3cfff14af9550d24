// Whether the service said "no such cluster". Only its CLUSTER_NOT_FOUND answer says so:
// the clusters API's and the flex API's alike (as recorded: GET .../clusters/{name} and
// GET .../flexClusters/{name} of a deleted cluster both answer 404 CLUSTER_NOT_FOUND).
// Any other 404 (GROUP_NOT_FOUND for a project that does not exist, RESOURCE_NOT_FOUND for
// a path the service does not serve) is an error of its own, which keeps its exit code (4):
// apply must not plan a create, nor watch --until DELETED report DELETED, on it.
import { ApiError } from '../../base/errors.js';

export const CLUSTER_NOT_FOUND = 'CLUSTER_NOT_FOUND';

/** The service's answer that the named cluster does not exist (in the API asked). */
export function isClusterAbsent(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404 && error.errorCode === CLUSTER_NOT_FOUND;
}
