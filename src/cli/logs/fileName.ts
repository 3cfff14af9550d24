// The name a downloaded log gets (pure). The service names the file in Content-Disposition
// (`<host>_<start>_<end>_MONGODB.log.gz`), which is server data: it is never a path. Only
// its last component is kept, every character outside letters, digits, `.`, `_` and `-`
// becomes `_` (a `:` of its times too, for file systems that refuse it), a leading dot is
// dropped (no hidden file, no `..`), and its length is capped.
export const MAX_FILE_NAME = 200;

/** The filename of a Content-Disposition header (RFC 6266: quoted, token or filename*), or undefined. */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      return undefined;
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted) return quoted[1]!.replace(/\\(.)/g, '$1');
  const token = /filename\s*=\s*([^;\s]+)/.exec(header);
  return token?.[1];
}

/**
 * A file name safe to create in a directory cdba chose: the name's last path component,
 * only `[A-Za-z0-9._-]`, no leading dot, at most MAX_FILE_NAME characters (the end kept,
 * which holds the type and extension); `fallback` when nothing is left.
 */
export function safeFileName(name: string | undefined, fallback: string): string {
  const last = (name ?? '').split(/[/\\]/).pop() ?? '';
  let safe = last.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._]+/, '');
  if (safe.length > MAX_FILE_NAME) safe = safe.slice(safe.length - MAX_FILE_NAME).replace(/^[._]+/, '');
  return safe === '' || /^\.+$/.test(safe) ? fallback : safe;
}

/** The name once decompressed: `.gz` taken off (a name without it gets `.log` added unless it has it). */
export function decompressedName(name: string): string {
  if (name.endsWith('.gz')) return name.slice(0, -3) || 'log';
  return name.endsWith('.log') ? name : `${name}.log`;
}

/**
 * The file names one run wrote into one directory. A host whose file the service names as an
 * earlier host's, or whose long name is cut alike, gets its own name: `-2`, `-3`, ... before
 * the `.log` / `.gz` ending (the start cut so it stays within MAX_FILE_NAME), never the other
 * host's file replaced. Names are compared without case (a case-insensitive file system holds
 * only one of `A.log` and `a.log`).
 */
export class RunFileNames {
  private readonly taken = new Set<string>();

  /** `name`, or the first of its numbered forms no file of this run has. */
  free(name: string): string {
    let free = name;
    const ending = /(\.log)?(\.gz)?$/.exec(name)![0];
    for (let n = 2; this.taken.has(free.toLowerCase()); n++) {
      const suffix = `-${n}${ending}`;
      free = name.slice(0, name.length - ending.length).slice(-(MAX_FILE_NAME - suffix.length)).replace(/^[._]+/, '') + suffix;
    }
    return free;
  }

  /** Records a name written. */
  take(name: string): void {
    this.taken.add(name.toLowerCase());
  }
}
