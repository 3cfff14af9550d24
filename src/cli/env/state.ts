// What `env up` made, so that `env down` removes exactly that:
//
//   <configDir>/env/<sha256(baseUrl, projectId, name)>.json
//
// Names only, never the password. Written with writePrivateFileSync (0600, never
// through a symlink, never into a directory others can write). The file is untrusted
// when read: capped in size, checked field by field; a damaged one counts as absent,
// and `env down` then finds what `up` made by its marks (names.ts).
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFileSync } from '../../base/privateFile.js';

const MAX_FILE_BYTES = 16 * 1024;

export interface EnvState {
  baseUrl: string;
  projectId: string;
  name: string;
  /** created: `up` made it, so `down` deletes it; a reused cluster is never deleted. */
  cluster: { name: string; created: boolean };
  user?: { databaseName: string; username: string };
  /** The access-list entry `up` added (an address or a CIDR block). */
  entry?: string;
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;

function checked(data: unknown): EnvState | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  const cluster = d.cluster as Record<string, unknown> | undefined;
  const user = d.user as Record<string, unknown> | undefined;
  if (!isString(d.baseUrl) || !isString(d.projectId) || !isString(d.name) || !cluster || !isString(cluster.name) || typeof cluster.created !== 'boolean') return undefined;
  if (user !== undefined && (!isString(user.databaseName) || !isString(user.username))) return undefined;
  if (d.entry !== undefined && !isString(d.entry)) return undefined;
  return {
    baseUrl: d.baseUrl,
    projectId: d.projectId,
    name: d.name,
    cluster: { name: cluster.name, created: cluster.created },
    ...(user ? { user: { databaseName: user.databaseName as string, username: user.username as string } } : {}),
    ...(d.entry !== undefined ? { entry: d.entry as string } : {}),
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

  /** The recorded state, or undefined when there is none (or it is not one cdba wrote). */
  read(): EnvState | undefined {
    try {
      const stat = lstatSync(this.file);
      if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return undefined;
      const state = checked(JSON.parse(readFileSync(this.file, 'utf8')));
      // Another service, project or name under the same key cannot happen unless the file was edited: ignore it.
      return state && state.baseUrl === this.baseUrl && state.projectId === this.projectId && state.name === this.name ? state : undefined;
    } catch {
      return undefined;
    }
  }

  write(state: EnvState): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writePrivateFileSync(this.file, `${JSON.stringify(state, null, 2)}\n`, [this.configDir, this.dir]);
  }

  remove(): void {
    try {
      unlinkSync(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
