// The database access history module (contract.ts): a cluster's authentication attempts,
// by cluster name or by one of its hosts, filtered as the service filters them: start and
// end (epoch milliseconds, both or neither; without them the last 24 hours and every
// attempt the seed declares), ipAddress, authResult (true: the successes, false: the
// failures), nLogs (at most 20000, the default), newest first. An unknown cluster is the
// clusters' 404 CLUSTER_NOT_FOUND, an unknown hostname 404 HOST_NOT_FOUND. The attempts
// are the connections of `connectionsOf` (connections.ts), which the log download's
// connection and authentication lines are written from too (logs module).
import { isObject } from '../../../base/object.js';
import { parseIsoDateTime } from '../../../base/isoDate.js';
import { serviceNow } from '../../context.js';
import type { Handler, RequestContext, ResourceModule } from '../../contract.js';
import { ApiFailure, failures } from '../../errors.js';
import { booleanParam } from '../../pagination.js';
import { OBJECT_ID, type Problems } from '../../seedChecks.js';
import { shape as S } from '../../stateChecks.js';
import { clusterFailures, clusterStore, type ClusterRecord } from '../clusters/index.js';
import { clusterProcesses } from '../processes/index.js';
import { projectOf, seedProjectIds } from '../projects/index.js';
import { accessLogEntry, AUTH_DELAY, connectionsOf, DERIVED_WINDOW, type SeedAccessLog } from './connections.js';

export { AUTH_DELAY, authenticationLine, connectionsOf, logDate, remoteOf, type Connection, type SeedAccessLog } from './connections.js';

const MAX_LOGS = 20_000;
/** The description's bound on start and end: 2008-01-01. */
const EARLIEST = 1_199_145_600_000;
const IP_ADDRESS = /^((25[0-5]|(2[0-4]|1\d|[1-9]|)\d)(\.(?!$)|$)){4}|([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}$/;

export const hostNotFound = (hostname: string, groupId: string): ApiFailure =>
  new ApiFailure(404, 'HOST_NOT_FOUND', `No host with name ${hostname} exists in group ${groupId}.`, [hostname, groupId]);

function millis(ctx: RequestContext, name: string): number | undefined {
  const text = ctx.query.get(name);
  if (text === null) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < EARLIEST) throw failures.invalidQueryParameter(name, text, `It must be epoch milliseconds, at least ${EARLIEST}.`);
  return Number(text);
}

function answer(ctx: RequestContext, record: ClusterRecord, hostname?: string): { status: number; body: unknown } {
  const start = millis(ctx, 'start');
  const end = millis(ctx, 'end');
  if ((start === undefined) !== (end === undefined)) {
    const given = start === undefined ? 'end' : 'start';
    throw failures.invalidQueryParameter(given, ctx.query.get(given)!, 'start and end go together: give both or neither.');
  }
  const ip = ctx.query.get('ipAddress');
  if (ip !== null && !IP_ADDRESS.test(ip)) throw failures.invalidQueryParameter('ipAddress', ip, 'It must be an IPv4 address, or an IPv6 address written out in full: eight groups of lower-case hexadecimal digits, without ::.');
  const nLogsText = ctx.query.get('nLogs');
  if (nLogsText !== null && (!/^\d+$/.test(nLogsText) || Number(nLogsText) > MAX_LOGS)) throw failures.invalidQueryParameter('nLogs', nLogsText, `It must be an integer from 0 to ${MAX_LOGS}.`);
  const nLogs = nLogsText === null ? MAX_LOGS : Number(nLogsText);
  const authResult = ctx.query.has('authResult') ? booleanParam(ctx.query, 'authResult', true) : undefined;
  const groupId = projectOf(ctx).id;
  const { store } = ctx.services;
  const now = serviceNow(ctx.services);
  // The window is of the attempts' times (the authentication's), start and end included.
  const seeded = (store.world.accessLogs ?? []).filter((a) => a.groupId === groupId && a.clusterName === record.model.name).map((a) => Date.parse(a.timestamp));
  const from = start ?? Math.min(now - DERIVED_WINDOW, ...seeded);
  const to = end === undefined ? now + 1 : end + 1;
  const kept = connectionsOf(store, groupId, record, from - AUTH_DELAY, to - AUTH_DELAY, hostname).filter(
    (c) => (ip === null || c.ipAddress === ip) && (authResult === undefined || c.authResult === authResult),
  );
  return { status: 200, body: { accessLogs: kept.reverse().slice(0, nLogs).map(accessLogEntry) } };
}

