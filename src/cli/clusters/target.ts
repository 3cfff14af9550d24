// What every clusters verb needs before its first request: a checked name,
// the project, and the version (hence the body shape) clusters are called at.
import type { ApiClient, ApiResponse } from '../../api/client.js';
import type { Cluster } from '../../api/resources/clusters.js';
import { InvalidResponseError } from '../../api/errors.js';
import { selectVersion, type OperationName } from '../../api/versions.js';
import type { Context } from '../../core/context.js';
import { UsageError } from '../../base/errors.js';
import { isValidClusterName } from '../../model/catalog.js';
import type { ClusterShape } from '../../model/clusterFields.js';
import { shapeForVersion } from '../../model/clusterShapes.js';

export interface ClusterVersion {
  /** 'v1.0' or the resource version date the calls are made at, e.g. '2023-02-01'. */
  version: string;
  /** legacy for v1.0 and 2023-01-01; modern (regionConfigs) for 2023-02-01; perShard from 2024-08-05. */
  shape: ClusterShape;
}

export interface ClusterTarget extends ClusterVersion {
  client: ApiClient;
  projectId: string;
}

/** Names: letters, digits and hyphens, at most 64, not starting or ending with a hyphen. */
export function checkClusterName(name: string): void {
  if (isValidClusterName(name)) return;
  const why =
    name.length > 64
      ? 'it is longer than 64 characters'
      : name.endsWith('-') || name.startsWith('-')
        ? 'it may not start or end with a hyphen'
        : name === ''
          ? 'it is empty'
          : 'use only ASCII letters, digits and hyphens';
  throw new UsageError(`invalid cluster name "${name}": ${why}`);
}

/** The version (hence body shape) one clusters operation is called at: reads and writes may differ. */
export async function clusterVersion(ctx: Context, operation: OperationName = 'clusters.update'): Promise<ClusterVersion> {
  const selection = selectVersion(operation, (await ctx.settings()).apiVersion);
  const version = selection.base === 'v1.0' ? 'v1.0' : selection.version;
  return { version, shape: shapeForVersion(version) };
}

export async function clusterTarget(ctx: Context, operation: OperationName = 'clusters.update'): Promise<ClusterTarget> {
  const version = await clusterVersion(ctx, operation);
  const projectId = await ctx.projectId();
  return { ...version, projectId, client: await ctx.api() };
}

/** The cluster in a 2xx answer; anything but a JSON object is a damaged answer (exit 7). */
export function clusterDocument(response: ApiResponse<Cluster>): Cluster {
  const body: unknown = response.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new InvalidResponseError(`expected a cluster document from ${response.url}`, { hint: 'retry later; if it persists, check the base URL' });
  }
  return body as Cluster;
}
