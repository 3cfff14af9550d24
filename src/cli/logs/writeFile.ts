// Writing one downloaded log: to a temporary file beside the final one (created new,
// O_EXCL | O_NOFOLLOW, mode 0600: a log holds queries and addresses), renamed over the
// final name only once the whole body is written; removed on any failure, Ctrl-C or
// SIGTERM, so a partial download never stays under the final name. With `decompress`
// the body is gunzipped as it streams, its decompressed size capped (server data).
import { randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, fsyncSync, lstatSync, openSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { CdbaError, ExitCode, LocalFailureError, UsageError } from '../../base/errors.js';
import { fsReason } from '../../base/fsError.js';
import { escapeControl } from '../../base/sanitize.js';
import { onTerminate } from '../../base/terminate.js';

const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** The service answered an empty file: nothing was written (exit 17). */
export class EmptyLogError extends CdbaError {
  readonly exitCode = ExitCode.emptyFile;
}

/** A body past its cap (compressed, or decompressed with --decompress). */
export class TooLargeError extends CdbaError {
  readonly exitCode = ExitCode.general;
}

export interface WriteTarget {
  /** The final path. */
  path: string;
  decompress: boolean;
  /** Most bytes written (after decompression). */
  maxBytes: number;
  /** Told the bytes received so far (compressed), and the total when the service said it. */
  progress?: (received: number) => void;
}

/**
 * What the client can tell of an --out FILE before any request (`logs download --out`,
 * `api <operation> --out`): its directory exists (cdba makes none) and takes a new file,
 * and the name is absent or a regular file, never a link (cdba does not write through one;
 * the directories above it may be links). Exit 2, one line.
 */
export function checkOutFile(out: string): void {
  if (out === '') throw new UsageError('--out needs a file name, or "-" for stdout');
  const label = `--out ${escapeControl(out)}`;
  const parent = dirname(resolve(out));
  const cannot = (error: unknown): UsageError => new UsageError(`${label}: cannot write in ${escapeControl(dirname(out))}: ${fsReason(error)} (cdba makes no directory for --out)`);
  let parentStat;
  try {
    parentStat = statSync(parent);
  } catch (error) {
    throw cannot(error);
  }
  if (!parentStat.isDirectory()) throw new UsageError(`${label}: ${escapeControl(dirname(out))} is not a directory`);
  try {
    accessSync(parent, constants.W_OK);
  } catch (error) {
    throw cannot(error);
  }
  const stat = lstatOf(resolve(out), label);
  if (stat?.isSymbolicLink()) throw new UsageError(`${label} is a symbolic link: cdba does not write through links; name the file itself`);
  if (stat && !stat.isFile()) throw new UsageError(`${label}: not a regular file; cdba writes a new file under that name`);
}

/** What a path itself is (a link is a link, not what it points to); undefined when nothing is there. */
export function lstatOf(path: string, label: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`${label}: ${fsReason(error)}`);
  }
}

/** Refuses a final path that is not a regular file or absent (a link, a directory): exit 2. */
export function checkFinalPath(path: string): void {
  let stats;
  try {
    stats = lstatSync(path);
  } catch {
    return;
  }
  if (!stats.isFile()) throw new UsageError(`refusing to write ${path}: it exists and is not a regular file${stats.isSymbolicLink() ? ' (a symbolic link)' : ''}`);
}

/** Writes a body to `target.path` through a temporary file; answers the bytes written. */
export async function writeBody(body: AsyncIterable<Uint8Array>, target: WriteTarget): Promise<number> {
  checkFinalPath(target.path);
  const temp = join(dirname(target.path), `.${basename(target.path)}.${randomBytes(6).toString('hex')}.part`);
  let fd: number;
  try {
    fd = openSync(temp, CREATE_NEW, 0o600);
  } catch (error) {
    throw new LocalFailureError(`cannot write in ${dirname(target.path)}: ${fsReason(error)}`);
  }
  let open = true;
  const remove = (): void => {
    if (open) {
      try {
        closeSync(fd);
      } catch { /* already closed */ }
      open = false;
    }
    try {
      unlinkSync(temp);
    } catch { /* gone */ }
  };
  const undo = onTerminate(remove);
  let received = 0;
  let written = 0;
  try {
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        target.progress?.(received);
        if (!target.decompress && received > target.maxBytes) return done(new TooLargeError(`the log passed ${target.maxBytes} bytes; stopped (raise --max-size to take more)`));
        done(null, chunk);
      },
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        if (written > target.maxBytes) return done(new TooLargeError(`the log passed ${target.maxBytes} bytes once decompressed; stopped (raise --max-size to take more)`));
        try {
          writeSync(fd, chunk);
          done();
        } catch (error) {
          done(new LocalFailureError(`cannot write ${target.path}: ${fsReason(error)}`));
        }
      },
    });
    if (target.decompress) await pipeline(body, counter, createGunzip(), sink);
    else await pipeline(body, counter, sink);
    if (received === 0) throw new EmptyLogError('the service returned an empty file: the log has no lines for this window (nothing written)');
    fsyncSync(fd);
    closeSync(fd);
    open = false;
    renameSync(temp, target.path);
    return written;
  } catch (error) {
    remove();
    if (error instanceof CdbaError) throw error;
    if ((error as { code?: string }).code?.startsWith('Z_')) throw new LocalFailureError(`the log is not valid gzip: ${(error as Error).message}; nothing written`);
    throw error;
  } finally {
    undo();
  }
}
