// What `env up` made, so that `env down` removes exactly that:
//
//   <configDir>/env/<sha256(baseUrl, projectId, name)>.json
//
// Names only, never the password. Written with writePrivateFileSync (0600, never
// through a symlink, never into a directory others can write), and read back under
// the same rules (readPrivateFileSync): a file cdba would refuse to write is refused.
// Even then it is untrusted: capped in size, checked field by field, a damaged one
// counts as absent; and `env down` deletes only what carries the env's marks
// (names.ts), so the file can only keep it from deleting, never make it delete.
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { LocalFailureError, UsageError } from '../../base/errors.js';
import { fsReason, isFsError } from '../../base/fsError.js';
import { readPrivateFileSync, UnsafePathError, writePrivateFileSync } from '../../base/privateFile.js';

/** A holder's ID as env up makes it (holders.ts): what the state file and the user's label carry. */
export const isHolderId = (value: unknown): value is string => typeof value === 'string' && /^[a-z0-9]{8,32}$/.test(value);

const MAX_FILE_BYTES = 16 * 1024;

export interface EnvState {
  baseUrl: string;
  projectId: string;
  name: string;
  /** created: false when `up` found the cluster there without the env's tag, so `down` keeps it even if it carries the tag later; true from before up's create is sent (a lost answer leaves it the env's). */
  cluster: { name: string; created: boolean };
  /** The access-list entry `up` used (an address or a CIDR block); `down` removes it only while it carries the env's comment. */
  entry?: string;
  /** This run's holder ID (holders.ts), on its user's labels: env down removes only what this run holds. */
  holder?: string;
  /** This run's user: cdba-env-<name>, or cdba-env-<name>.<holder> when it joined the env with --share. */
  user?: string;
  /** When the first env up of it on this runner started (ISO 8601, this machine's clock): where `env diagnose` starts its window. */
  since?: string;
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;

function checked(data: unknown): EnvState | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  const cluster = d.cluster as Record<string, unknown> | undefined;
  if (!isString(d.baseUrl) || !isString(d.projectId) || !isString(d.name) || !cluster || !isString(cluster.name) || typeof cluster.created !== 'boolean') return undefined;
  if (d.entry !== undefined && !isString(d.entry)) return undefined;
  if (d.holder !== undefined && !isHolderId(d.holder)) return undefined;
  if (d.user !== undefined && !isString(d.user)) return undefined;
  // A damaged time is dropped, not the record: down must still find what up made.
  const since = typeof d.since === 'string' && !Number.isNaN(Date.parse(d.since)) ? d.since : undefined;
  return {
    baseUrl: d.baseUrl,
    projectId: d.projectId,
    name: d.name,
    cluster: { name: cluster.name, created: cluster.created },
    ...(d.entry !== undefined ? { entry: d.entry as string } : {}),
    ...(d.holder !== undefined ? { holder: d.holder as string } : {}),
    ...(d.user !== undefined ? { user: d.user as string } : {}),
    ...(since !== undefined ? { since } : {}),
  };
}

export class EnvStateFile {
  readonly dir: string;
  readonly file: string;

  constructor(
    private readonly configDir: string,
    readonly baseUrl: string,
    readonly projectId: string,
    readonly name: string,
  ) {
    this.dir = join(configDir, 'env');
    const key = createHash('sha256').update(`${baseUrl}\n${projectId}\n${name}`, 'utf8').digest('hex');
    this.file = join(this.dir, `${key}.json`);
  }

  /**
   * The recorded state, or undefined when there is none (or it is damaged). Throws
   * UnsafePathError (exit 2) for a file or directory cdba would not write.
   */
  read(): EnvState | undefined {
    let text: string | undefined;
    try {
      text = readPrivateFileSync(this.file, MAX_FILE_BYTES, [this.configDir, this.dir]);
    } catch (error) {
      throw this.refusal(error);
    }
    if (text === undefined) return undefined;
    let state: EnvState | undefined;
    try {
      state = checked(JSON.parse(text));
    } catch {
      return undefined;
    }
    // Another service, project or name under the same key cannot happen unless the file was edited: ignore it.
    return state && state.baseUrl === this.baseUrl && state.projectId === this.projectId && state.name === this.name ? state : undefined;
  }

  /** Why the file cannot be used, in one line that names the env. */
  private refusal(error: unknown): unknown {
    const hint = 'remove what you did not put there, or set CDBA_CONFIG_DIR to a directory only you can write';
    if (error instanceof UnsafePathError) return new UnsafePathError(`refusing the state file of env ${this.name}: ${error.message}`, { hint });
    if (isFsError(error)) return new UsageError(`cannot use the state file of env ${this.name} (${this.file}): ${fsReason(error)}`, { hint });
    return error;
  }

  /**
   * Before `up` makes anything: the directory made (0700) and writable, and what is
   * there readable under the writer's rules; answers the recorded state. Throws a
   * usage error (exit 2) naming why the state could not be kept.
   */
  prepare(): EnvState | undefined {
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      accessSync(this.dir, constants.W_OK); // an immutable directory refuses even root
    } catch (error) {
      throw this.refusal(error);
    }
    return this.read();
  }

  /** After requests were made (prepare() passed): a failure is exit 1, never 2. */
  write(state: EnvState): void {
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      writePrivateFileSync(this.file, `${JSON.stringify(state, null, 2)}\n`, [this.configDir, this.dir]);
    } catch (error) {
      throw this.late(error, 'record');
    }
  }

  remove(): void {
    try {
      unlinkSync(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw this.late(error, 'remove');
    }
  }

  private late(error: unknown, verb: string): unknown {
    if (!(error instanceof UnsafePathError) && !isFsError(error)) return error;
    const reason = error instanceof UnsafePathError ? error.message : `${this.file}: ${fsReason(error)}`;
    return new LocalFailureError(`cannot ${verb} the state of env ${this.name}: ${reason}`);
  }
}
