// A host's log for a window, as mongod (and mongos) write it: structured JSON, one
// document a line (https://www.mongodb.com/docs/manual/reference/log-messages/), and the
// audit log's JSON events. Deterministic for host and window, and from the emulator's
// record: the process's startup each time its host came up in the window (processes
// module, `upPeriods`: the cluster ready, resumed, scaled up), a mongod's checkpoint line
// each minute it was up (so a running host's log is never empty), nothing while it was
// down (paused); the connections the access history lists for the host (accessLogs module,
// `connectionsOf`: accepted, authenticated or refused with the history's own `logLine`,
// ended); and the slow queries of the seeded workload, whose lines are those the
// Performance Advisor answers.
import { createHash } from 'node:crypto';
import { authenticationLine, AUTH_DELAY, logDate, remoteOf, type Connection } from '../accessLogs/index.js';
import type { ProcessInfo, UpPeriod } from '../processes/index.js';
import type { SlowRun } from '../performanceAdvisor/index.js';

export type LogName = 'mongodb' | 'mongos' | 'mongodb-audit-log' | 'mongos-audit-log';
export const LOG_NAMES: readonly LogName[] = ['mongodb', 'mongos', 'mongodb-audit-log', 'mongos-audit-log'];

/** Most lines one download holds: a window's lines are bounded whatever it asks. */
export const MAX_LINES = 200_000;
const hash = (text: string): number => createHash('sha256').update(text).digest().readUInt32BE(0);

interface Line {
  at: number;
  order: number;
  text: string;
}

function mongodLine(at: number, s: string, c: string, id: number, ctx: string, msg: string, attr?: Record<string, unknown>): string {
  return JSON.stringify({ t: { $date: logDate(at) }, s, c, id, ctx, msg, ...(attr ? { attr } : {}) });
}

function startup(process: ProcessInfo, at: number): string[] {
  const host = process.hostname;
  const mongos = process.kind === 'mongos';
  return [
    mongodLine(at, 'I', 'CONTROL', 20698, '-', '***** SERVER RESTARTED *****'),
    mongodLine(at, 'I', 'CONTROL', 4615611, 'initandlisten', `${mongos ? 'mongos' : 'MongoDB'} starting`, { pid: 1000 + (hash(host) % 30000), port: process.port, dbPath: mongos ? undefined : '/srv/mongodb/data', architecture: '64-bit', host }),
    mongodLine(at, 'I', 'CONTROL', 23403, 'initandlisten', 'Build Info', { buildInfo: { version: process.version, gitVersion: createHash('sha1').update(process.version).digest('hex'), modules: ['enterprise'], allocator: 'tcmalloc-google', environment: { distarch: 'x86_64', target_arch: 'x86_64' } } }),
    mongodLine(at, 'I', 'CONTROL', 51765, 'initandlisten', 'Operating System', { os: { name: 'Amazon Linux', version: '2023' } }),
    mongodLine(at, 'I', 'CONTROL', 21951, 'initandlisten', 'Options set by command line', { options: { net: { bindIp: '0.0.0.0', port: process.port, tls: { mode: 'requireTLS' } }, ...(process.replicaSetName ? { replication: { replSetName: process.replicaSetName } } : {}), security: { authorization: 'enabled' } } }),
    mongodLine(at, 'I', 'NETWORK', 23015, 'listener', 'Listening on', { address: '0.0.0.0', port: process.port }),
    mongodLine(at, 'I', 'NETWORK', 23016, 'listener', 'Waiting for connections', { port: process.port, ssl: 'on' }),
    mongodLine(at, 'I', 'CONTROL', 8423403, 'initandlisten', `${mongos ? 'mongos' : 'mongod'} startup complete`, { Summary: { 'Total time elapsed': 1200 } }),
  ];
}

/** How often a running mongod writes its WiredTiger checkpoint line: every minute, as mongod checkpoints. */
const CHECKPOINT_MS = 60_000;

