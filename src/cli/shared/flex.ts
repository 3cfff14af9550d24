// Flex clusters in the clusters commands (issue 26). Flex clusters live in their own
// API (src/api/flexClusters.ts); the clusters API refuses them by name with
// 400 CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API. A command that names a cluster asks the
// clusters API, and on that answer the flex API (one extra request), and remembers the
// name (src/core/flexNames.ts) so the next run goes straight there. What flex clusters
// cannot do is refused with one line, before any request when cdba already knows.
import type { ApiClient } from '../../api/client.js';
import type { Cluster } from '../../api/resources/clusters.js';
import { ApiError, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import type { FlexNames } from '../../core/flexNames.js';
import { clusterDocument } from './target.js';

const FLEX_IN_CLUSTER_API = 'CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API';

/** What flex clusters cannot do, and why, in the words of the refusal. */
export const FLEX_CANNOT = {
  pause: 'flex clusters cannot be paused or resumed',
  tier: 'a flex cluster\'s tier, storage, members and database version are fixed; only tags and termination protection can change',
  shards: 'flex clusters are replica sets; they have no shards',
  private: 'flex clusters have only the standard connection strings (no private or private-endpoint ones)',
} as const;
export type FlexLimit = keyof typeof FLEX_CANNOT;

/**
 * The refusal for a flex cluster. `known`: cdba knew before any request (usage error,
 * exit 2); otherwise the service's answer told it (an API error, exit 1).
 */
export function flexRefusal(name: string, limit: FlexLimit, known: boolean, extra?: string): Error {
  const message = `cluster ${name} is a flex cluster: ${FLEX_CANNOT[limit]}${extra ? ` (${extra})` : ''}`;
  return known ? new UsageError(message) : new ApiError(400, { detail: message, error: 400, errorCode: FLEX_IN_CLUSTER_API, parameters: [name], reason: 'Bad Request' }, message);
}

export function isFlexInClusterApi(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && error.errorCode === FLEX_IN_CLUSTER_API;
}

/** The names known to be flex clusters in the project of this context. */
export async function flexNamesOf(ctx: Context, projectId: string): Promise<FlexNames> {
  const { FlexNames } = await import('../../core/flexNames.js');
  const { baseUrl } = await ctx.settings();
  return new FlexNames(ctx.configDir, baseUrl, projectId, (line) => ctx.io.warn(line));
}

/** Whether cdba knows, without asking, that the cluster is a flex cluster. */
export async function knownFlex(ctx: Context, projectId: string, name: string): Promise<boolean> {
  return (await flexNamesOf(ctx, projectId)).has(name);
}

/** Whether this profile's version reaches the flex API (2024-11-13 on); older pins see the clusters API's alone. */
export async function flexReachable(ctx: Context): Promise<boolean> {
  const { versionAt } = await import('../../api/operations.js');
  const { apiVersion } = await ctx.settings();
  return apiVersion !== 'v1.0' && versionAt('flexClusters.list', apiVersion) !== undefined;
}

/** Flex clusters are only in the versioned API, from 2024-11-13: refused before any request otherwise. */
export async function checkFlexReachable(ctx: Context, name: string): Promise<void> {
  const { selectVersion } = await import('../../api/versions.js');
  const { apiVersion } = await ctx.settings();
  if (apiVersion === 'v1.0') {
    throw new UsageError(`cluster ${name} is a flex cluster, which only the versioned API serves (from 2024-11-13); this profile uses v1.0`, {
      remedy: { setting: 'apiVersion', version: '2024-11-13', orLater: true },
    });
  }
  selectVersion('flexClusters.get', apiVersion); // a pin older than 2024-11-13: its own usage error
}

/**
 * One cluster by name, wherever it lives. `call` runs the clusters API's request,
 * or the flex API's when the cluster is (known to be) flex; the kind it learns is kept
 * for the rest of the command and, for flex, in the names file.
 */
export class ClusterLocator {
  /** 'flex' once the flex API answered for this name in this run; 'dedicated' once the clusters API did. */
  private kind: 'flex' | 'dedicated' | undefined;

  constructor(
    private readonly ctx: Context,
    readonly client: ApiClient,
    readonly projectId: string,
    readonly name: string,
    private readonly names: FlexNames,
  ) {}

  static async open(ctx: Context, client: ApiClient, projectId: string, name: string): Promise<ClusterLocator> {
    return new ClusterLocator(ctx, client, projectId, name, await flexNamesOf(ctx, projectId));
  }

  /** True when this run or an earlier one found it flex (no request). */
  get knownFlex(): boolean {
    return this.kind === 'flex' || (this.kind === undefined && this.names.has(this.name));
  }

  /** The cluster's kind as learnt in this run, if any. */
  get learnt(): 'flex' | 'dedicated' | undefined {
    return this.kind;
  }

  async call<T>(dedicated: () => Promise<T>, flex: () => Promise<T>): Promise<T> {
    if (this.knownFlex) {
      await checkFlexReachable(this.ctx, this.name);
      try {
        const answer = await flex();
        this.kind = 'flex';
        return answer;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        this.names.forget(this.name);
        // Learnt in this run: it is gone. Learnt from an earlier run: the name may now be a dedicated cluster's.
        if (this.kind === 'flex') throw error;
        this.kind = 'dedicated';
        return dedicated();
      }
    }
    try {
      const answer = await dedicated();
      this.kind = 'dedicated';
      return answer;
    } catch (error) {
      if (!isFlexInClusterApi(error)) throw error;
      this.names.add(this.name);
      await checkFlexReachable(this.ctx, this.name);
      this.kind = 'flex';
      return flex();
    }
  }

  /** The cluster's document from whichever API serves it. */
  async get(): Promise<Cluster> {
    const { getCluster } = await import('../../api/resources/clusters.js');
    const { getFlexCluster } = await import('../../api/resources/flexClusters.js');
    return clusterDocument(
      await this.call(
        () => getCluster(this.client, this.projectId, this.name),
        () => getFlexCluster(this.client, this.projectId, this.name),
      ),
    );
  }

  /** The name is gone (a delete finished): forget it. */
  forget(): void {
    this.names.forget(this.name);
  }

  remember(): void {
    this.names.add(this.name);
    this.kind = 'flex';
  }
}

/** The locator of one named cluster of the context's project. */
export async function locateCluster(ctx: Context, name: string): Promise<ClusterLocator> {
  const projectId = await ctx.projectId();
  return ClusterLocator.open(ctx, await ctx.api(), projectId, name);
}
