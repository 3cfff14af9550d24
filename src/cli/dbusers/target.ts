// What every dbusers verb needs before its first request: the user's
// authentication database, the project and the client.
import type { Command } from '@commander-js/extra-typings';
import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../core/context.js';
import { choiceFlag } from '../command.js';

export const AUTH_DATABASES = ['admin', '$external'] as const;
export type AuthDatabase = (typeof AUTH_DATABASES)[number];

/** --auth-db: admin (passwords, LDAP and OIDC groups) or $external (AWS IAM, X.509, LDAP and OIDC users). */
export const authDbFlag = choiceFlag('--auth-db', AUTH_DATABASES);
const AUTH_DB_HELP = "the user's authentication database: admin or '$external' (AWS IAM, X.509, LDAP and OIDC users)";

/** A verb on one existing user (get, update, delete): `<user>`, and --auth-db to say where it lives. */
export function userCommand(parent: Command, verb: string) {
  return parent
    .command(verb)
    .argument('<user>', 'username')
    .option('--auth-db <db>', AUTH_DB_HELP, authDbFlag, 'admin' as AuthDatabase);
}

export interface UserTarget {
  client: ApiClient;
  projectId: string;
}

export async function userTarget(ctx: Context): Promise<UserTarget> {
  const projectId = await ctx.projectId();
  return { projectId, client: await ctx.api() };
}
