// The profiles file: read with fs; written atomically, 0600, never through a
// link and only into a directory of this user's own (src/base/privateFile.ts);
// a lock (proper-lockfile's directory config.lock) serialises read-modify-write
// so concurrent `profile add` runs lose nothing.
// Reading never needs write access: the directory is created (and tightened to
// 0700) only when something is written. A read warns once when others could
// read the secrets or write the directory, as ssh does.
import { chmodSync, lstatSync, mkdirSync, rmdirSync, statSync } from 'node:fs';
import { readOwnFileSync } from '../base/boundedRead.js';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { CdbaError, UsageError } from '../base/errors.js';
import { jsonSyntaxPlace } from '../base/jsonSyntax.js';
import { fsReason, isFsError } from '../base/fsError.js';
import { UnsafePathError, unsafeDirReason, untrustedReason, writePrivateFileSync } from '../base/privateFile.js';
import { onTerminate } from '../base/terminate.js';
import { CONFIG_DIR_VARIABLE, PROFILE_KEYS, type Profile } from './settings.js';
import { isObject, nestingBeyond } from '../base/object.js';

export interface ConfigFile {
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

/** CDBA_CONFIG_DIR, else $XDG_CONFIG_HOME/cdba, else ~/.config/cdba. */
export function configDirFor(env: NodeJS.ProcessEnv): string {
  const named = env[CONFIG_DIR_VARIABLE];
  if (named) return named;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'cdba');
}

export class ConfigError extends UsageError {}

/** The profile of that name, never a member every object has (`constructor`, `toString`). */
export function profileNamed(config: ConfigFile, name: string): Profile | undefined {
  return Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined;
}

/** A lock not refreshed for this long was left by a killed process (the holder refreshes it every 5 s). */
const LOCK_STALE_MS = 10_000;
/**
 * Backoff 5 ms doubling to 100 ms: about 30 s in all, so a writer waits out the
 * stale time of a lock a killed process left (100 retries, about 9.9 s, gave up
 * just before it, and the next write failed).
 */
const LOCK_WAIT = { tries: 300, firstMs: 5, maxMs: 100 };

export class ConfigStore {
  private warned = false;

  private constructor(
    readonly dir: string,
    private readonly warn: (line: string) => void,
  ) {}

  /** `warn` is told, once, when the file's secrets are exposed to other users. */
  static async open(dir: string, warn: (line: string) => void = () => {}): Promise<ConfigStore> {
    const store = new ConfigStore(dir, warn);
    store.read(); // a broken file is reported now, before any command runs
    return store;
  }

  get path(): string {
    return resolve(this.dir, 'config.json');
  }

  /**
   * A fresh read of the file; an absent file is an empty config. Read with fs
   * directly: conf (with ajv and semver) costs 15-25 ms to load, which every
   * command would pay only to read the profiles (test/bench/RESULTS.md, figure 2).
   */
  read(): ConfigFile {
    let text: string;
    try {
      this.refuseUntrusted();
      text = readOwnFileSync(this.path);
    } catch (error) {
      // No file there (even a HOME that does not exist, or is a file) is no
      // profiles: settings may all come from CDBA_* variables. A write to such
      // a directory fails with its own message.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return { profiles: {} };
      if (error instanceof CdbaError) throw error;
      throw this.unreadable(isFsError(error) ? new Error(fsReason(error)) : error);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      // Only where: V8's message quotes the text, and the file may hold a private key.
      throw this.unreadable(new Error(`invalid JSON at ${jsonSyntaxPlace(text, (error as Error).message)}`));
    }
    const problem = shapeProblem(parsed);
    if (problem) {
      throw new ConfigError(`invalid config file ${this.path}: ${problem}`, { hint: 'fix the file by hand; cdba leaves it as it is' });
    }
    const store = parsed as Partial<ConfigFile>;
    const config = { ...store, profiles: { ...(store.profiles ?? {}) } };
    this.warnIfExposed(config);
    return config;
  }

