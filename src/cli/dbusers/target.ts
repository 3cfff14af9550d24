// What every dbusers verb needs before its first request: the user's
// authentication database, the project and the client.
import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../core/context.js';
import { choiceFlag } from '../command.js';

export const AUTH_DATABASES = ['admin', '$external'] as const;
export type AuthDatabase = (typeof AUTH_DATABASES)[number];

/** --auth-db: admin (passwords, LDAP and OIDC groups) or $external (AWS IAM, X.509, LDAP and OIDC users). */
export const authDbFlag = choiceFlag('--auth-db', AUTH_DATABASES);
export const AUTH_DB_HELP = "the user's authentication database: admin (default) or '$external' (AWS IAM, X.509, LDAP and OIDC users)";

export interface UserTarget {
  client: ApiClient;
  projectId: string;
}

export async function userTarget(ctx: Context): Promise<UserTarget> {
  const projectId = await ctx.projectId();
  return { projectId, client: await ctx.api() };
}