/** The checkpoint lines of a host that was up in `period`, within [from, to): a running host's log is never empty. */
function checkpoints(process: ProcessInfo, period: UpPeriod, from: number, to: number): Line[] {
  const lines: Line[] = [];
  const end = Math.min(period.to ?? Infinity, to);
  for (let at = Math.ceil(Math.max(period.from + 1, from) / CHECKPOINT_MS) * CHECKPOINT_MS; at < end && lines.length <= MAX_LINES; at += CHECKPOINT_MS) {
    const message = {
      ts_sec: Math.floor(at / 1000),
      ts_usec: 0,
      thread: `${1000 + (hash(process.hostname) % 30000)}:0x7f3c2a1b4640`,
      session_name: 'WT_SESSION.checkpoint',
      category: 'WT_VERB_CHECKPOINT_PROGRESS',
      category_id: 6,
      verbose_level: 'DEBUG_1',
      verbose_level_id: 1,
      msg: `saving checkpoint snapshot min: ${Math.floor(at / CHECKPOINT_MS) % 100000}, snapshot max: ${Math.floor(at / CHECKPOINT_MS) % 100000} snapshot count: 0, oldest timestamp: (0, 0) , meta checkpoint timestamp: (0, 0) base write gen: 1`,
    };
    lines.push({ at, order: 0, text: mongodLine(at, 'I', 'WTCHKPT', 22430, 'Checkpointer', 'WiredTiger message', { message }) });
  }
  return lines;
}

function connectionLines(c: Connection): Line[] {
  const ctx = `conn${c.conn}`;
  const remote = remoteOf(c);
  const attr = { remote, isLoadBalanced: false, uuid: { uuid: { $uuid: uuidOf(`${c.hostname}\0${c.conn}\0${c.at}`) } }, connectionId: c.conn, connectionCount: 12 };
  return [
    { at: c.at, order: 1, text: mongodLine(c.at, 'I', 'NETWORK', 22943, 'listener', 'Connection accepted', attr) },
    { at: c.at + 3, order: 2, text: mongodLine(c.at + 3, 'I', 'NETWORK', 51800, ctx, 'client metadata', { remote, client: ctx, negotiatedCompressors: [], doc: { application: { name: c.appName }, driver: { name: 'nodejs', version: '6.16.0' } } }) },
    { at: c.at + AUTH_DELAY, order: 3, text: authenticationLine(c) },
    { at: c.at + (c.authResult ? 4000 : 30), order: 4, text: mongodLine(c.at + (c.authResult ? 4000 : 30), 'I', 'NETWORK', 22944, ctx, 'Connection ended', { remote, isLoadBalanced: false, uuid: attr.uuid, connectionId: c.conn, connectionCount: 11 }) },
  ];
}

function uuidOf(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function auditLine(c: Connection, process: ProcessInfo): Line {
  const at = c.at + AUTH_DELAY;
  return {
    at,
    order: 3,
    text: JSON.stringify({
      atype: 'authenticate',
      ts: { $date: logDate(at) },
      uuid: { $binary: Buffer.from(uuidOf(`${c.hostname}\0${c.conn}\0${c.at}`).replace(/-/g, ''), 'hex').toString('base64'), $type: '04' },
      local: { ip: '127.0.0.1', port: process.port },
      remote: { ip: c.ipAddress, port: c.remotePort },
      users: c.authResult ? [{ user: c.username, db: c.authSource }] : [],
      roles: [],
      param: { user: c.username, db: c.authSource, mechanism: 'SCRAM-SHA-256' },
      result: c.authResult ? 0 : c.failureReason === 'UserNotFound' ? 11 : 18,
    }),
  };
}

/**
 * The lines of one log of one host for [from, to), oldest first. `processes` are the
 * host's (its mongod, and on a sharded cluster its mongos), `periods` when the host was up,
 * `connections` those to its mongod authenticated in the window, `runs` the slow runs on
 * its mongod. An empty list where the host runs no process of the log's kind (mongos on a
 * replica set), as the service answers an empty file there.
 */
export function logLines(
  name: LogName,
  processes: readonly ProcessInfo[],
  periods: readonly UpPeriod[],
  connections: readonly Connection[],
  runs: readonly SlowRun[],
  from: number,
  to: number,
): string[] {
  const kind = name.startsWith('mongos') ? 'mongos' : 'mongod';
  const process = processes.find((p) => p.kind === kind);
  if (!process) return [];
  const lines: Line[] = [];
  const audit = name.endsWith('audit-log');
  if (!audit) for (const period of periods) if (period.from >= from && period.from < to) lines.push(...startup(process, period.from).map((text, i) => ({ at: period.from, order: i - 10, text })));
  if (kind === 'mongod') {
    if (!audit) for (const period of periods) lines.push(...checkpoints(process, period, from, to));
    for (const c of connections) {
      if (lines.length > MAX_LINES) break;
      lines.push(...(audit ? [auditLine(c, process)] : connectionLines(c)).filter((line) => line.at >= from && line.at < to));
    }
    if (!audit) for (const run of runs) lines.push({ at: run.at, order: 5, text: run.line });
  }
  return lines
    .sort((a, b) => a.at - b.at || a.order - b.order)
    .slice(0, MAX_LINES)
    .map((line) => line.text);
}
