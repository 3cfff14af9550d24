// Writing one downloaded log: to a temporary file beside the final one (created new,
// O_EXCL | O_NOFOLLOW, mode 0600: a log holds queries and addresses), renamed over the
// final name only once the whole body is written; removed on any failure, Ctrl-C or
// SIGTERM, so a partial download never stays under the final name. With `decompress`
// the body is gunzipped as it streams, its decompressed size capped (server data).
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, lstatSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { CdbaError, ExitCode, LocalFailureError, UsageError } from '../../base/errors.js';
import { fsReason } from '../../base/fsError.js';
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
