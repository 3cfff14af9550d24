// The names cdba has learnt are flex clusters, per service and project, so that a
// command on a flex cluster goes straight to the flex API instead of paying the
// clusters API's 400 CANNOT_USE_FLEX_CLUSTER_IN_CLUSTER_API every time (issue 26).
//
//   <configDir>/flex/names-<sha256(baseUrl, projectId)>.json   {"names": ["f1", ...]}
//
// Nothing secret; written with writePrivateFileSync (0600, atomic, never through or
// over a symlink, never into a directory others can write) and read back under the
// same rules (readPrivateFileSync): one cdba would not write counts as empty. The file
// is untrusted: capped in size and names, and a damaged one counts as empty. Best effort, like the
// digest session: a failed write costs one warning and, on the next run, one extra
// request. Two processes that learn
// names at once may each keep only their own; the other name costs one 400 again.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fsReason } from '../base/fsError.js';
import { readPrivateFileSync, UnsafePathError, writePrivateFileSync } from '../base/privateFile.js';

/** Bigger than any project's flex clusters; a larger file is not ours and is ignored. */
const MAX_FILE_BYTES = 64 * 1024;
const MAX_NAMES = 500;

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

let unwritableWarned = false;

export class FlexNames {
  readonly dir: string;
  readonly file: string;
  private names: string[] | undefined;

  constructor(
    private readonly configDir: string,
    baseUrl: string,
    projectId: string,
    private readonly warn: (line: string) => void,
  ) {
    this.dir = join(configDir, 'flex');
    this.file = join(this.dir, `names-${sha256(`${baseUrl}\n${projectId}`)}.json`);
  }

  has(name: string): boolean {
    return this.load().includes(name);
  }

  add(name: string): void {
    const names = this.load();
    if (names.includes(name)) return;
    this.names = [...names, name].slice(-MAX_NAMES);
    this.save();
  }

  forget(name: string): void {
    const names = this.load();
    if (!names.includes(name)) return;
    this.names = names.filter((n) => n !== name);
    this.save();
  }

  private load(): string[] {
    if (this.names) return this.names;
    this.names = [];
    try {
      // A symlink, another user's file or directory, anything but a small regular file: not one cdba wrote.
      const text = readPrivateFileSync(this.file, MAX_FILE_BYTES, [this.configDir, this.dir]);
      if (text === undefined) return this.names;
      const data = JSON.parse(text) as { names?: unknown };
      if (Array.isArray(data?.names)) this.names = data.names.filter((n): n is string => typeof n === 'string' && n.length <= 64).slice(-MAX_NAMES);
    } catch {
      // Unsafe, unreadable or damaged: nothing known.
    }
    return this.names;
  }

  /** Best effort: a failed write costs one warning per run, and one extra request next time. */
  private save(): void {
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      writePrivateFileSync(this.file, JSON.stringify({ names: this.names }), [this.configDir, this.dir]);
    } catch (error) {
      if (!unwritableWarned) {
        unwritableWarned = true;
        this.warn(`cannot keep the names of flex clusters in ${this.dir}: ${error instanceof UnsafePathError ? error.message : fsReason(error)}; each run asks the clusters API first`);
      }
    }
  }
}