const byCluster: Handler = (ctx) => {
  const project = projectOf(ctx);
  const name = ctx.params.clusterName!;
  const record = clusterStore(ctx.services.store).find(project.id, name);
  if (!record) throw clusterFailures.clusterNotFound(name, project.id);
  return answer(ctx, record);
};

/** A host by the processes' name of it or by its alias (the connection strings' name), paused or not. */
const byHost: Handler = (ctx) => {
  const project = projectOf(ctx);
  const asked = (ctx.params.hostname ?? '').toLowerCase();
  for (const record of clusterStore(ctx.services.store).list(project.id)) {
    const process = clusterProcesses(record.model, { evenIfPaused: true }).find((p) => p.hostname === asked || p.userAlias === asked);
    if (process) return answer(ctx, record, process.hostname);
  }
  throw hostNotFound(ctx.params.hostname ?? '', project.id);
};

function checkSeed(doc: Record<string, unknown>, problems: Problems): void {
  if (doc.accessLogs === undefined) return;
  if (!Array.isArray(doc.accessLogs)) return problems.add('accessLogs', 'must be an array of {groupId, clusterName, username, ipAddress, timestamp}');
  const projects = seedProjectIds(doc);
  doc.accessLogs.forEach((entry, i) => {
    const at = `accessLogs[${i}]`;
    if (!isObject(entry)) return problems.add(at, 'must be an object {groupId, clusterName, username, ipAddress, timestamp}');
    problems.onlyKeys(at, entry, ['groupId', 'clusterName', 'username', 'ipAddress', 'timestamp', 'authResult', 'authSource', 'failureReason', 'node']);
    if (problems.string(`${at}.groupId`, entry.groupId, OBJECT_ID, 'a 24-hex project id') && !projects.has(entry.groupId)) problems.add(`${at}.groupId`, `"${entry.groupId}" is not one of the seed's projects`);
    problems.string(`${at}.clusterName`, entry.clusterName);
    problems.string(`${at}.username`, entry.username);
    problems.string(`${at}.ipAddress`, entry.ipAddress, IP_ADDRESS, 'an IP address');
    if (problems.string(`${at}.timestamp`, entry.timestamp) && parseIsoDateTime(entry.timestamp) === undefined) problems.add(`${at}.timestamp`, `"${entry.timestamp}" is not an ISO 8601 time`);
    problems.boolean(`${at}.authResult`, entry.authResult);
    if (entry.authSource !== undefined) problems.string(`${at}.authSource`, entry.authSource);
    if (entry.failureReason !== undefined) problems.string(`${at}.failureReason`, entry.failureReason);
    if (entry.node !== undefined && (!Number.isInteger(entry.node) || (entry.node as number) < 0)) problems.add(`${at}.node`, 'must be a host index from 0');
  });
}

/** Reading the access history is reading the project. */
export const accessLogs: ResourceModule = {
  name: 'accessLogs',
  operations: {
    'accessLogs.byCluster': { handler: byCluster, action: 'read' },
    'accessLogs.byHost': { handler: byHost, action: 'read' },
  },
  seed: { keys: ['accessLogs'], check: (doc, problems) => checkSeed(doc, problems) },
  state: {
    shape: { accessLogs: S.optional(S.array(S.object({ groupId: 'string', clusterName: 'string', username: 'string', ipAddress: 'string', timestamp: 'string' }))) },
    fromSeed: (world, seed) => {
      world.accessLogs = structuredClone(seed.accessLogs ?? []) as SeedAccessLog[];
    },
  },
};
