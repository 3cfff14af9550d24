// The one way cdba and its emulator read what a user points them at: a file,
// a device, a FIFO or stdin. Every read has a cap, so /dev/zero is one line and
// not a crash; where a regular file is meant, anything else is refused before a
// byte is read, so a FIFO with no writer does not hang. Text is strict UTF-8.
//
// Nothing here blocks a thread: every path is opened with O_NONBLOCK (as
// $GITHUB_ENV is, src/cli/env/github.ts), so opening a FIFO never waits for its
// writer in libuv's thread pool, where neither Ctrl-C nor SIGTERM could reach it
// (and where the process's exit would wait for it). A pipe is then read through
// the event loop (a libuv pipe handle: epoll, no thread), which an abort stops.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { isatty } from 'node:tty';
import { InterruptedError, UsageError } from './errors.js';
import { fsReason } from './fsError.js';

/** What the caller is reading, for the one error line: `label` names the flag or setting. */
export interface ReadLimits {
  /** The flag or setting, e.g. "--seed", "caFile", "--private-key-stdin". */
  label: string;
  maxBytes: number;
  /** What the content should be, for the too-large line: "a JSON document", "a PEM file". */
  expected?: string;
}

// Caps for each kind of input. A body is a few KB; a CA bundle a few hundred;
// a seed or state file of thousands of clusters a few MB.
export const MAX_BYTES = {
  body: 5 * 1024 * 1024,
  secret: 64 * 1024,
  pem: 4 * 1024 * 1024,
  emulatorFile: 64 * 1024 * 1024,
} as const;

const size = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : bytes >= 1024 ? `${bytes / 1024} KiB` : `${bytes} bytes`;

export function tooLarge(source: string, limits: ReadLimits): UsageError {
  return new UsageError(`${source} is larger than ${size(limits.maxBytes)}${limits.expected ? `; expected ${limits.expected}` : ''}`);
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

const cannotRead = (path: string, limits: ReadLimits, reason: string): UsageError =>
  new UsageError(`${limits.label}: cannot read ${path}: ${reason}`);

/**
 * Reads a regular file, at most `maxBytes`. Opened without blocking, so a FIFO
 * is refused at once instead of waiting for a writer; a device or a directory is
 * refused before any read.
 */
export function readRegularFileSync(path: string, limits: ReadLimits): Buffer {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw cannotRead(path, limits, fsReason(error));
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw cannotRead(path, limits, 'it is a directory');
    if (!stats.isFile()) throw cannotRead(path, limits, `it is ${kindOf(stats)}, not a regular file`);
    if (stats.size > limits.maxBytes) throw tooLarge(path, limits);
    // To the end, not to the size stat gave: the file may grow meanwhile.
    return readToEndSync(fd, limits.maxBytes, () => tooLarge(path, limits));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw cannotRead(path, limits, fsReason(error));
  } finally {
    closeSync(fd);
  }
}

/** Thrown when `signal` aborts a read: the command's Ctrl-C or SIGTERM, exit 130. */
const interrupted = (source: string): InterruptedError => new InterruptedError(`interrupted while reading ${source}`);

/**
 * Reads a stream (stdin, a pipe) to its end, refusing it past `maxBytes` without
 * reading further. An abort of `signal` stops the wait at once (InterruptedError)
 * and destroys the stream.
 */