  /**
   * A config.json others could have written is not this user's, whatever it holds: its
   * base URL would receive the credentials of the environment. Refused, as ssh refuses
   * such a config, naming the fix (src/base/privateFile.ts untrustedReason).
   */
  private refuseUntrusted(): void {
    const reason = untrustedReason(this.path, [this.dir]);
    if (reason === undefined) return;
    const fix = reason.startsWith(`directory ${this.dir} is writable`)
      ? `run chmod 700 ${this.dir}`
      : / is writable by others /.test(reason)
        ? `run chmod 600 ${this.path}`
        : 'remove what you did not put there, or set CDBA_CONFIG_DIR to a directory of your own';
    throw new ConfigError(`refusing to read config file ${this.path}: ${reason}`, { hint: fix });
  }

  /** Once: secrets in a file others may read (ssh refuses such keys; we warn). */
  private warnIfExposed(config: ConfigFile): void {
    if (this.warned || process.getuid === undefined) return;
    const secret = Object.values(config.profiles).some((p) => isObject(p) && (p.privateKey !== undefined || p.clientSecret !== undefined));
    if (!secret) return;
    try {
      const mode = (path: string): number => statSync(path).mode & 0o777;
      const octal = (m: number): string => m.toString(8).padStart(4, '0');
      // A directory or file others may write is refused before this (refuseUntrusted).
      const file = mode(this.path);
      if ((file & 0o077) !== 0) {
        this.warned = true;
        this.warn(`${this.path} holds secrets and other users may read it (mode ${octal(file)}); run chmod 600 ${this.path}`);
      }
    } catch {
      // Read a moment ago; gone now is no warning.
    }
  }

  /** Applies `change` to a fresh read of the file, under the lock. */
  async update<T>(change: (config: ConfigFile) => T): Promise<T> {
    this.read(); // a broken file is reported before anything is written
    this.prepareDir();
    const release = await this.lock();
    try {
      const config = this.read();
      const result = change(config);
      // conf's layout (tab-indented), which earlier versions wrote.
      this.guardSync(() => writePrivateFileSync(this.path, `${JSON.stringify(config, null, '\t')}\n`, [this.dir]), 'write');
      return result;
    } finally {
      release();
    }
  }

  /**
   * Takes config.lock; answers its release. proper-lockfile retries every error
   * alike, so only a lock held by another cdba is waited for: anything else fails
   * at once. Each try is its sync API, and the SIGTERM cleanup is registered in the
   * same synchronous step: with the async API a SIGTERM handled between its mkdir
   * and its callback ended the process with the lock left behind (24 of 30 runs
   * signalled as the directory appeared), for the next write to wait out.
   */
  private async lock(): Promise<() => void> {
    // A CommonJS package: its functions hang off the default export once bundled.
    const { default: lockfile } = await import('proper-lockfile');
    const lockPath = join(this.dir, 'config.lock');
    const options = {
      lockfilePath: lockPath,
      realpath: false, // config.json may not exist yet
      stale: LOCK_STALE_MS,
      // Held only across synchronous code, so its refresh timer never runs, nor finds it compromised.
      onCompromised: () => {},
    };
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const release = lockfile.lockSync(this.path, options);
          // SIGTERM while the lock is held: remove it before the process ends.
          const forget = onTerminate(() => rmdirSync(lockPath));
          return () => {
            forget();
            try {
              release();
            } catch {
              // Already gone (taken over as stale): nothing to release.
            }
          };
        } catch (error) {
          if (attempt === 0 && isFile(lockPath)) {
            throw new ConfigError(`cannot lock config directory ${this.dir}: ${lockPath} is a file, not a lock`, {
              hint: 'remove it if no cdba is running',
            });
          }
          if ((error as NodeJS.ErrnoException).code !== 'ELOCKED' || attempt + 1 >= LOCK_WAIT.tries) throw error;
        }
        const delayMs = Math.min(LOCK_WAIT.maxMs, LOCK_WAIT.firstMs * 2 ** attempt * (1 + Math.random()));
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
        throw new ConfigError(`config file is locked (${lockPath}); remove it if no cdba is running`);
      }
      throw error instanceof CdbaError || !isFsError(error) ? error : this.unwritable(error, 'lock');
    }
  }

  /**
   * Creates the directory 0700, or tightens an existing one of ours; then
   * refuses one that is not ours alone (another user's, or one others may
   * write), before the lock or anything else is created in it.
   */
  private prepareDir(): void {
    this.guardSync(() => mkdirSync(this.dir, { recursive: true, mode: 0o700 }), 'create');
    try {
      chmodSync(this.dir, 0o700);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw this.unwritable(error, 'secure');
    }
    this.guardSync(() => {
      const reason = unsafeDirReason(this.dir);
      if (reason) throw new UnsafePathError(reason);
    }, 'create');
  }

  private guardSync(action: () => void, verb: string): void {
    try {
      action();
    } catch (error) {
      if (error instanceof UnsafePathError) {
        throw new ConfigError(`refusing to write secrets to ${this.path}: ${error.message}`, {
          hint: 'use a directory only you can write (chmod 700, or set CDBA_CONFIG_DIR), and remove what you did not put there',
        });
      }
      throw error instanceof CdbaError || !isFsError(error) ? error : this.unwritable(error, verb);
    }
  }

  private unwritable(error: unknown, verb: string): ConfigError {
    const what = verb === 'write' ? `config file ${this.path}` : `config directory ${this.dir}`;
    return new ConfigError(`cannot ${verb} ${what}: ${fsReason(error)}`, {
      hint: 'check the path and its permissions, or set CDBA_CONFIG_DIR to a writable directory',
    });
  }

  private unreadable(error: unknown): ConfigError {
    return new ConfigError(`cannot read config file ${this.path}: ${(error as Error).message}`, {
      hint: 'fix or remove the file; it is JSON',
    });
  }
}

