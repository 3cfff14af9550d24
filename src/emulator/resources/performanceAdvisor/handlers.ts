// The Performance Advisor's handlers. Per process (`{processId}` host:port): what ran on
// it in the asked window, [since, since + duration) or the last 24 hours, from the
// cluster's workload (workload.ts): runs land on their shard's primary, so a secondary
// answers empty lists, as the service does for one without reads. Per cluster
// (2024-08-05): the suggested indexes of every process (or of `processIds`), the schema
// advice and the drop-index suggestions, each in the envelope the description defaults to.
import { serviceNow } from '../../context.js';
import type { Handler, RequestContext } from '../../contract.js';
import { failures } from '../../errors.js';
import { isoSeconds } from '../../store.js';
import { clusterFailures, clusterStore } from '../clusters/index.js';
import { processOf, processesOf, upPeriods, type ProcessInfo } from '../processes/index.js';
import { projectOf } from '../projects/index.js';
import { advisorStateOf, workloadOf } from './state.js';
import { DAY_MS, dropIndexSuggestions, namespacesOf, schemaAdvice, slowQueryDoc, slowRuns, suggestions, type SlowRun } from './workload.js';

/** The earliest `since` the description allows (2008-01-01, in ms). */
const MIN_SINCE = 1_199_145_600_000;

