// `cdba auth status`: which profile and settings are in use (and where each comes
// from), checked with one GET of the service's root and nothing else. Reports the
// key's roles and access list as the root document gives them, and the API
// version each operation will be called at. Secrets are never shown, only the
// public half (public key or client ID).
// Exit: 0 when the service accepts the credentials; 3 when it refuses them (401/403,
// with its reason); 7 when it cannot be reached.
import type { Command } from '@commander-js/extra-typings';
import { InvalidResponseError } from '../../api/errors.js';
import { OPERATIONS, selectVersion, type OperationName } from '../../api/versions.js';
import type { SettingSource } from '../../config/resolve.js';
import type { Context } from '../../core/context.js';
import { withExamples, type App } from '../command.js';

export interface AuthStatus {
  ok: true;
  profile: { name: string; source: SettingSource; exists: boolean };
  baseUrl: { value: string; source: SettingSource };
  projectId: { value: string; source: SettingSource } | null;
  apiVersion: { value: string; source: SettingSource };
  auth: { kind: 'apiKey' | 'serviceAccount'; method: 'digest' | 'bearer'; id: string; source: SettingSource };
  /** As the root document reports them; null when it reports none (a service account). */
  roles: unknown[] | null;
  accessList: unknown[] | null;
  operations: Array<{ operation: string; version: string }>;
}

export function registerAuthStatus(parent: Command, app: App): void {
  const command = parent
    .command('status')
    .description("check the credentials in use: one GET of the service's root; shows the profile, where each setting comes from, roles, access list and API versions")
    .action(async (_options, cmd) => runAuthStatus(app.context(cmd)));
  withExamples(command, [
    ['Check the current profile', 'cdba auth status'],
    ['Check a CI job\'s environment credentials and list the roles', "CDBA_PUBLIC_KEY=abcdefgh CDBA_PRIVATE_KEY=\"$KEY\" cdba auth status -o json --query 'roles[].roleName' | jq -r '.[]'"],
  ]);
}

/** The version each operation will be called at, from the one table of operations. */
export function operationVersions(apiVersion: string): Array<{ operation: string; version: string }> {
  return (Object.keys(OPERATIONS) as OperationName[]).map((name) => {
    const operation = name.replace('.', ' ');
    // An operation the pin cannot reach (flex clusters before 2024-11-13, or in v1.0) is said so, not an error.
    const first = OPERATIONS[name].versions[0]!.date;
    if ((apiVersion === 'v1.0' && OPERATIONS[name].v2Only) || (apiVersion !== 'v1.0' && apiVersion < first)) return { operation, version: `none (from ${first})` };
    const selection = selectVersion(name, apiVersion);
    return { operation, version: selection.base === 'v1.0' ? 'v1.0' : selection.version };
  });
}

export async function authStatus(ctx: Context): Promise<AuthStatus> {
  const resolved = await ctx.resolve();
  const { settings, sources } = resolved;
  const client = await ctx.api(); // refuses (exit 2) when no credentials are set at all
  const bearer = Boolean(settings.clientId && settings.clientSecret);
  const { getRoot } = await import('../../api/root.js');
  const root: unknown = (await getRoot(client)).body;
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    throw new InvalidResponseError(`expected the root document from ${settings.baseUrl}`, { hint: 'check the base URL' });
  }
  const apiKey = (root as { apiKey?: unknown }).apiKey;
  const key = typeof apiKey === 'object' && apiKey !== null && !Array.isArray(apiKey) ? (apiKey as Record<string, unknown>) : undefined;
  const list = (value: unknown): unknown[] | null => (Array.isArray(value) ? value : null);
  return {
    ok: true,
    profile: { name: settings.profileName, source: resolved.profileSource, exists: resolved.profileExists },
    baseUrl: { value: settings.baseUrl, source: sources.baseUrl ?? 'default' },
    projectId: settings.projectId ? { value: settings.projectId, source: sources.projectId ?? 'default' } : null,
    apiVersion: { value: settings.apiVersion, source: sources.apiVersion ?? 'default' },
    auth: bearer
      ? { kind: 'serviceAccount', method: 'bearer', id: settings.clientId!, source: sources.clientId ?? 'default' }
      : { kind: 'apiKey', method: 'digest', id: settings.publicKey!, source: sources.publicKey ?? 'default' },
    roles: list(key?.roles),
    accessList: list(key?.accessList),
    operations: operationVersions(settings.apiVersion),
  };
}

export async function runAuthStatus(ctx: Context): Promise<void> {
  const status = await authStatus(ctx);
  if ((await ctx.outputForm('view')).form === 'document') {
    await ctx.output(status);
    return;
  }
  ctx.io.write(`${await describeStatus(ctx, status)}\n`);
}

/** The readable view; server text (roles, addresses) is escaped by keyValueLines. */
async function describeStatus(ctx: Context, status: AuthStatus): Promise<string> {
  const { keyValueLines, cell } = await import('../../output/render.js');
  const from = (source: string): string => ` (from ${source === 'env' ? 'the environment' : source})`;
  const role = (r: unknown): string => {
    if (typeof r !== 'object' || r === null) return cell(r);
    const { roleName, groupId, orgId } = r as Record<string, unknown>;
    const scope = groupId ?? orgId;
    return `${cell(roleName)}${scope === undefined ? '' : ` on ${cell(scope)}`}`;
  };
  const entry = (e: unknown): string => {
    if (typeof e !== 'object' || e === null) return cell(e);
    const { cidrBlock, ipAddress } = e as Record<string, unknown>;
    return cell(cidrBlock ?? ipAddress ?? e);
  };
  const who = status.auth.kind === 'apiKey' ? `API key ${status.auth.id}, HTTP digest` : `service account ${status.auth.id}, OAuth bearer token`;
  const lines = keyValueLines(ctx.io, [
    ['Status', 'credentials accepted', ctx.io.chalk.green],
    ['Profile', `${status.profile.name}${from(status.profile.source)}${status.profile.exists ? '' : ', not in the config file'}`],
    ['Base URL', `${status.baseUrl.value}${from(status.baseUrl.source)}`],
    ['Credentials', `${who}${from(status.auth.source)}`],
    ['Project', status.projectId ? `${status.projectId.value}${from(status.projectId.source)}` : 'none set'],
    ['API version', `${status.apiVersion.value}${from(status.apiVersion.source)}`],
    ['Roles', status.roles === null ? 'not reported by the service for this kind of credential' : status.roles.map(role).join(', ') || 'none'],
    ['Access list', status.accessList === null ? 'not reported' : status.accessList.map(entry).join(', ') || 'empty'],
  ]);
  const width = Math.max(...status.operations.map((o) => o.operation.length));
  const versions = status.operations.map((o) => `  ${o.operation.padEnd(width)}  ${o.version}`).join('\n');
  return `${lines}\n${ctx.io.chalk.bold('Operations and the API version each uses:')}\n${versions}`;
}
