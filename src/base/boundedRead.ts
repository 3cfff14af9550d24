// The one way cdba and its emulator read what a user points them at: a file,
// a device, a FIFO or stdin. Every read has a cap, so /dev/zero is one line and
// not a crash; where a regular file is meant, anything else is refused before a
// byte is read, so a FIFO with no writer does not hang. Text is strict UTF-8.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { UsageError } from './errors.js';
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
    // Read in chunks to the end, not to the size stat gave: the file may grow meanwhile.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > limits.maxBytes) throw tooLarge(path, limits);
      chunks.push(chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw cannotRead(path, limits, fsReason(error));
  } finally {
    closeSync(fd);
  }
}

/** Reads a stream (stdin) to its end, refusing it past `maxBytes` without reading further. */
export async function readBoundedStream(stream: AsyncIterable<Buffer | string>, source: string, limits: ReadLimits): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    // Leaving the loop destroys the stream: /dev/zero is not read on.
    if (total > limits.maxBytes) throw tooLarge(source, limits);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a path that may also be a pipe (`--file /dev/stdin`, `--file <(jq ...)`):
 * a regular file as readRegularFileSync does, a FIFO or character device as a
 * capped stream; a directory, socket or block device is refused.
 */
export async function readBoundedPath(path: string, limits: ReadLimits): Promise<Buffer> {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    throw cannotRead(path, limits, fsReason(error));
  }
  if (stats.isFile() || stats.isDirectory()) return readRegularFileSync(path, limits);
  if (!stats.isFIFO() && !stats.isCharacterDevice()) throw cannotRead(path, limits, `it is ${kindOf(stats)}`);
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw cannotRead(path, limits, fsReason(error));
  }
  try {
    return await readBoundedStream(handle.createReadStream({ autoClose: false }), path, limits);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw cannotRead(path, limits, fsReason(error));
  } finally {
    await handle.close();
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