/**
 * Why a parsed config.json cannot be used, naming the field, or undefined when
 * it can. Checked as a whole at every read, so no command meets a null where a
 * string belongs, and no write rewrites a broken file.
 */
export function shapeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return `expected a JSON object, found ${kind(value)}`;
  const typed = typeProblem(value);
  if (typed) return typed;
  // An unknown field nested thousands deep would overflow the stack of every write (JSON.stringify).
  const deep = nestingBeyond(value, MAX_CONFIG_DEPTH);
  // Named by the field that holds it: a top-level key, or a profile's.
  if (deep) return `${fieldPath(deep.slice(0, deep[0] === 'profiles' ? 3 : 1))} nests more than ${MAX_CONFIG_DEPTH} levels deep`;
  return undefined;
}

/** How deep config.json may nest: its own fields are 3 levels deep; unknown ones (a newer cdba's) get room. */
export const MAX_CONFIG_DEPTH = 64;

/** `profiles.a.x`, a key that is not a plain word quoted (`profiles["a\nb"]`), an index `[0]`. */
function fieldPath(keys: ReadonlyArray<string | number>): string {
  return keys
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : /^[\w.-]+$/.test(key) ? `${i === 0 ? '' : '.'}${key}` : `[${JSON.stringify(key)}]`))
    .join('');
}

function typeProblem(value: Record<string, unknown>): string | undefined {
  if (value.currentProfile !== undefined && typeof value.currentProfile !== 'string') {
    return `currentProfile must be a string, not ${kind(value.currentProfile)}`;
  }
  if (value.profiles === undefined) return undefined;
  if (!isObject(value.profiles)) return `profiles must be an object, not ${kind(value.profiles)}`;
  for (const [name, profile] of Object.entries(value.profiles)) {
    // The name is the user's own, but may hold a newline: quote it unless plain.
    const path = /^[\w.-]+$/.test(name) ? `profiles.${name}` : `profiles[${JSON.stringify(name)}]`;
    if (!isObject(profile)) return `${path} must be an object, not ${kind(profile)}`;
    for (const key of PROFILE_KEYS) {
      const field = profile[key];
      if (field !== undefined && typeof field !== 'string') return `${path}.${key} must be a string, not ${kind(field)}`;
    }
  }
  return undefined;
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function isFile(path: string): boolean {
  try {
    return !lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
