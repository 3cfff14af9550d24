// `cdba profile list`: names and non-secret settings of every profile.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { profileNamed } from '../../config/store.js';
import type { TableSpec } from '../../output/render.js';
import { withExamples, type App } from '../command.js';

interface ProfileRow {
  name: string;
  current: boolean;
  auth: 'api-key' | 'service-account' | 'none';
  projectId?: string;
  baseUrl?: string;
  apiVersion?: string;
}

export const PROFILE_LIST_TABLE: TableSpec<ProfileRow> = {
  rows: (document) => document as ProfileRow[],
  // On a terminal a setting no profile sets has no column: a profile without apiVersion
  // calls each operation at its newest version, which no single date would name.
  // Tab-separated output keeps every column, so scripts see the same header always.
  columns: [
    { header: 'NAME', value: (r) => (r.current ? `${r.name} *` : r.name), copyable: true },
    { header: 'AUTH', value: (r) => r.auth, minWidth: 7, dropPriority: 1 },
    { header: 'PROJECT ID', value: (r) => r.projectId, dropPriority: 2, copyable: true, omitWhenEmpty: true },
    { header: 'BASE URL', value: (r) => r.baseUrl, copyable: true, dropPriority: 3, omitWhenEmpty: true },
    { header: 'API VERSION', value: (r) => r.apiVersion, copyable: true, dropPriority: 4, omitWhenEmpty: true },
  ],
};

export function registerProfileList(parent: Command, app: App): void {
  const command = parent
    .command('list')
    .alias('ls')
    .description('list profiles (the current one is marked *); on a terminal, a setting that no profile sets (API VERSION, say) has no column')
    .action(async (_options, cmd) => runProfileList(app.context(cmd)));
  withExamples(command, [
    ['Table of profiles', 'cdba profile list'],
    ['Names only, for scripts', "cdba profile list -o json --query '[].name'"],
  ]);
}

export async function runProfileList(ctx: Context): Promise<void> {
  // Listing is how one finds a profile to use, so a current profile that is gone is no error here.
  ctx.allowMissingProfile = true;
  const config = (await ctx.config()).read();
  if (config.currentProfile !== undefined && !profileNamed(config, config.currentProfile)) {
    const { withContext } = await import('../../core/hints.js');
    ctx.io.warn(withContext(`the current profile "${config.currentProfile}" no longer exists; choose one with cdba profile use <name>`, ctx.globals));
  }
  const rows: ProfileRow[] = Object.entries(config.profiles)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, p]) => ({
      name,
      current: name === config.currentProfile,
      auth: p.clientId ? 'service-account' : p.publicKey ? 'api-key' : 'none',
      ...(p.projectId ? { projectId: p.projectId } : {}),
      ...(p.baseUrl ? { baseUrl: p.baseUrl } : {}),
      ...(p.apiVersion ? { apiVersion: p.apiVersion } : {}),
    }));
  await ctx.output(rows, PROFILE_LIST_TABLE);
}
