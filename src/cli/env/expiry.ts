// When an env ends. `env up --ttl` (and `env extend`) set one date on all three
// things: the cluster's tag cdba-env-expires (a cluster up made; one it reused is
// never changed), the user's and the entry's deleteAfterDate, which the service
// acts on by itself. Judging whether an env has ended (env list --expired, env gc)
// uses the service's clock, the Date header of its answers, not this machine's.
import type { ApiResponse } from '../../api/client.js';
import type { Cluster } from '../../api/resources/clusters.js';
import { mergeTags } from '../clusters/public.js';
import type { ClusterLocator } from '../clusters/public.js';
import { clusterExpiry, ENV_EXPIRES_KEY, serviceTime } from './names.js';

/**
 * Sets the cluster's cdba-env-expires tag to `expires` when that is later than the
 * tag's date (or it has none): a run with a shorter ttl never shortens an env. Its
 * other tags are kept (a PATCH of tags replaces the list). Answers the document
 * after the change, or undefined when nothing was sent.
 */
export async function extendClusterExpiry(locator: ClusterLocator, cluster: Cluster, expires: string, progress?: { changed: boolean }): Promise<Cluster | undefined> {
  const current = clusterExpiry(cluster);
  if (current !== undefined && current >= serviceTime(expires)!) return undefined;
  if (progress) progress.changed = true;
  const body: Cluster = { tags: Array.isArray(cluster.tags) ? structuredClone(cluster.tags) : [] };
  mergeTags(body, [[ENV_EXPIRES_KEY, expires]]);
  const { updateCluster } = await import('../../api/resources/clusters.js');
  const { updateFlexCluster } = await import('../../api/resources/flexClusters.js');
  const { clusterDocument } = await import('../clusters/public.js');
  return clusterDocument(
    await locator.call(
      () => updateCluster(locator.client, locator.projectId, locator.name, body),
      () => updateFlexCluster(locator.client, locator.projectId, locator.name, body),
    ),
  );
}

/** The service's now from an answer's Date header (whole seconds), or undefined when it sent none. */
export function serviceNowOf(response: ApiResponse<unknown>): number | undefined {
  const header = response.headers.date;
  const ms = Date.parse((Array.isArray(header) ? header[0] : header) ?? '');
  return Number.isNaN(ms) ? undefined : ms;
}

/** "45s", "12m", "4h05m", "3d04h": an age or a time left, to the unit that matters. */
export function shortDuration(ms: number): string {
  const s = Math.floor(Math.abs(ms) / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h${String(m % 60).padStart(2, '0')}m`;
  return `${Math.floor(h / 24)}d${String(h % 24).padStart(2, '0')}h`;
}
