// The one way cdba writes a file of its own: the config, the token cache, the
// digest session, the completion cache (and the `env` state and flex-cluster
// caches to come), and the emulator's --state file.
//
// - Atomic: a temp file beside the target, then rename, so a reader never sees
//   half a file.
// - The temp file has an unpredictable name and is created exclusively without
//   following links (O_CREAT | O_EXCL | O_NOFOLLOW): a name planted in advance,
//   as a file or a symlink, makes the write fail instead of writing through it.
//   rename() replaces the directory entry of the target, so a symlink planted
//   at the target is replaced, never followed.
// - Private files (writePrivateFileSync) go only into a directory owned by this
//   user and writable by no one else, and never over a file that is a link, not
//   a regular file, or owned by someone else: whoever can write the directory
//   could otherwise swap what cdba writes, or read the secrets in it.
// - Reading one back (readPrivateFileSync) applies the same rules: a file cdba
//   would refuse to write is one it did not write, and is not trusted.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, fsyncSync, lstatSync, openSync, readdirSync, readSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UnsafePathError } from './errors.js';

export { UnsafePathError };

const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** The temp name for `path`: random, so no one can plant it ahead of the write. */
export function tempPathFor(path: string): string {
  return `${path}.${randomBytes(8).toString('hex')}.tmp`;
}

const uid = (): number | undefined => process.getuid?.();

/** Why `dir` may not hold this user's private files, or undefined when it may. */
export function unsafeDirReason(dir: string): string | undefined {
  const me = uid();
  if (me === undefined) return undefined; // no POSIX owners (Windows)
  const stat = statSync(dir);
  if (!stat.isDirectory()) return `${dir} is not a directory`;
  if (stat.uid !== me) return `directory ${dir} is owned by another user (uid ${stat.uid})`;
  if ((stat.mode & 0o022) !== 0) return `directory ${dir} is writable by others (mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')})`;
  return undefined;
}