function integerParam(ctx: RequestContext, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = ctx.query.get(name);
  if (raw === null) return undefined;
  const value = /^-?[0-9]{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw failures.invalidQueryParameter(name, raw, `a whole number from ${min} to ${max}`);
  return value;
}

/** The window a process-level call asks about: [since, since + duration), else the last 24 hours, ending now at most. */
function windowOf(ctx: RequestContext): { from: number; to: number } {
  const now = serviceNow(ctx.services);
  const since = integerParam(ctx, 'since', MIN_SINCE);
  const duration = integerParam(ctx, 'duration', 1);
  const from = since ?? (duration !== undefined ? now - duration : now - DAY_MS);
  const to = Math.min(now, duration !== undefined ? from + duration : now);
  return { from, to: Math.max(from, to) };
}

/** The primary's shard, or undefined for a process that runs none of the workload's queries. */
function shardOfProcess(process: ProcessInfo): number | undefined {
  return process.typeName === 'REPLICA_PRIMARY' || process.typeName === 'SHARD_PRIMARY' ? process.shard : undefined;
}

/** The shards of a process's cluster that hold data (config servers aside). */
function dataShards(store: RequestContext['services']['store'], process: ProcessInfo): number {
  return Math.max(1, new Set(processesOf(store, process.groupId, process.clusterName).filter((p) => p.typeName !== 'SHARD_CONFIG' && p.kind === 'mongod').map((p) => p.shard)).size);
}

/** The slow runs on a process in [from, to): for the advisor here, and for the log download (logs module). */
export function processRuns(store: RequestContext['services']['store'], process: ProcessInfo, from: number, to: number): SlowRun[] {
  const shard = shardOfProcess(process);
  if (shard === undefined || process.kind !== 'mongod') return [];
  // Nothing ran while the host was down: before it came up, while the cluster was paused.
  const workload = workloadOf(store.world, process.groupId, process.clusterName);
  if (workload.length === 0) return [];
  const shards = dataShards(store, process);
  return upPeriods(store, process).flatMap((period) => {
    const since = Math.max(from, period.from);
    const until = Math.min(to, period.to ?? to);
    return since >= until ? [] : slowRuns(workload, shard, shards, since, until);
  });
}

// `namespaces` and `processIds` are passed once per value (the description: "pass the parameter
// multiple times"); a comma is part of a value (a collection's name may hold one), not a separator.
const namespaceFilter = (ctx: RequestContext): ReadonlySet<string> | undefined => {
  const list = ctx.query.getAll('namespaces').filter((ns) => ns !== '');
  return list.length === 0 ? undefined : new Set(list);
};

function runsOf(ctx: RequestContext, process: ProcessInfo): SlowRun[] {
  const { from, to } = windowOf(ctx);
  const only = namespaceFilter(ctx);
  return processRuns(ctx.services.store, process, from, to).filter((run) => !only || only.has(run.namespace));
}

export const listNamespaces: Handler = (ctx) => {
  const process = processOf(ctx);
  const { from, to } = windowOf(ctx);
  return { status: 200, body: { namespaces: namespacesOf(processRuns(ctx.services.store, process, from, to)) } };
};

const flag = (ctx: RequestContext, name: string): boolean => {
  const raw = ctx.query.get(name);
  if (raw === null) return false;
  if (raw !== 'true' && raw !== 'false') throw failures.invalidQueryParameter(name, raw, 'true or false');
  return raw === 'true';
};

export const listSlowQueries: Handler = (ctx) => {
  const process = processOf(ctx);
  const nLogs = integerParam(ctx, 'nLogs', 0, 20_000) ?? 20_000;
  const include = { metrics: flag(ctx, 'includeMetrics'), opType: flag(ctx, 'includeOpType'), replicaState: flag(ctx, 'includeReplicaState') };
  const runs = runsOf(ctx, process).reverse().slice(0, nLogs);
  const state = process.typeName.endsWith('PRIMARY') ? 'PRIMARY' : 'SECONDARY';
  return { status: 200, body: { slowQueries: runs.map((run) => slowQueryDoc(run, include, state)) } };
};

export const listSuggestedIndexes: Handler = (ctx) => {
  const process = processOf(ctx);
  const nExamples = integerParam(ctx, 'nExamples', 0, 100) ?? 5;
  const nIndexes = integerParam(ctx, 'nIndexes', 0, 1000);
  const runs = runsOf(ctx, process);
  return { status: 200, body: suggestions(workloadOf(ctx.services.store.world, process.groupId, process.clusterName), runs, nExamples, nIndexes) };
};

/** The cluster of the path, with its processes; 404 CLUSTER_NOT_FOUND for a name the project does not have. */
function clusterOf(ctx: RequestContext): { name: string; processes: ProcessInfo[] } {
  const project = projectOf(ctx);
  const name = ctx.params.clusterName ?? '';
  const record = clusterStore(ctx.services.store).find(project.id, name);
  if (!record) throw clusterFailures.clusterNotFound(name, project.id);
  return { name: record.model.name, processes: processesOf(ctx.services.store, project.id, record.model.name) };
}

export const listClusterSuggestedIndexes: Handler = (ctx) => {
  const cluster = clusterOf(ctx);
  const project = projectOf(ctx);
  const now = serviceNow(ctx.services);
  const since = integerParam(ctx, 'since', MIN_SINCE) ?? now - DAY_MS;
  const until = Math.min(now, integerParam(ctx, 'until', MIN_SINCE) ?? now);
  const wanted = ctx.query.getAll('processIds').filter((id) => id !== '');
  const only = namespaceFilter(ctx);
  const processes = wanted.length === 0 ? cluster.processes : cluster.processes.filter((p) => wanted.includes(p.id));
  const runs = processes.flatMap((process) => processRuns(ctx.services.store, process, since, Math.max(since, until))).filter((run) => !only || only.has(run.namespace));
  return { status: 200, body: suggestions(workloadOf(ctx.services.store.world, project.id, cluster.name), runs.sort((a, b) => a.at - b.at)) };
};

export const listSchemaAdvice: Handler = (ctx) => {
  const cluster = clusterOf(ctx);
  return { status: 200, body: schemaAdvice(workloadOf(ctx.services.store.world, projectOf(ctx).id, cluster.name)) };
};

export const listDropIndexSuggestions: Handler = (ctx) => {
  const cluster = clusterOf(ctx);
  const shards = [...new Set(cluster.processes.filter((p) => p.shardName !== undefined && p.typeName !== 'SHARD_CONFIG').map((p) => p.shardName!))];
  const since = isoSeconds(serviceNow(ctx.services) - 7 * DAY_MS);
  return { status: 200, body: dropIndexSuggestions(workloadOf(ctx.services.store.world, projectOf(ctx).id, cluster.name), shards, since) };
};

export const getManagedSlowMs: Handler = (ctx) => ({ status: 200, body: advisorStateOf(ctx.services.store.world).managedSlowMs[projectOf(ctx).id] !== false });

async function setManagedSlowMs(ctx: RequestContext, enabled: boolean): Promise<{ status: number; body: undefined }> {
  const state = advisorStateOf(ctx.services.store.world);
  const id = projectOf(ctx).id;
  if (enabled) delete state.managedSlowMs[id];
  else state.managedSlowMs[id] = false;
  await ctx.services.store.commit();
  return { status: 204, body: undefined };
}

export const enableManagedSlowMs: Handler = (ctx) => setManagedSlowMs(ctx, true);
export const disableManagedSlowMs: Handler = (ctx) => setManagedSlowMs(ctx, false);
