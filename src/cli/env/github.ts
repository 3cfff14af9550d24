// `env up -o github` appends to the files GitHub Actions names in $GITHUB_ENV and
// $GITHUB_OUTPUT: regular files of the job's own. Each is opened the same way when
// planning (then closed: checked before any request) and when writing: for appending,
// never created, never through a symbolic link (O_NOFOLLOW), and without blocking
// (O_NONBLOCK: a FIFO with no reader is ENXIO at once, one with a reader is refused
// by its type), so a signal is always acted on. Anything but a writable regular file
// is refused with one line naming the variable (exit 2 before any request).
import { closeSync, constants, fstatSync, openSync, writeSync, type Stats } from 'node:fs';
import { LocalFailureError, UsageError } from '../../base/errors.js';
import { fsReason } from '../../base/fsError.js';

export interface GithubFiles {
  env: string;
  output: string;
}

const FLAGS = constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

function kindOf(stat: Stats): string | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isDirectory()) return 'is a directory';
  if (stat.isFIFO()) return 'is a FIFO';
  if (stat.isCharacterDevice()) return 'is a character device';
  if (stat.isBlockDevice()) return 'is a block device';
  if (stat.isSocket()) return 'is a socket';
  return 'is not a regular file';
}

/** Why open() failed, in the words of the refusal. */
function openProblem(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'does not exist';
    case 'ELOOP':
      return 'is a symbolic link';
    case 'EISDIR':
      return 'is a directory';
    case 'ENXIO':
      return 'is a FIFO'; // O_NONBLOCK: no one reads it
    default:
      return `cannot be written (${fsReason(error)})`;
  }
}

/** Opens one file as described above; throws `refuse(problem)`. */
function openFile(variable: string, path: string, refuse: (message: string) => Error): number {
  const refusal = (problem: string): Error => refuse(`-o github appends to $${variable}, and ${path} ${problem}`);
  let fd: number;
  try {
    fd = openSync(path, FLAGS);
  } catch (error) {
    throw refusal(openProblem(error));
  }
  const kind = kindOf(fstatSync(fd));
  if (kind) {
    closeSync(fd);
    throw refusal(kind);
  }
  return fd;
}

const usage = (message: string): Error => new UsageError(message, { hint: 'GitHub Actions sets both to files of the job\'s own; outside it, use -o env or -o json' });

/** Both files open as `env up` will open them at the end: refused now, before any request. */
export function checkGithubFiles(files: GithubFiles): void {
  for (const [variable, path] of [['GITHUB_ENV', files.env], ['GITHUB_OUTPUT', files.output]] as const) closeSync(openFile(variable, path, usage));
}

/** Appends the lines; a file changed since the check is refused the same way, after the requests (exit 1). */
export function appendGithubFiles(files: GithubFiles, lines: { env: string; output: string }, hint: string): void {
  const late = (message: string): Error => new LocalFailureError(message, { hint });
  for (const [variable, path, text] of [['GITHUB_ENV', files.env, lines.env], ['GITHUB_OUTPUT', files.output, lines.output]] as const) {
    const fd = openFile(variable, path, late);
    try {
      const data = Buffer.from(text, 'utf8');
      for (let written = 0; written < data.length; ) written += writeSync(fd, data, written);
    } catch (error) {
      throw late(`-o github could not append to $${variable} (${path}): ${fsReason(error)}`);
    } finally {
      closeSync(fd);
    }
  }
}
