// The profiles file: conf does the atomic, 0600 write; a lock directory
// serialises read-modify-write so concurrent `profile add` runs lose nothing.
import { chmodSync, mkdirSync, rmdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
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
  private constructor(
    readonly dir: string,
    private readonly conf: Conf<ConfigFile>,
  ) {}

  static async open(dir: string): Promise<ConfigStore> {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    const { default: ConfClass } = await import('conf');
    try {
      const conf = new ConfClass<ConfigFile>({
        cwd: dir,
        configName: 'config',
        projectName: 'cdba',
        configFileMode: 0o600,
        accessPropertiesByDotNotation: false,
        // No `defaults`: conf would write them on open, outside our lock.
      });
      return new ConfigStore(dir, conf);
    } catch (error) {
      throw new ConfigError(`cannot read config file ${join(dir, 'config.json')}: ${(error as Error).message}`, {
        hint: 'fix or remove the file; it is JSON',
      });
    }
  }

  get path(): string {
    return this.conf.path;
  }

  read(): ConfigFile {
    const store = this.conf.store;
    return { ...store, profiles: { ...(store.profiles ?? {}) } };
  }

  /** Applies `change` to a fresh read of the file, under the lock. */
  async update<T>(change: (config: ConfigFile) => T): Promise<T> {
    const lock = join(this.dir, 'config.lock');
    await acquire(lock);
    try {
      const config = this.read();
      const result = change(config);
      this.conf.store = config;
      return result;
    } finally {
      rmdirSync(lock);
    }
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