/** Why an existing `file` may not be replaced with a private file, or undefined (also when there is none). */
export function unsafeFileReason(file: string): string | undefined {
  let stat;
  try {
    stat = lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return fileReason(file, stat);
}

function fileReason(file: string, stat: Stats): string | undefined {
  if (stat.isSymbolicLink()) return `${file} is a symbolic link`;
  if (!stat.isFile()) return `${file} is not a regular file`;
  const me = uid();
  if (me !== undefined && stat.uid !== me) return `${file} is owned by another user (uid ${stat.uid})`;
  return undefined;
}

const isMissing = (error: unknown): boolean => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Why a file cdba reads its settings or credentials from (config.json, a token cache)
 * is not to be trusted, or undefined when it may be read (also when there is none):
 * a file others could have put there or changed is not one this user wrote. As ssh
 * judges its config: `dirs` (default: the file's own) owned by this user or root and
 * writable by no one else, the file not a link, owned by this user or root, and
 * writable by no one else. Root is trusted because it can act as this user anyway: a
 * read-only config that an administrator provides (root's 0755 directory) still works.
 */
export function untrustedReason(file: string, dirs: readonly string[] = [dirname(file)]): string | undefined {
  const me = uid();
  if (me === undefined) return undefined; // no POSIX owners (Windows)
  const trusted = (owner: number): boolean => owner === me || owner === 0;
  const octal = (mode: number): string => (mode & 0o777).toString(8).padStart(4, '0');
  let stat: Stats;
  try {
    stat = lstatSync(file);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  for (const dir of dirs) {
    const dirStat = statSync(dir);
    if (!trusted(dirStat.uid)) return `directory ${dir} is owned by another user (uid ${dirStat.uid})`;
    if ((dirStat.mode & 0o022) !== 0) return `directory ${dir} is writable by others (mode ${octal(dirStat.mode)})`;
  }
  if (stat.isSymbolicLink()) return `${file} is a symbolic link`;
  if (!stat.isFile()) return undefined; // the reader says what it is
  if (!trusted(stat.uid)) return `${file} is owned by another user (uid ${stat.uid})`;
  if ((stat.mode & 0o022) !== 0) return `${file} is writable by others (mode ${octal(stat.mode)})`;
  return undefined;
}

/**
 * Reads back a private file under the rules it is written by: `dirs` (default: the
 * file's own) this user's alone, the file a regular file of this user's, opened
 * without following a link and without blocking. Undefined when there is none, or
 * when it is larger than `maxBytes` (not one cdba wrote). Throws UnsafePathError
 * saying why, and the fs error otherwise.
 */
export function readPrivateFileSync(path: string, maxBytes: number, dirs: readonly string[] = [dirname(path)]): string | undefined {
  for (const dir of dirs) {
    let reason;
    try {
      reason = unsafeDirReason(dir);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    if (reason) throw new UnsafePathError(reason);
  }
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (isMissing(error)) return undefined;
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new UnsafePathError(`${path} is a symbolic link`);
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    const reason = fileReason(path, stat);
    if (reason) throw new UnsafePathError(reason);
    if (stat.size > maxBytes) return undefined;
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (let n; length <= maxBytes && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    return length > maxBytes ? undefined : buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a private file (mode 0600) atomically. `dirs` are the directories
 * that must be this user's alone (default: the file's own); throws
 * UnsafePathError when one is not, or when the existing file may not be
 * replaced, and the fs error otherwise. `durable: false` skips the fsync, for
 * a cache whose loss after a crash costs a round trip (0.2-7 ms of waiting on
 * this kind of disk, in every call that writes it).
 */
export function writePrivateFileSync(path: string, data: string, dirs: readonly string[] = [dirname(path)], { durable = true } = {}): void {
  for (const dir of dirs) {
    const reason = unsafeDirReason(dir);
    if (reason) throw new UnsafePathError(reason);
  }
  const reason = unsafeFileReason(path);
  if (reason) throw new UnsafePathError(reason);
  writeFileAtomicSync(path, data, 0o600, durable);
}

/** How many bytes of `buffer` from `offset` were written (node's writeSync; a test's short writer). */
export type WriteBytes = (fd: number, buffer: Buffer, offset: number, length: number) => number;

/**
 * Writes every byte of `data`: write(2) may write fewer than asked (a full disk, a
 * file size limit such as `ulimit -f`), and the next call then says why (ENOSPC,
 * EFBIG). A call that writes nothing is an error too: the file would be short.
 */
function writeAllSync(fd: number, data: string, write: WriteBytes): void {
  const bytes = Buffer.from(data, 'utf8');
  for (let offset = 0; offset < bytes.length; ) {
    const written = write(fd, bytes, offset, bytes.length - offset);
    if (!(written > 0)) throw Object.assign(new Error(`EIO: nothing written at byte ${offset} of ${bytes.length}`), { code: 'EIO' });
    offset += written;
  }
}

/**
 * Temp file (random name, exclusive, no links followed, 0600), every byte written,
 * fsync unless not `durable`, rename. On any failure (a short write among them) the
 * temp file is removed and the target is left as it was. `write` is node's writeSync
 * but in tests.
 */
export function writeFileAtomicSync(path: string, data: string, mode = 0o600, durable = true, write: WriteBytes = writeSync): void {
  const temp = tempPathFor(path);
  let fd: number | undefined;
  try {
    fd = openSync(temp, CREATE_NEW, mode);
    writeAllSync(fd, data, write);
    if (durable) fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      // Never created, or already renamed.
    }
    throw error;
  }
}

/**
 * The asynchronous, durable form (the emulator's --state): the temp file is
 * synced before the rename and the directory after it, so an acknowledged
 * write survives a crash.
 */
export async function writeFileAtomic(path: string, data: string, mode = 0o600): Promise<void> {
  const temp = tempPathFor(path);
  try {
    const file = await open(temp, CREATE_NEW, mode);
    try {
      await file.writeFile(data, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  try {
    const dir = await open(dirname(path), 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    // Some platforms cannot open or sync a directory; the file itself is already synced.
  }
}

/**
 * Removes temp files a killed writer left beside `path` (`<name>.<random>.tmp`,
 * and the `<name>.<pid>.<n>.tmp` of older versions): only regular files of
 * this user. Returns how many. Best effort: an unreadable directory is none.
 */
export function removeLeftoverTemps(path: string): number {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  const me = uid();
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !/^(?:[0-9a-f]{16}|\d+\.\d+)\.tmp$/.test(name.slice(prefix.length))) continue;
    const temp = join(dir, name);
    try {
      const stat = lstatSync(temp);
      if (!stat.isFile() || (me !== undefined && stat.uid !== me)) continue;
      unlinkSync(temp);
      removed += 1;
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}
