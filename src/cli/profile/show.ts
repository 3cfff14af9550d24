// `cdba profile show [name]`: every effective setting with its source; of a secret, only that it is set.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { PROFILE_KEYS } from '../../config/settings.js';
import type { TableSpec } from '../../output/render.js';
import { completedArgument, PROFILES, withExamples, type App } from '../command.js';
import { displayValue } from './keys.js';

interface SettingRow {
  key: string;
  value: string;
  source: string;
}

export const PROFILE_SHOW_TABLE: TableSpec<SettingRow> = {
  rows: (document) => (document as { settings: SettingRow[] }).settings,
  columns: [
    { header: 'KEY', value: (r) => r.key },
    { header: 'VALUE', value: (r) => r.value, copyable: true },
    { header: 'SOURCE', value: (r) => r.source, dropPriority: 1 },
  ],
};

export function registerProfileShow(parent: Command, app: App): void {
  const command = parent
    .command('show')
    .description('show effective settings and their sources (flag, env, profile, default)')
    .addArgument(completedArgument('[name]', 'profile name (default: the current profile)', PROFILES))
    .action(async (name, _options, cmd) => runProfileShow(app.context(cmd), name));
  withExamples(command, [
    ['The current profile', 'cdba profile show'],
    ['Which project a CI job would use', "CDBA_PROJECT_ID=5f0c8a1e2b3c4d5e6f708192 cdba profile show ci -o json --query \"settings[?key=='projectId'].value | [0]\""],
  ]);
}

export async function runProfileShow(ctx: Context, name: string | undefined): Promise<void> {
  if (name) ctx.globals.profile = name;
  const resolved = await ctx.resolve();
  const settings = PROFILE_KEYS.filter((key) => resolved.sources[key] !== undefined).map((key) => ({
    key,
    value: displayValue(key, (resolved.settings as unknown as Record<string, string>)[key]) ?? '',
    source: resolved.sources[key]!,
  }));
  await ctx.output(
    { profile: resolved.settings.profileName, exists: resolved.profileExists, profileSource: resolved.profileSource, settings },
    PROFILE_SHOW_TABLE,
  );
}
