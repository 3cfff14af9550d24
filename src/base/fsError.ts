// Plain words for the file-system errors a user can cause (a path that is a file,
// a directory without write permission, a full disk), instead of node's raw
// "EACCES: permission denied, mkdir '…'".

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EISDIR: 'it is a directory',
  EEXIST: 'a file is in the way',
  ENOENT: 'no such file or directory',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'the file is larger than the file size limit (ulimit -f)',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the path is too long',
  EMFILE: 'too many open files',
  EIO: 'input/output error',
};

/** True for an error node's fs module throws (it has a string `code` such as EACCES). */
export function isFsError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && /^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code!);
}

/**
 * "permission denied", or the code itself for an error not listed. With
 * `withCode`, "EACCES: permission denied": the code is what a search finds.
 */
export function fsReason(error: unknown, options: { withCode?: boolean } = {}): string {
  const code = isFsError(error) ? error.code! : undefined;
  if (code === undefined) return (error as Error)?.message ?? String(error);
  const reason = REASONS[code];
  if (reason === undefined) return code;
  return options.withCode ? `${code}: ${reason}` : reason;
}
