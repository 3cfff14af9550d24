// `cdba logs download <cluster|host> [--type T] [--start T --end T] [--out FILE|--dir DIR]
// [--decompress]`: a host's log for a window (the last 24 hours by default), or every
// host's of a cluster, one file each in a directory. Files are named as the service
// names them (Content-Disposition, made safe: fileName.ts) and written through a
// temporary file (writeFile.ts). A progress line shows on a terminal (stderr), nothing
// on a pipe. Gzip is never written to a terminal: `--out -` there needs --decompress.
import { lstatSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Option, type Command } from '@commander-js/extra-typings';
import { LocalFailureError, UsageError } from '../../base/errors.js';
import { fsReason } from '../../base/fsError.js';
import { parseIsoDateTime } from '../../base/isoDate.js';
import { escapeControl } from '../../base/sanitize.js';
import type { Context } from '../../core/context.js';
import type { TableSpec } from '../../output/render.js';
import { completedArgument, lookup, withDetails, withExamples, type App } from '../command.js';
import { loadProcessResolver, parseProcessWord } from '../processes/public.js';
import { decompressedName, RunFileNames, dispositionFileName, safeFileName } from './fileName.js';

export const LOG_TYPES = ['mongodb', 'mongos', 'mongodb-audit-log', 'mongos-audit-log'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** The earliest time the service takes (2008-01-01). */
const MIN_SECONDS = 1_199_145_600;
const MAX_WINDOW_S = 31 * 86_400;
const DEFAULT_MAX = 16 * 1024 ** 3;

export interface DownloadFlags {
  type?: string;
  start?: string;
  end?: string;
  out?: string;
  dir?: string;
  decompress?: boolean;
  maxSize?: string;
}

export function registerLogsDownload(parent: Command, app: App): void {
  const command = parent
    .command('download')
    .description("download a host's log for a window (default the last 24 hours), or every host's of a cluster into a directory")
    .addArgument(completedArgument('<cluster|host>', 'a cluster name, a hostname or a process host:port', lookup('processes')))
    .addOption(new Option('--type <type>', 'which log').choices(LOG_TYPES).default('mongodb'))
    .option('--start <time>', 'from this time (ISO 8601, UTC when no zone; default 24 hours before --end)')
    .option('--end <time>', 'until this time (default now, or 24 hours after --start)')
    .option('--out <file>', 'one host: write to this file ("-" for stdout, with --decompress on a terminal)')
    .option('--dir <path>', 'write each host\'s file into this directory (default: . for a host, <cluster>-logs for a cluster); a name two hosts share gets -2')
    .option('--decompress', 'gunzip while writing (the file loses its .gz)')
    .option('--max-size <bytes>', 'largest file written, in bytes, K, M or G (default 16G)')
    .action(async (target, options, cmd) => runLogsDownload(app.context(cmd), target, options));
  withDetails(command, {
    options: {
      '--out':
        'The file\'s directory must exist; a symbolic link at the name is refused before any request (cdba writes a temporary file beside it and renames it into place, never through a link). ' +
        'With "-" on a terminal, control characters of the log are shown escaped (\\x1b), its lines and tabs kept; into a pipe or a file the bytes are as the service sent them',
      '--dir':
        'Made (mode 0700) when absent; a symbolic link or a file there is refused before any request. ' +
        'Files keep the names the service gives them; when it gives two hosts of one run the same name (or two long names are cut alike), the later host\'s file gets -2, -3... before .log or .gz, ' +
        'so no host\'s file replaces another\'s: a line on stderr says so, and the table names each host\'s file',
    },
  });
  withExamples(command, [
    ["A cluster's mongod logs of the last 24 hours, one file a host", 'cdba logs download c1'],
    ['One host, a window, as text', 'cdba logs download atlas-abc123-shard-00-00.xyz12.mongodb.net --start 2026-08-09T00:00 --end 2026-08-09T06:00 --decompress --out node0.log'],
    ['The audit log, slow queries filtered', "cdba logs download c1 --type mongodb-audit-log --dir audit"],
    ['Into a pipe', "cdba logs download c1-shard-00-00.xyz12.mongodb.net --decompress --out - | grep 'Slow query'"],
  ]);
}

/** A time flag as seconds since the epoch; exit 2 for anything else. */
export function parseTimeFlag(flag: string, text: string): number {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? parseIsoDateTime(`${text.trim()}T00:00`) : parseIsoDateTime(text);
  if (!date) throw new UsageError(`invalid ${flag} "${text}": expected an ISO 8601 time like 2026-08-09T06:00 (UTC when no zone is given)`);
  const seconds = Math.floor(date.getTime() / 1000);
  if (seconds < MIN_SECONDS) throw new UsageError(`invalid ${flag} "${text}": the service keeps no logs before 2008-01-01`);
  return seconds;
}

/** The window the flags ask for, checked as the service would (start before end, at most 31 days). */
export function windowOf(flags: Pick<DownloadFlags, 'start' | 'end'>): { startDate?: number; endDate?: number } {
  const startDate = flags.start === undefined ? undefined : parseTimeFlag('--start', flags.start);
  const endDate = flags.end === undefined ? undefined : parseTimeFlag('--end', flags.end);
  if (startDate !== undefined && endDate !== undefined) {
    if (startDate >= endDate) throw new UsageError('--start must be before --end');
    if (endDate - startDate > MAX_WINDOW_S) throw new UsageError('--start and --end may be at most 31 days apart: download a longer span in parts');
  }
  return { ...(startDate !== undefined ? { startDate } : {}), ...(endDate !== undefined ? { endDate } : {}) };
}

/** `--max-size`: bytes, or a number with K, M or G (powers of 1024). */
export function parseSize(text: string): number {
  const m = /^(\d+)([KMG]?)B?$/i.exec(text.trim());
  const value = m ? Number(m[1]) * 1024 ** ' KMG'.indexOf((m[2] || ' ').toUpperCase()) : NaN;
  if (!(value >= 1 && Number.isSafeInteger(value))) throw new UsageError(`invalid --max-size "${text}": expected bytes, or a number with K, M or G (16G)`);
  return value;
}

interface Written {
  host: string;
  file: string;
  bytes: number;
}

export const WRITTEN_TABLE: TableSpec<Written> = {
  columns: [
    { header: 'HOST', value: (w) => w.host, copyable: true },
    { header: 'FILE', value: (w) => w.file, copyable: true },
    { header: 'BYTES', value: (w) => String(w.bytes) },
  ],
  rows: (document) => (Array.isArray(document) ? (document as Written[]) : []),
};

const human = (n: number): string => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 ** 2).toFixed(1)} MB`);

/**
 * The same for the directory of the files (made when absent): not a link, not a file, and no
 * file where a directory above it should be (lstat says ENOTDIR: one line, before any request).
 */
async function checkOutDir(dir: string, label: string): Promise<void> {
  const { lstatOf } = await import('./writeFile.js');
  const stat = lstatOf(dir, label);
  if (stat?.isSymbolicLink()) throw new UsageError(`${label} is a symbolic link: cdba does not write through links; name the directory itself`);
  if (stat && !stat.isDirectory()) throw new UsageError(`${label}: not a directory`);
}

/** Makes the directory of a cluster's files (0700) when absent; refuses one that a link took the place of meanwhile. */
function makeDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new LocalFailureError(`cannot make ${escapeControl(dir)}: ${fsReason(error)}`);
  }
  if (!lstatSync(dir).isDirectory()) throw new UsageError(`${escapeControl(dir)} is not a directory of its own (a link took its place): nothing written`);
}

export async function runLogsDownload(ctx: Context, target: string, flags: DownloadFlags): Promise<void> {
  const type = (flags.type ?? 'mongodb') as LogType;
  if (!(LOG_TYPES as readonly string[]).includes(type)) throw new UsageError(`invalid --type "${type}": one of ${LOG_TYPES.join(', ')}`);
  const word = parseProcessWord(target);
  const window = windowOf(flags);
  const maxBytes = flags.maxSize === undefined ? DEFAULT_MAX : parseSize(flags.maxSize);
  if (flags.out !== undefined && flags.dir !== undefined) throw new UsageError('--out and --dir cannot be used together: --out names one file, --dir a directory for each host\'s');
  if (flags.out !== undefined && word.kind === 'cluster') throw new UsageError(`--out names one file, and ${target} is a cluster of several hosts: use --dir`);
  if (flags.out === '') throw new UsageError('--out needs a file name, or "-" for stdout');
  const toStdout = flags.out === '-';
  if (toStdout && ctx.io.outIsTTY && !flags.decompress) throw new UsageError('refusing to write gzip to a terminal: add --decompress, or name a file with --out');
  // What the client can tell before any request: a --dir that is a link or something else,
  // an --out that is not a file, or whose directory is missing.
  const defaultDir = word.kind === 'cluster' ? `${safeFileName(word.name, 'cluster')}-logs` : '.';
  const dir = resolve(flags.dir ?? defaultDir);
  if (flags.out !== undefined) {
    if (!toStdout) (await import('./writeFile.js')).checkOutFile(flags.out);
  } else {
    await checkOutDir(dir, flags.dir !== undefined ? `--dir ${escapeControl(flags.dir)}` : `${escapeControl(defaultDir)} (the directory without --dir)`);
  }

  const { resolveProcesses } = await loadProcessResolver();
  const resolved = await resolveProcesses(ctx, target);
  const mongos = type.startsWith('mongos');
  const hosts = [...new Set(resolved.processes.filter((p) => (p.typeName === 'SHARD_MONGOS') === mongos).map((p) => String(p.hostname ?? '')).filter((h) => h !== ''))];
  if (hosts.length === 0) {
    throw new UsageError(`${target} runs no ${mongos ? 'mongos' : 'mongod'}: ${mongos ? 'mongos logs are on the hosts of sharded clusters' : 'pick a mongod host'}`);
  }
  if (flags.out === undefined) makeDir(dir);
  const { downloadLog } = await import('../../api/resources/logs.js');
  const { writeBody } = await import('./writeFile.js');
  const written: Written[] = [];
  const empty: string[] = [];
  // The names this run wrote: a host whose file the service names as an earlier host's
  // (or whose long name is cut alike) gets its own, never the other's replaced.
  const names = new RunFileNames();
  for (const host of hosts) {
    const spinner = ctx.io.errIsTTY && !toStdout ? await ctx.io.spinner(`downloading ${host}`) : undefined;
    let total: number | undefined;
    let last = 0;
    let renamed: string | undefined;
    const progress = (received: number): void => {
      if (!spinner || received - last < 64 * 1024) return;
      last = received;
      spinner.update(`downloading ${host}: ${human(received)}${total ? ` of ${human(total)} (${Math.floor((received / total) * 100)}%)` : ''}`);
    };

    try {
      await downloadLog(resolved.client, resolved.projectId, host, type, window, async (body, headers) => {
        const length = Number(headers['content-length']);
        total = length > 0 ? length : undefined;
        if (toStdout) {

          const { streamToStdout } = await import('./stdout.js');
          await streamToStdout(ctx.io, body, { decompress: Boolean(flags.decompress), maxBytes });
          return;
        }
        const disposition = Array.isArray(headers['content-disposition']) ? headers['content-disposition'][0] : headers['content-disposition'];
        const served = safeFileName(dispositionFileName(disposition), `${host}_${type}.log.gz`);
        const wanted = flags.decompress ? decompressedName(served) : served;
        const own = flags.out === undefined ? names.free(wanted) : wanted;
        const name = flags.out ?? join(dir, own);
        const bytes = await writeBody(body, { path: resolve(name), decompress: Boolean(flags.decompress), maxBytes, progress });
        names.take(own);
        if (own !== wanted) renamed = `${escapeControl(host)}: the service named its file ${wanted}, as an earlier host's of this run; written as ${own}`;
        written.push({ host, file: name, bytes });
      });
      spinner?.stop();
      if (renamed) ctx.io.note(renamed);
    } catch (error) {
      spinner?.stop();
      const { EmptyLogError } = await import('./writeFile.js');
      if (error instanceof EmptyLogError && hosts.length > 1) {
        empty.push(host);
        ctx.io.note(`${escapeControl(host)}: the service returned an empty file (no lines for the window); nothing written`);
        continue;
      }
      throw error;
    }
  }
  if (toStdout) return;
  if (written.length === 0) {
    const { EmptyLogError } = await import('./writeFile.js');
    throw new EmptyLogError(`the service returned an empty file for every host of ${target}: nothing written`);
  }
  await ctx.output(written, WRITTEN_TABLE);
}
