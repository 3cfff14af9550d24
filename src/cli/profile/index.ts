// `cdba profile ...`: named sets of settings in the config file.
import type { Command } from '@commander-js/extra-typings';
import { registerLookup, withExamples, type App } from '../command.js';
import { registerProfileAdd } from './add.js';
import { registerProfileList } from './list.js';
import { registerProfileRemove } from './remove.js';
import { registerProfileRename } from './rename.js';
import { registerProfileSet } from './set.js';
import { registerProfileShow } from './show.js';
import { registerProfileUnset } from './unset.js';
import { registerProfileUse } from './use.js';

export function registerProfile(program: Command, app: App): void {
  // The config's profile names (-P and the profile verbs): local, read without the lookups' deadline.
  registerLookup(program, 'profiles', { local: true, load: async () => (await import('./completion.js')).profileNames });
  const profile = program
    .command('profile')
    .description('manage profiles: credentials, project, base URL and API version, kept in config.json (0600) in a config directory that must be yours alone: secrets are never written into a directory others own or may write, nor through a symlink');
  withExamples(profile, [
    ['Add a profile, reading the private key from stdin', 'pass show atlas/key | cdba profile add prod --public-key abcdefgh --project-id 5f0c8a1e2b3c4d5e6f708192 --private-key-stdin'],
    ['Show the effective settings and where each came from', 'cdba profile show -o json --query "settings[?source==\'env\'].key"'],
  ]);
  registerProfileAdd(profile, app);
  registerProfileList(profile, app);
  registerProfileShow(profile, app);
  registerProfileUse(profile, app);
  registerProfileSet(profile, app);
  registerProfileUnset(profile, app);
  registerProfileRemove(profile, app);
  registerProfileRename(profile, app);
}
