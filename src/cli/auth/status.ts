// `cdba auth status`: the credentials in use, checked with one GET of the service's
// root (src/cli/auth/authStatus.ts, which profile add runs too).
import type { Command } from '@commander-js/extra-typings';
import { withExamples, type App } from '../command.js';

export function registerAuthStatus(parent: Command, app: App): void {
  const command = parent
    .command('status')
    .description("check the credentials in use: one GET of the service's root; shows the profile, where each setting comes from, roles, access list and API versions")
    .action(async (_options, cmd) => {
      const { runAuthStatus } = await import('./authStatus.js');
      await runAuthStatus(app.context(cmd));
    });
  withExamples(command, [
    ['Check the current profile', 'cdba auth status'],
    ['Check a CI job\'s environment credentials and list the roles', "CDBA_PUBLIC_KEY=abcdefgh CDBA_PRIVATE_KEY=\"$KEY\" cdba auth status -o json --query 'roles[].roleName' | jq -r '.[]'"],
  ]);
}
