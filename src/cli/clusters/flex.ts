// Flex clusters in the clusters commands (issue 26). Flex clusters live in their own
// API (src/api/flexClusters.ts); the clusters API refuses them by name with
// 400 CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API. A command that names a cluster asks the
// clusters API, and on that answer the flex API (one extra request), and remembers the
// name (src/core/flexNames.ts) so the next run asks the flex API first. The name is
// only a hint of where to ask (another machine may have made it a dedicated cluster's
// since): what flex clusters cannot do is refused once the service has said the
// cluster is flex, never from the hint alone.
import type { ApiClient } from '../../api/client.js';
import type { Cluster } from '../../api/resources/clusters.js';
import { ApiError, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import type { FlexNames } from '../../core/flexNames.js';
import { isClusterAbsent } from './absent.js';
import { clusterDocument } from './target.js';

const FLEX_IN_CLUSTER_API = 'CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API';

/** What flex clusters cannot do, and why, in the words of the refusal. */
export const FLEX_CANNOT = {
  pause: 'flex clusters cannot be paused or resumed',
  tier: 'a flex cluster\'s tier, storage, members and database version are fixed; only tags and termination protection can change',
  shards: 'flex clusters are replica sets; they have no shards',
  private: 'flex clusters have only the standard connection strings (no private or private-endpoint ones)',
  backup: 'a flex cluster\'s cloud backup is always on (a snapshot a day, kept 8 days)',
  snapshot: 'flex clusters take one snapshot a day themselves, kept 8 days; they take none on demand and delete none',
  schedule: 'a flex cluster\'s backup schedule is fixed (a snapshot a day, kept 8 days) and has no schedule to read',
  cancel: 'a flex cluster\'s restore jobs cannot be cancelled',
  download: 'a flex cluster\'s snapshots are restored into a cluster; the flex backup API has no download restore',
} as const;
export type FlexLimit = keyof typeof FLEX_CANNOT;

/**
 * The refusal for a flex cluster. `known`: cdba knew before any request (usage error,
 * exit 2); otherwise the service's answer told it (an API error, exit 1).
 */
export function flexRefusal(name: string, limit: FlexLimit, known: boolean, extra?: string): Error {
  const message = `cluster ${name} is a flex cluster: ${FLEX_CANNOT[limit]}${extra ? ` (${extra})` : ''}`;
  const refusal = known ? new UsageError(message) : new ApiError(400, { detail: message, error: 400, errorCode: FLEX_IN_CLUSTER_API, parameters: [name], reason: 'Bad Request' }, message);
  MADE_HERE.add(refusal);
  return refusal;
}

/** The refusals flexRefusal made without asking: under a cached hint alone they are no answer, and the clusters API is asked. */
const MADE_HERE = new WeakSet<Error>();

/** The flex API's answer for a cluster of another kind (a flex cluster upgraded since, say). */
const isNonFlexInFlexApi = (error: unknown): boolean => error instanceof ApiError && error.status === 400 && error.errorCode === 'CANNOT_USE_NON_FLEX_CLUSTER_IN_FLEX_API';

export function isFlexInClusterApi(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && error.errorCode === FLEX_IN_CLUSTER_API;
}

/** The names known to be flex clusters in the project of this context. */
export async function flexNamesOf(ctx: Context, projectId: string): Promise<FlexNames> {
  const { FlexNames } = await import('../../core/flexNames.js');
  const { baseUrl } = await ctx.settings();
  return new FlexNames(ctx.configDir, baseUrl, projectId, (line) => ctx.io.warn(line));
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
      remedy: { setting: 'apiVersion', version: '2024-11-13', orNewer: true }, // not v1.0: the same command again at that version
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
  /** 'flex' once the service said so in this run (the flex API answered, or the clusters API refused it as flex); 'dedicated' once the clusters API answered. */
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

  /** The cluster's kind as learnt in this run, if any. */
  get learnt(): 'flex' | 'dedicated' | undefined {
    return this.kind;
  }

  /** Ask the flex API first: nothing learnt in this run, the name cached as flex, and the flex API served at this version. */
  private async askFlexFirst(): Promise<boolean> {
    if (this.kind !== undefined || !this.names.has(this.name)) return false;
    try {
      await checkFlexReachable(this.ctx, this.name);
      return true;
    } catch {
      return false; // v1.0: the clusters API says whether it is flex
    }
  }

  async call<T>(dedicated: () => Promise<T>, flex: () => Promise<T>): Promise<T> {
    if (this.kind === 'flex') return flex();
    if (await this.askFlexFirst()) {
      try {
        const answer = await flex();
        this.kind = 'flex';
        return answer;
      } catch (error) {
        // Not a flex cluster (any more): forget it. A refusal made here without asking is no answer either. The clusters API says.
        if (isClusterAbsent(error) || isNonFlexInFlexApi(error)) this.names.forget(this.name);
        else if (!(error instanceof Error && MADE_HERE.has(error))) throw error;
      }
    }
    try {
      const answer = await dedicated();
      this.kind = 'dedicated';
      this.names.forget(this.name);
      return answer;
    } catch (error) {
      if (!isFlexInClusterApi(error)) throw error;
      this.names.add(this.name);
      this.kind = 'flex';
      try {
        await checkFlexReachable(this.ctx, this.name);
      } catch (refusal) {
        // The service's answer, in cdba's words: after a request, never a usage error (exit 2).
        if (refusal instanceof UsageError) throw new ApiError(error.status, error.document, refusal.message, refusal.remedy ? { remedy: refusal.remedy } : undefined);
        throw refusal;
      }
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

  /** The name is gone, or going (a delete was accepted): forget it. What this run learnt stays, for its watch. */
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
