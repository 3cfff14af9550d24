// The processes module (contract.ts): GET /groups/{groupId}/processes and
// /processes/{processId} at 2023-01-01, answered from the project's clusters
// (derive.ts), field for field and in the service's key order as recorded
// (reference/recorded-diagnostics/TestProcesses__*). It keeps no state of its own.
// Other modules read the processes through `processesOf` and `findProcess`, and when a
// host was up through `upPeriods` (lifetimes.ts: the one state it keeps, each cluster's
// shape at each change, told by `observe`).
import { apiRoot, selfHref } from '../../context.js';
import type { Handler, RequestContext, ResourceModule } from '../../contract.js';
import { serviceNow } from '../../context.js';
import { ApiFailure } from '../../errors.js';
import { isoSeconds } from '../../store.js';
import { pageParams, paginate } from '../../pagination.js';
import { projectOf } from '../projects/index.js';
import { shape as S } from '../../stateChecks.js';
import { findProcess, processesOf, type ProcessInfo } from './derive.js';
import { markBaselines, observeClusterChange } from './lifetimes.js';

export { upAt, upPeriods, type UpPeriod } from './lifetimes.js';
export { clusterProcesses, findProcess, hasProcesses, processesOf, type ProcessInfo, type ProcessType } from './derive.js';

/** The service's answer for a process the project does not have. */
export const hostNotFound = (processId: string, groupId: string): ApiFailure =>
  new ApiFailure(404, 'HOST_NOT_FOUND', `No host with ID ${processId} exists in group ${groupId}.`, [processId, groupId]);

/** The process's URL (its id unescaped, as the service writes it). */
export function processHref(ctx: RequestContext, groupId: string, processId: string): string {
  return `${apiRoot(ctx)}/groups/${groupId}/processes/${processId}`;
}

/** The last ping: the start of the current minute of the service's clock. */
function lastPing(ctx: RequestContext): string {
  const now = serviceNow(ctx.services);
  return isoSeconds(now - (now % 60_000));
}

/** The document of one process; `detail` adds the links a GET of it carries. */
export function renderProcess(ctx: RequestContext, process: ProcessInfo, detail: boolean): Record<string, unknown> {
  const self = processHref(ctx, process.groupId, process.id);
  const links = [{ href: self, rel: 'self' }];
  if (detail) {
    links.push({ href: `${apiRoot(ctx)}/groups/${process.groupId}`, rel: 'https://cloud.mongodb.com/group' });
    links.push({ href: `${self}/measurements?granularity=PT5M&period=PT24H`, rel: 'https://cloud.mongodb.com/measurements' });
  }
  return {
    created: process.created,
    groupId: process.groupId,
    hostname: process.hostname,
    id: process.id,
    lastPing: lastPing(ctx),
    links,
    port: process.port,
    ...(process.replicaSetName === undefined ? {} : { replicaSetName: process.replicaSetName }),
    ...(process.shardName === undefined ? {} : { shardName: process.shardName }),
    typeName: process.typeName,
    userAlias: process.userAlias,
    version: process.version,
  };
}

/** The process of the path's {processId}, or 404. */
export function processOf(ctx: RequestContext): ProcessInfo {
  const project = projectOf(ctx);
  const processId = ctx.params.processId ?? '';
  const process = processId.includes(':') ? findProcess(ctx.services.store, project.id, processId) : undefined;
  if (!process) throw hostNotFound(processId, project.id);
  return process;
}

const listProcesses: Handler = (ctx) => {
  const project = projectOf(ctx);
  const items = processesOf(ctx.services.store, project.id).map((process) => renderProcess(ctx, process, false));
  return { status: 200, body: paginate(items, pageParams(ctx.query), selfHref(ctx)) };
};

const getProcess: Handler = (ctx) => ({ status: 200, body: renderProcess(ctx, processOf(ctx), true) });

export const processes: ResourceModule = {
  name: 'processes',
  rateLimitPerMinute: 300, // recorded (TestProcesses__list…, TestProcesses__describe…)
  operations: {
    'processes.list': { handler: listProcesses, action: 'read' },
    'processes.get': { handler: getProcess, action: 'read' },
  },
  state: {
    shape: { processHistory: S.optional(S.array(S.object({ groupId: 'string', clusterId: 'string', at: 'number', running: 'boolean', nodes: 'number', shards: 'number' }))) },
    fromSeed: (world) => markBaselines(world),
    upgrade: (world) => markBaselines(world),
  },
  observe: async (observation) => {
    const { store } = observation.services;
    if (observeClusterChange(store, observation)) await store.commit();
  },
};
