// The evidence of an env (issue 45, item 8): what `run --diagnostics DIR` writes when CMD
// fails, before env down, and `env diagnose <name> --dir DIR` on demand. Into DIR:
//
//   events.json        the project's events of the window: the env's cluster's, and those
//                      about no cluster (users, access list, the project); other clusters'
//                      events are left out ({window, cluster, results})
//   alerts.json        the project's open alerts ({results})
//   logs/<host>.log    each mongod host's log of the window, decompressed (mongod's JSON
//                      lines, ready for grep and jq; upload-artifact zips them anyway); two
//                      hosts whose names come out alike get <host>.log and <host>-2.log
//   slow-queries.json  the Performance Advisor's slow queries of each mongod process of the
//                      cluster for the window ([{process, slowQueries}], as
//                      `performance-advisor slow-queries -o json` prints them)
//   manifest.json      written last: the env, the window, what was collected and what failed
//
// The window runs from `since` to the service's now (its Date header), in whole seconds. A
// part that cannot be collected is one stderr line and an entry of the manifest; the rest
// is still written. DIR is created (0700) when absent; cdba writes only new files in it
// (O_EXCL | O_NOFOLLOW, mode 0600: logs hold queries and addresses), never through a link,
// never over a file. The other groups are reached through their public faces, loaded here.
import { closeSync, constants, lstatSync, mkdirSync, openSync, readdirSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { UsageError } from '../../base/errors.js';
import { fsReason, isFsError } from '../../base/fsError.js';
import { escapeControl } from '../../base/sanitize.js';
import type { Context } from '../../core/context.js';

export const DIAGNOSTICS_FILES = {
  events: 'events.json',
  alerts: 'alerts.json',
  slowQueries: 'slow-queries.json',
  logs: 'logs',
  manifest: 'manifest.json',
} as const;

/** The most a host's log may take once decompressed. */
const MAX_LOG_BYTES = 512 * 1024 ** 2;
/** The longest window the service's log download takes: an older start is moved up to it. */
const MAX_LOG_WINDOW_S = 31 * 86_400;
/** Most events kept (newest first, as the service lists them). */
const MAX_EVENTS = 20_000;

const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/**
 * A diagnostics directory as given, checked before any request (and before env up makes
 * anything): absent (created when written), or an empty directory that is not a link.
 * A file, a link or a directory with anything in it is refused (exit 2): cdba writes the
 * evidence only into a place that holds nothing else. Answers the absolute path.
 */
export function checkDiagnosticsDir(path: string, flag: string): string {
  if (path.trim() === '') throw new UsageError(`${flag} needs a directory`);
  const dir = resolve(path);
  const shown = escapeControl(path);
  let stat;
  try {
    stat = lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return dir;
    throw new UsageError(`${flag} ${shown}: ${isFsError(error) ? fsReason(error) : String(error)}`);
  }
  if (stat.isSymbolicLink()) throw new UsageError(`${flag} ${shown} is a symbolic link: cdba does not write through links; name the directory itself`);
  if (!stat.isDirectory()) throw new UsageError(`${flag} ${shown} is not a directory: give a new or empty directory`);
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (error) {
    throw new UsageError(`${flag} ${shown}: ${isFsError(error) ? fsReason(error) : String(error)}`);
  }
  if (entries.length > 0) throw new UsageError(`${flag} ${shown} is not empty: give a new or empty directory (cdba writes the evidence over nothing)`);
  return dir;
}

/** The service's now, from the Date header of its root; this machine's when it answers none. */
export async function serviceNow(client: ApiClient): Promise<number> {
  try {
    const { getRoot } = await import('../../api/resources/root.js');
    const { serviceNowOf } = await import('./expiry.js');
    return serviceNowOf(await getRoot(client)) ?? Date.now();
  } catch {
    return Date.now();
  }
}

export interface DiagnosticsTarget {
  /** The env's name, and its cluster's. */
  name: string;
  cluster: string;
  projectId: string;
  client: ApiClient;
  /** The window's start, ms on the service's clock. */
  since: number;
  /** What ended it: CMD and its exit status (run). */
  command?: { word: string; status: number };
}

interface Collected {
  part: string;
  file: string;
  count: number;
}

interface Failed {
  part: string;
  error: string;
}

interface Skipped {
  part: string;
  reason: string;
}

export interface DiagnosticsManifest {
  env: string;
  cluster: string;
  projectId: string;
  window: { since: string; until: string };
  command?: { word: string; status: number };
  collected: Collected[];
  /** What the cluster has none of: a flex or shared-tier cluster shows no processes, so no logs and no slow queries. */
  skipped: Skipped[];
  failed: Failed[];
}

/** Creates `path` as a new file (never through a link, never over one) holding `text`, mode 0600. */
function writeNewFile(path: string, text: string): void {
  const fd = openSync(path, CREATE_NEW, 0o600);
  try {
    const data = Buffer.from(text, 'utf8');
    for (let written = 0; written < data.length; ) written += writeSync(fd, data, written);
  } finally {
    closeSync(fd);
  }
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const isoOf = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Makes the directory (0700) if absent, and checks it is one, not a link: nothing is written otherwise. */
function prepareDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (stat.isSymbolicLink() || !stat.isDirectory()) throw new Error(`${dir} is not a directory of its own (a link or a file took its place)`);
}

/**
 * Writes the env's evidence into `dir` (checked by checkDiagnosticsDir). Never throws for a
 * part: each failure is a line on stderr and an entry of the manifest. Prints one line naming
 * the directory; answers the manifest (undefined when the directory itself could not be made).
 */
export async function collectDiagnostics(ctx: Context, target: DiagnosticsTarget, dir: string): Promise<DiagnosticsManifest | undefined> {
  try {
    prepareDir(dir);
  } catch (error) {
    ctx.io.note(`cdba: diagnostics not written: cannot make ${escapeControl(dir)}: ${escapeControl(isFsError(error) ? fsReason(error) : messageOf(error))}`);
    return undefined;
  }
  const { client, projectId, cluster } = target;
  const sinceS = Math.floor(target.since / 1000);
  const untilS = Math.max(sinceS + 1, Math.ceil((await serviceNow(client)) / 1000));
  const window = { since: isoOf(sinceS * 1000), until: isoOf(untilS * 1000) };
  const manifest: DiagnosticsManifest = { env: target.name, cluster, projectId, window, ...(target.command ? { command: target.command } : {}), collected: [], skipped: [], failed: [] };
  const part = async (name: string, work: () => Promise<Collected | Collected[]>): Promise<void> => {
    try {
      const done = await work();
      manifest.collected.push(...(Array.isArray(done) ? done : [done]));
    } catch (error) {
      const reason = isFsError(error) ? fsReason(error) : messageOf(error);
      manifest.failed.push({ part: name, error: reason });
      ctx.io.note(`cdba: diagnostics: ${name} not collected: ${escapeControl(reason)}`);
    }
  };

  await part('events', async () => {
    const { listAllEvents } = await import('../../api/resources/events.js');
    const all = await listAllEvents(client, { projectId }, { minDate: window.since, maxDate: window.until });
    // The env's cluster's events and those about no cluster; another cluster's are another env's.
    const results = all.results.filter((e) => e.clusterName === undefined || e.clusterName === null || e.clusterName === cluster).slice(0, MAX_EVENTS);
    writeNewFile(join(dir, DIAGNOSTICS_FILES.events), json({ window, cluster, results }));
    return { part: 'events', file: DIAGNOSTICS_FILES.events, count: results.length };
  });

  await part('alerts', async () => {
    const { listAllAlerts } = await import('../../api/resources/alerts.js');
    const { results } = await listAllAlerts(client, projectId, 'OPEN');
    writeNewFile(join(dir, DIAGNOSTICS_FILES.alerts), json({ results }));
    return { part: 'alerts', file: DIAGNOSTICS_FILES.alerts, count: results.length };
  });

  // The cluster's processes, once, for the logs and the slow queries (a flex cluster has none the service shows).
  const { loadProcessResolver } = await import('../processes/public.js');
  let processes: Array<Record<string, unknown>> | undefined;
  let processProblem: unknown;
  try {
    const { resolveProcesses } = await loadProcessResolver();
    processes = (await resolveProcesses(ctx, cluster)).processes.filter((p) => p.typeName !== 'SHARD_MONGOS' && typeof p.id === 'string');
  } catch (error) {
    processProblem = error;
  }
  const needProcesses = (): Array<Record<string, unknown>> => {
    if (!processes) throw processProblem;
    return processes;
  };
  // A flex or shared-tier cluster has no processes the service shows: nothing to collect, nothing failed.
  const { NotFoundError } = await import('../../base/errors.js');
  const noProcesses = processProblem instanceof NotFoundError && /is a (flex|shared-tier) cluster/.test(processProblem.message) ? processProblem.message : undefined;
  if (noProcesses) for (const name of ['logs', 'slow queries']) manifest.skipped.push({ part: name, reason: noProcesses });

  if (!noProcesses) await part('logs', async () => {
    const hosts = [...new Set(needProcesses().map((p) => String(p.hostname ?? '')).filter((h) => h !== ''))];
    const { downloadLog } = await import('../../api/resources/logs.js');
    const { loadLogWriter, safeFileName, RunFileNames } = await import('../logs/public.js');
    const { writeBody, EmptyLogError } = await loadLogWriter();
    const logsDir = join(dir, DIAGNOSTICS_FILES.logs);
    mkdirSync(logsDir, { mode: 0o700 });
    const startDate = Math.max(sinceS, untilS - MAX_LOG_WINDOW_S);
    const written: Collected[] = [];
    // Two hosts whose names are made safe or cut alike each get a file: never one over the other.
    const names = new RunFileNames();
    for (const host of hosts) {
      const own = names.free(`${safeFileName(host, 'host')}.log`);
      const file = `${DIAGNOSTICS_FILES.logs}/${own}`;
      try {
        await downloadLog(client, projectId, host, 'mongodb', { startDate, endDate: untilS }, async (body) => {
          // An empty answer (no lines in the window) is no gzip at all: said as such, not as a broken gzip.
          const iterator = body[Symbol.asyncIterator]();
          const first = await iterator.next();
          if (first.done) throw new EmptyLogError('the service returned an empty file');
          const whole = (async function* (): AsyncGenerator<Uint8Array> {
            yield first.value;
            for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
          })();
          await writeBody(whole, { path: join(dir, file), decompress: true, maxBytes: MAX_LOG_BYTES });
          names.take(own);
        });
        written.push({ part: `log ${host}`, file, count: 1 });
      } catch (error) {
        // An empty log is no failure: the host wrote nothing in the window.
        if (error instanceof EmptyLogError) written.push({ part: `log ${host}`, file: '', count: 0 });
        else throw new Error(`${host}: ${messageOf(error)}`);
      }
    }
    return written;
  });

  if (!noProcesses) await part('slow queries', async () => {
    const { listSlowQueries } = await import('../../api/resources/performanceAdvisor.js');
    const answers: Array<Record<string, unknown>> = [];
    let count = 0;
    for (const process of needProcesses()) {
      const answer = await listSlowQueries(client, projectId, String(process.id), { since: sinceS * 1000, duration: (untilS - sinceS) * 1000 });
      count += Array.isArray(answer.slowQueries) ? answer.slowQueries.length : 0;
      answers.push({ process: process.id, ...answer });
    }
    writeNewFile(join(dir, DIAGNOSTICS_FILES.slowQueries), json(answers));
    return { part: 'slow queries', file: DIAGNOSTICS_FILES.slowQueries, count };
  });

  try {
    writeNewFile(join(dir, DIAGNOSTICS_FILES.manifest), json(manifest));
  } catch (error) {
    ctx.io.note(`cdba: diagnostics: ${DIAGNOSTICS_FILES.manifest} not written: ${escapeControl(isFsError(error) ? fsReason(error) : messageOf(error))}`);
  }
  const has = (name: string): boolean => manifest.collected.some((c) => c.part === name);
  const logs = manifest.collected.filter((c) => c.part.startsWith('log ') && c.file !== '').length;
  const parts = [...(has('events') ? ['events'] : []), ...(has('alerts') ? ['alerts'] : []), ...(logs > 0 ? [`${logs} host log${logs === 1 ? '' : 's'}`] : []), ...(has('slow queries') ? ['slow queries'] : [])];
  const failed = manifest.failed.length > 0 ? `; not collected: ${manifest.failed.map((f) => f.part).join(', ')}` : '';
  const skipped = noProcesses ? ` (no logs nor slow queries: ${cluster} has no processes the service shows)` : '';
  ctx.io.note(`cdba: diagnostics of env ${target.name} (${window.since} to ${window.until}) written to ${escapeControl(dir)}: ${parts.join(', ') || 'nothing'}${skipped}${failed}`);
  return manifest;
}
