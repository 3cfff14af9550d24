// The processes a word names (word.ts says how it is read): a `host:port`, a hostname,
// or a cluster's name, which stands for its processes. Loaded when a command runs
// (public.ts offers it as a loader). Not found is exit 4 with the near names; a cluster
// whose hosts are not up (being created, paused, deleting) is exit 5 saying why; a
// shared-tier or flex cluster, whose processes the service does not show, is exit 4.
import type { ApiClient } from '../../api/client.js';
import type { Process } from '../../api/resources/processes.js';
import { ApiError, ConflictError, NotFoundError } from '../../base/errors.js';
import { isObject } from '../../base/object.js';
import type { Context } from '../../core/context.js';
import { didYouMean, nearClusterNames, nearestNames } from '../../core/nearName.js';
import { aliasOfCluster, parseProcessWord, type ProcessWord } from './word.js';

export interface ResolvedProcesses {
  client: ApiClient;
  projectId: string;
  /** What the word named, in the service's order; never empty. */
  processes: Process[];
  /** The cluster's name when the word named a cluster. */
  cluster?: string;
  word: ProcessWord;
}

const idOf = (p: Process): string => (typeof p.id === 'string' ? p.id : '');
const lower = (value: unknown): string => (typeof value === 'string' ? value.toLowerCase() : '');

/** The project's processes that the parsed word names (by id, by hostname, by the connection strings' alias). */
export function matchProcesses(all: readonly Process[], word: ProcessWord): Process[] {
  switch (word.kind) {
    case 'process':
      return all.filter((p) => lower(p.id) === word.id || (lower(p.userAlias) === word.host && p.port === word.port));
    case 'host':
      return all.filter((p) => lower(p.hostname) === word.host || lower(p.userAlias) === word.host);
    case 'cluster':
      return all.filter((p) => typeof p.userAlias === 'string' && aliasOfCluster(p.userAlias, word.name));
  }
}

/** Every process of the project. */
export async function projectProcesses(client: ApiClient, projectId: string): Promise<Process[]> {
  const { listProcesses } = await import('../../api/resources/processes.js');
  return (await listProcesses(client, projectId)).results;
}

/**
 * The processes `word` names in the current project. `all`: the project's processes when
 * the caller has them already.
 */
export async function resolveProcesses(ctx: Context, text: string, all?: readonly Process[]): Promise<ResolvedProcesses> {
  const word = parseProcessWord(text);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const processes = all ?? (await projectProcesses(client, projectId));
  const found = matchProcesses(processes, word);
  if (found.length > 0) return { client, projectId, processes: found, word, ...(word.kind === 'cluster' ? { cluster: word.name } : {}) };
  if (word.kind === 'cluster') throw await whyNoProcesses(ctx, client, projectId, word.name);
  const names = processes.flatMap((p) => (word.kind === 'process' ? [idOf(p)] : [lower(p.hostname)])).filter((n) => n !== '');
  const near = didYouMean(nearestNames(word.kind === 'process' ? word.id : word.host, names));
  const list = ctx.followUp('processes', 'list');
  throw new NotFoundError(`the project has no process ${word.kind === 'process' ? word.id : `on host ${word.host}`}`, {
    hint: near ? `${near} (see \`${list}\`)` : `see its processes with \`${list}\``,
  });
}

/** Why a cluster has no processes: it is not there, not up, or of a kind whose processes the service does not show. */
async function whyNoProcesses(ctx: Context, client: ApiClient, projectId: string, name: string): Promise<Error> {
  const { getCluster } = await import('../../api/resources/clusters.js');
  let cluster: Record<string, unknown>;
  try {
    cluster = (await getCluster(client, projectId, name)).body;
  } catch (error) {
    if (error instanceof ApiError && error.errorCode === 'CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API') {
      return new NotFoundError(`${name} is a flex cluster: the service shows no processes (and no metrics) for flex clusters`);
    }
    if (error instanceof ApiError && error.status === 404 && error.errorCode === 'CLUSTER_NOT_FOUND') {
      const near = didYouMean(await nearClusterNames(client, projectId, name, () => true));
      const list = ctx.followUp('processes', 'list');
      return new NotFoundError(`no cluster or process named ${name} in the project`, {
        hint: near ? `${near} (or see \`${list}\`)` : `see the processes with \`${list}\``,
      });
    }
    return error as Error;
  }
  const state = typeof cluster.stateName === 'string' ? cluster.stateName : '';
  if (cluster.paused === true) return new ConflictError(`cluster ${name} is paused: it has no processes until it is resumed`, { hint: `resume it with \`${ctx.followUp('clusters', 'resume', name)}\`` });
  if (state === 'CREATING') return new ConflictError(`cluster ${name} is still being created: its processes come with its hosts`, { hint: `wait for it with \`${ctx.followUp('clusters', 'watch', name)}\`` });
  if (state === 'DELETING') return new ConflictError(`cluster ${name} is being deleted: it has no processes any more`);
  if (isShared(cluster)) return new NotFoundError(`${name} is a shared-tier cluster: the service shows no processes (and no metrics) for it`);
  return new NotFoundError(`cluster ${name} has no processes the service shows`, { hint: `see the project's processes with \`${ctx.followUp('processes', 'list')}\`` });
}

function isShared(cluster: Record<string, unknown>): boolean {
  const specs = Array.isArray(cluster.replicationSpecs) ? cluster.replicationSpecs : [];
  const regions = specs.flatMap((spec) => (isObject(spec) && Array.isArray(spec.regionConfigs) ? spec.regionConfigs : []));
  if (regions.some((r) => isObject(r) && r.providerName === 'TENANT')) return true;
  return isObject(cluster.providerSettings) && cluster.providerSettings.providerName === 'TENANT';
}
