// A host's log for a window, as mongod (and mongos) write it: structured JSON, one
// document a line (https://www.mongodb.com/docs/manual/reference/log-messages/), and the
// audit log's JSON events. Deterministic for host and window: the process's startup when
// it came up in the window, the automation agent's connections every 10 minutes, each
// database user's connection every hour (accepted, authenticated, ended), and the slow
// queries of the seeded workload, whose lines are those the Performance Advisor answers.
import { createHash } from 'node:crypto';
import type { ProcessInfo } from '../processes/index.js';
import type { SlowRun } from '../performanceAdvisor/index.js';

export type LogName = 'mongodb' | 'mongos' | 'mongodb-audit-log' | 'mongos-audit-log';
export const LOG_NAMES: readonly LogName[] = ['mongodb', 'mongos', 'mongodb-audit-log', 'mongos-audit-log'];

/** Most lines one download holds: a window's lines are bounded whatever it asks. */
export const MAX_LINES = 200_000;
const AGENT_EVERY = 10 * 60_000;
const USER_EVERY = 60 * 60_000;

export interface LogUser {
  username: string;
  databaseName: string;
}

const logDate = (ms: number): string => new Date(ms).toISOString().replace('Z', '+00:00');
const hash = (text: string): number => createHash('sha256').update(text).digest().readUInt32BE(0);

interface Line {
  at: number;
  order: number;
  text: string;
}

function mongodLine(at: number, s: string, c: string, id: number, ctx: string, msg: string, attr?: Record<string, unknown>): string {
  return JSON.stringify({ t: { $date: logDate(at) }, s, c, id, ctx, msg, ...(attr ? { attr } : {}) });
}

/** Every `every` ms from an offset drawn from `seed`, in [from, to). */
function ticks(seed: string, every: number, from: number, to: number): number[] {
  const offset = hash(seed) % every;
  const out: number[] = [];
  for (let at = Math.ceil((from - offset) / every) * every + offset; at < to && out.length < MAX_LINES; at += every) if (at >= from) out.push(at);
  return out;
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

interface Connection {
  at: number;
  conn: number;
  remote: string;
  user: string;
  db: string;
  app: string;
}

function connections(process: ProcessInfo, users: readonly LogUser[], from: number, to: number): Connection[] {
  const out: Connection[] = [];
  const seed = `${process.id}\0`;
  for (const at of ticks(`${seed}agent`, AGENT_EVERY, from, to)) {
    out.push({ at, conn: 1000 + (hash(`${seed}${at}`) % 90000), remote: `192.168.${hash(process.hostname) % 250}.${10 + (hash(`${seed}agent`) % 200)}:${40000 + (at / 1000) % 20000}`, user: 'mms-automation', db: 'admin', app: 'MongoDB Automation Agent v13.34.0 (git: cdba)' });
  }
  for (const user of users) {
    for (const at of ticks(`${seed}user\0${user.username}`, USER_EVERY, from, to)) {
      out.push({ at, conn: 1000 + (hash(`${seed}${user.username}${at}`) % 90000), remote: `203.0.113.${1 + (hash(user.username) % 250)}:${50000 + (at / 1000) % 10000}`, user: user.username, db: user.databaseName, app: 'mongosh 2.5.0' });
    }
  }
  return out;
}

function connectionLines(c: Connection): Line[] {
  const ctx = `conn${c.conn}`;
  const attr = { remote: c.remote, isLoadBalanced: false, uuid: { uuid: { $uuid: uuidOf(`${c.conn}\0${c.at}`) } }, connectionId: c.conn, connectionCount: 12 };
  return [
    { at: c.at, order: 1, text: mongodLine(c.at, 'I', 'NETWORK', 22943, 'listener', 'Connection accepted', attr) },
    { at: c.at + 3, order: 2, text: mongodLine(c.at + 3, 'I', 'NETWORK', 51800, ctx, 'client metadata', { remote: c.remote, client: ctx, negotiatedCompressors: [], doc: { application: { name: c.app }, driver: { name: 'nodejs', version: '6.16.0' } } }) },
    { at: c.at + 25, order: 3, text: mongodLine(c.at + 25, 'I', 'ACCESS', 5286306, ctx, 'Successfully authenticated', { client: c.remote, isSpeculative: true, isClusterMember: false, mechanism: 'SCRAM-SHA-256', user: c.user, db: c.db, result: 0, metrics: { conversation_duration: { micros: 21000 } }, extraInfo: {} }) },
    { at: c.at + 4000, order: 4, text: mongodLine(c.at + 4000, 'I', 'NETWORK', 22944, ctx, 'Connection ended', { remote: c.remote, isLoadBalanced: false, uuid: attr.uuid, connectionId: c.conn, connectionCount: 11 }) },
  ];
}

function uuidOf(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function auditLine(c: Connection, process: ProcessInfo): Line {
  const [ip, port] = c.remote.split(':');
  return {
    at: c.at + 25,
    order: 3,
    text: JSON.stringify({
      atype: 'authenticate',
      ts: { $date: logDate(c.at + 25) },
      uuid: { $binary: Buffer.from(uuidOf(`${c.conn}\0${c.at}`).replace(/-/g, ''), 'hex').toString('base64'), $type: '04' },
      local: { ip: '127.0.0.1', port: process.port },
      remote: { ip, port: Number(port) },
      users: [{ user: c.user, db: c.db }],
      roles: [],
      param: { user: c.user, db: c.db, mechanism: 'SCRAM-SHA-256' },
      result: 0,
    }),
  };
}

/**
 * The lines of one log of one host for [from, to), oldest first. `processes` are the
 * host's (its mongod, and on a sharded cluster its mongos); `runs` the slow runs on its
 * mongod. An empty list where the host runs no process of the log's kind (mongos on a
 * replica set), as the service answers an empty file there.
 */
export function logLines(name: LogName, processes: readonly ProcessInfo[], users: readonly LogUser[], runs: readonly SlowRun[], from: number, to: number): string[] {
  const kind = name.startsWith('mongos') ? 'mongos' : 'mongod';
  const process = processes.find((p) => p.kind === kind);
  if (!process) return [];
  const created = Date.parse(process.created);
  const lines: Line[] = [];
  const audit = name.endsWith('audit-log');
  if (!audit && created >= from && created < to) lines.push(...startup(process, created).map((text, i) => ({ at: created, order: i, text })));
  for (const c of connections(process, users, Math.max(from, created), to)) {
    const made = audit ? [auditLine(c, process)] : connectionLines(c);
    lines.push(...made.filter((line) => line.at < to));
    if (lines.length > MAX_LINES) break;
  }
  if (!audit && kind === 'mongod') for (const run of runs) lines.push({ at: run.at, order: 5, text: run.line });
  return lines
    .sort((a, b) => a.at - b.at || a.order - b.order)
    .slice(0, MAX_LINES)
    .map((line) => line.text);
}