export async function readBoundedStream(stream: AsyncIterable<Buffer | string>, source: string, limits: ReadLimits, signal?: AbortSignal): Promise<Buffer> {
  if (signal?.aborted) throw interrupted(source);
  const chunks: Buffer[] = [];
  let total = 0;
  const iterator = stream[Symbol.asyncIterator]();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = (): void => reject(interrupted(source));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  try {
    for (;;) {
      const next = await (signal ? Promise.race([iterator.next(), aborted]) : iterator.next());
      if (next.done) break;
      const chunk = next.value;
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      total += buffer.length;
      if (total > limits.maxBytes) throw tooLarge(source, limits);
      chunks.push(buffer);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    // Stop reading: /dev/zero is not read on, and a pipe nobody writes holds nothing open.
    (stream as { destroy?: () => void }).destroy?.();
    void iterator.return?.().catch(() => undefined);
    throw error;
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/** How a read of a path that may be a pipe reports, and is stopped. */
export interface PathReadOptions {
  /** Aborted by Ctrl-C or SIGTERM: the read stops at once with InterruptedError. */
  signal?: AbortSignal;
  /** Called once when a FIFO has no writer yet and the read waits for one. */
  onWait?: (message: string) => void;
}

const isWouldBlock = (error: unknown): boolean => ['EAGAIN', 'EWOULDBLOCK'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Reads a path that may also be a pipe (`--file /dev/stdin`, `--file <(jq ...)`):
 * a regular file as readRegularFileSync does, a FIFO as a capped stream through
 * the event loop (its open never waits for a writer, and `signal` stops the wait),
 * a character device without blocking; a terminal, a directory, a socket or a
 * block device is refused. Every path cdba reads that may be a pipe comes here.
 */
export async function readBoundedPath(path: string, limits: ReadLimits, options: PathReadOptions = {}): Promise<Buffer> {
  if (options.signal?.aborted) throw interrupted(path);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw cannotRead(path, limits, fsReason(error));
  }
  let stats: Stats;
  try {
    stats = fstatSync(fd);
  } catch (error) {
    closeSync(fd);
    throw cannotRead(path, limits, fsReason(error));
  }
  if (stats.isFile() || stats.isDirectory()) {
    closeSync(fd);
    return readRegularFileSync(path, limits);
  }
  if (stats.isCharacterDevice()) {
    if (isatty(fd)) {
      closeSync(fd);
      throw cannotRead(path, limits, 'it is a terminal; pipe the input in or give a file');
    }
    return readDeviceSync(fd, path, limits);
  }
  if (!stats.isFIFO()) {
    closeSync(fd);
    throw cannotRead(path, limits, `it is ${kindOf(stats)}`);
  }
  return readFifo(fd, path, limits, options);
}

/** A character device that is not a terminal (/dev/zero, /dev/null): read without blocking, within the cap. */
function readDeviceSync(fd: number, path: string, limits: ReadLimits): Buffer {
  try {
    return readToEndSync(fd, limits.maxBytes, () => tooLarge(path, limits));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw cannotRead(path, limits, isWouldBlock(error) ? 'it is a device with nothing to read' : fsReason(error));
  } finally {
    closeSync(fd);
  }
}

/**
 * A FIFO opened without blocking. What is there already is read at once; then
 * the rest comes through a pipe handle on the event loop. A FIFO with no writer
 * yet reads as the end (0) here; that is said once (`onWait`), and the handle
 * waits for a writer (Linux reports no hang-up on a FIFO no writer has opened).
 */
async function readFifo(fd: number, path: string, limits: ReadLimits, options: PathReadOptions): Promise<Buffer> {
  const first = Buffer.alloc(64 * 1024);
  let n: number;
  try {
    n = readSync(fd, first, 0, first.length, null);
  } catch (error) {
    if (!isWouldBlock(error)) {
      closeSync(fd);
      throw cannotRead(path, limits, fsReason(error));
    }
    n = -1; // a writer, nothing written yet
  }
  if (n === 0) options.onWait?.(`${limits.label}: waiting for a writer to ${path} (a FIFO); Ctrl-C stops`);
  const head = n > 0 ? first.subarray(0, n) : Buffer.alloc(0);
  const { Socket } = await import('node:net');
  let socket;
  try {
    socket = new Socket({ fd, readable: true, writable: false, allowHalfOpen: true });
  } catch (error) {
    closeSync(fd);
    throw cannotRead(path, limits, fsReason(error));
  }
  try {
    const rest = await readBoundedStream(socket, path, { ...limits, maxBytes: limits.maxBytes - head.length }, options.signal);
    return Buffer.concat([head, rest]);
  } catch (error) {
    if (error instanceof UsageError) throw /is larger than/.test(error.message) ? tooLarge(path, limits) : error;
    if (error instanceof InterruptedError) throw error;
    throw cannotRead(path, limits, fsReason(error));
  } finally {
    socket.destroy();
  }
}

/** A regular file as strict UTF-8 text (see decodeUtf8). */
export function readTextFileSync(path: string, limits: ReadLimits): string {
  return decodeUtf8(readRegularFileSync(path, limits), path);
}

/**
 * Strict UTF-8: a byte that is not UTF-8 is refused, naming its offset, rather
 * than read on as U+FFFD (a Latin-1 file would otherwise change silently).
 * A leading byte-order mark is dropped.
 */
export function decodeUtf8(bytes: Uint8Array, source: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`${source}: not valid UTF-8 at byte ${invalidUtf8Offset(bytes)}; save it as UTF-8`);
  }
}

/** The offset of the first byte that makes `bytes` invalid UTF-8 (the decoder itself decides). */
function invalidUtf8Offset(bytes: Uint8Array): number {
  // The longest prefix a streaming decoder accepts; the byte after it is the bad one.
  let good = 0;
  let bad = bytes.length;
  while (good < bad) {
    const mid = Math.ceil((good + bad) / 2);
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      good = mid;
    } catch {
      bad = mid - 1;
    }
  }
  // If a multi-byte sequence was left open before that point, it is the one at fault.
  let lead = good - 1;
  while (lead >= 0 && good - lead <= 3 && (bytes[lead]! & 0xc0) === 0x80) lead--;
  const byte = bytes[lead] ?? 0;
  const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
  return lead >= 0 && good - lead < length ? lead : good;
}

/** What is left to read of fd, in 64 KiB chunks; past maxBytes, the error tooLarge() makes. */
function readToEndSync(fd: number, maxBytes: number, tooLarge: () => Error): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.alloc(64 * 1024);
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    total += n;
    if (total > maxBytes) throw tooLarge();
    chunks.push(chunk.subarray(0, n));
  }
  return Buffer.concat(chunks, total);
}

/**
 * A file cdba keeps itself (the config, its caches and sessions), read as
 * readFileSync would but opened without blocking: a FIFO planted there is refused
 * at once (an Error saying what it is) instead of stopping cdba, signals and all,
 * until someone writes it. Open errors are thrown as they come (ENOENT ...).
 */
export function readOwnFileSync(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error(`it is ${kindOf(stats)}, not a regular file`);
    return readToEndSync(fd, Infinity, () => new Error('unreachable')).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
