// The profiles file: read with fs; conf does the atomic, 0600 write; a lock directory
// serialises read-modify-write so concurrent `profile add` runs lose nothing.
import { chmodSync, mkdirSync, readFileSync, rmdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type Conf from 'conf';
import { UsageError } from '../core/errors.js';
import type { Profile } from './settings.js';

export interface ConfigFile {
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

/** CDBA_CONFIG_DIR, else $XDG_CONFIG_HOME/cdba, else ~/.config/cdba. */
export function configDirFor(env: NodeJS.ProcessEnv): string {
  if (env.CDBA_CONFIG_DIR) return env.CDBA_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'cdba');
}

export class ConfigError extends UsageError {}

const LOCK_STALE_MS = 10_000;
const LOCK_WAIT_MS = 15_000;

export class ConfigStore {
  private conf: Conf<ConfigFile> | undefined;

  private constructor(readonly dir: string) {}

  static async open(dir: string): Promise<ConfigStore> {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    const store = new ConfigStore(dir);
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
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
      throw this.unreadable(error);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw this.unreadable(error);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw this.unreadable(new Error('not a JSON object'));
    const store = parsed as Partial<ConfigFile>;
    return { ...store, profiles: { ...(store.profiles ?? {}) } };
  }

  /** Applies `change` to a fresh read of the file, under the lock. */
  async update<T>(change: (config: ConfigFile) => T): Promise<T> {
    const conf = await this.writer();
    const lock = join(this.dir, 'config.lock');
    await acquire(lock);
    try {
      const config = this.read();
      const result = change(config);
      conf.store = config;
      return result;
    } finally {
      rmdirSync(lock);
    }
  }

  /** conf does the atomic, 0600 write; loaded only when something is written. */
  private async writer(): Promise<Conf<ConfigFile>> {
    if (this.conf) return this.conf;
    const { default: ConfClass } = await import('conf');
    try {
      this.conf = new ConfClass<ConfigFile>({
        cwd: this.dir,
        configName: 'config',
        projectName: 'cdba',
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        // No `defaults`: conf would write them on open, outside our lock.
      });
    } catch (error) {
      throw this.unreadable(error);
    }
    return this.conf;
  }

  private unreadable(error: unknown): ConfigError {
    return new ConfigError(`cannot read config file ${this.path}: ${(error as Error).message}`, {
      hint: 'fix or remove the file; it is JSON',
    });
  }
}

/** mkdir is atomic on every local filesystem, so it serves as a lock. */
async function acquire(lock: string): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    try {
      mkdirSync(lock, { mode: 0o700 });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    try {
      if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) rmdirSync(lock); // left by a killed process
    } catch {
      // Another process released or removed it first: try again.
    }
    if (Date.now() > deadline) throw new ConfigError(`config file is locked (${lock}); remove it if no cdba is running`);
    await sleep(delay + Math.random() * delay);
  }
}
