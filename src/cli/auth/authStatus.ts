// `cdba auth status` (registered in src/cli/auth/status.ts; profile add offers it
// too): which profile and settings are in use (and where each comes
// from), checked with one GET of the service's root and nothing else. Reports the
// key's roles and access list as the root document gives them, and the API
// version each operation will be called at. Secrets are never shown, only the
// public half (public key or client ID).
// Exit: 0 when the service accepts the credentials; 3 when it refuses them (401/403,
// with its reason); 7 when it cannot be reached; 1 when it has removed (past Sunset,
// by its Date header) a version cdba would call. -o json prints the same document
// in every case, with `ok` and `error`, before the error line.
import { InvalidResponseError } from '../../api/errors.js';
import { OPERATIONS, pinToNewest, selectVersion, sunsetOf, type OperationName } from '../../api/versions.js';
import { ApiError, CdbaError, ExitCode, InterruptedError } from '../../base/errors.js';
import type { SettingSource } from '../../config/resolve.js';
import type { Context } from '../../core/context.js';

export interface AuthStatus {
  /** The service accepted the credentials and serves every version cdba will call. */
  ok: boolean;
  profile: { name: string; source: SettingSource; exists: boolean };
  baseUrl: { value: string; source: SettingSource };
  projectId: { value: string; source: SettingSource } | null;
  apiVersion: { value: string; source: SettingSource };
  auth: { kind: 'apiKey' | 'serviceAccount'; method: 'digest' | 'bearer'; id: string; source: SettingSource };
  /** As the root document reports them; null when it reports none (a service account) or the call failed. */
  roles: unknown[] | null;
  accessList: unknown[] | null;
  /** `sunset`: the day the service removes that version; `removed`: that day has passed by the service's Date. */
  operations: Array<{ operation: string; version: string; sunset: string | null; removed: boolean }>;
  /** Why `ok` is false: the service's refusal, no answer, or versions it has removed; null when ok. */
  error: { message: string; status: number | null; errorCode: string | null } | null;
}

/**
 * The version each operation will be called at, from the one table of operations;
 * `serviceDay` (the service's Date, YYYY-MM-DD) marks those past their Sunset.
 */
export function operationVersions(apiVersion: string, serviceDay?: string): AuthStatus['operations'] {
  // An operation no command sends (passthrough: the deprecated /fts paths) is not one cdba calls.
  return (Object.keys(OPERATIONS) as OperationName[]).filter((name) => !OPERATIONS[name].passthrough).map((name) => {
    const operation = name.replace('.', ' ');
    // An operation the pin cannot reach (flex clusters before 2024-11-13, or in v1.0) is said so, not an error.
    const first = OPERATIONS[name].versions[0]!.date;
    if ((apiVersion === 'v1.0' && OPERATIONS[name].v2Only) || (apiVersion !== 'v1.0' && apiVersion < first)) return { operation, version: `none (from ${first})`, sunset: null, removed: false };
    const selection = selectVersion(name, apiVersion);
    const version = selection.base === 'v1.0' ? 'v1.0' : selection.version;
    const sunset = selection.base === 'v1.0' ? undefined : sunsetOf(name, version);
    return { operation, version, sunset: sunset ?? null, removed: sunset !== undefined && serviceDay !== undefined && sunset <= serviceDay };
  });
}

/** Versions the service has removed: the commands that use them would get 410. Exit 1, as the 410 would. */
export class RemovedVersionsError extends CdbaError {
  readonly exitCode = ExitCode.general;
}

/** The service's day, from a response's Date header. */
function serviceDayOf(headers: Record<string, string | string[]>): string | undefined {
  const value = headers.date;
  const time = Date.parse(Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/** The status, and the error that made it not ok (thrown after the document is shown). */
export async function authStatus(ctx: Context): Promise<{ status: AuthStatus; failure?: CdbaError }> {
  const resolved = await ctx.resolve();
  const { settings, sources } = resolved;
  const client = await ctx.api(); // refuses (exit 2) when no credentials are set at all
  const bearer = Boolean(settings.clientId && settings.clientSecret);
  const status: AuthStatus = {
    ok: false,
    profile: { name: settings.profileName, source: resolved.profileSource, exists: resolved.profileExists },
    baseUrl: { value: settings.baseUrl, source: sources.baseUrl ?? 'default' },
    projectId: settings.projectId ? { value: settings.projectId, source: sources.projectId ?? 'default' } : null,
    apiVersion: { value: settings.apiVersion, source: sources.apiVersion ?? 'default' },
    auth: bearer
      ? { kind: 'serviceAccount', method: 'bearer', id: settings.clientId!, source: sources.clientId ?? 'default' }
      : { kind: 'apiKey', method: 'digest', id: settings.publicKey!, source: sources.publicKey ?? 'default' },
    roles: null,
    accessList: null,
    operations: operationVersions(settings.apiVersion),
    error: null,
  };
  const { getRoot } = await import('../../api/resources/root.js');
  let response;
  try {
    response = await getRoot(client);
  } catch (error) {
    if (!(error instanceof CdbaError) || error instanceof InterruptedError) throw error;
    const status_ = error instanceof ApiError ? error.status : null;
    status.error = { message: error.message, status: status_, errorCode: error instanceof ApiError ? (error.errorCode ?? null) : null };
    return { status, failure: error };
  }
  const root: unknown = response.body;
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    throw new InvalidResponseError(`expected the root document from ${settings.baseUrl}`, { hint: 'check the base URL' });
  }
  const apiKey = (root as { apiKey?: unknown }).apiKey;
  const key = typeof apiKey === 'object' && apiKey !== null && !Array.isArray(apiKey) ? (apiKey as Record<string, unknown>) : undefined;
  const list = (value: unknown): unknown[] | null => (Array.isArray(value) ? value : null);
  status.roles = list(key?.roles);
  status.accessList = list(key?.accessList);
  status.operations = operationVersions(settings.apiVersion, serviceDayOf(response.headers));
  const removed = status.operations.filter((o) => o.removed);
  if (removed.length === 0) {
    status.ok = true;
    return { status };
  }
  const versions = [...new Set(removed.map((o) => `${o.version} (removed ${o.sunset})`))].join(', ');
  const failure = new RemovedVersionsError(
    `credentials accepted, but the service has removed API version ${versions} of ${removed.map((o) => o.operation).join(', ')}: those calls answer 410`,
    { remedy: { setting: 'apiVersion', version: pinToNewest(removed.map((o) => o.operation.replace(' ', '.') as OperationName)) } },
  );
  status.error = { message: failure.message, status: null, errorCode: null };
  return { status, failure };
}

export async function runAuthStatus(ctx: Context): Promise<void> {
  const { status, failure } = await authStatus(ctx);
  const form = (await ctx.outputForm('view')).form;
  if (form === 'document') await ctx.output(status);
  else if (!failure || failure instanceof RemovedVersionsError) ctx.io.write(`${await describeStatus(ctx, status)}\n`);
  if (failure) throw failure;
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
    status.ok ? ['Status', 'credentials accepted', ctx.io.chalk.green] : ['Status', 'credentials accepted; versions removed (see below)', ctx.io.chalk.red],
    ['Profile', `${status.profile.name}${from(status.profile.source)}${status.profile.exists ? '' : ', not in the config file'}`],
    ['Base URL', `${status.baseUrl.value}${from(status.baseUrl.source)}`],
    ['Credentials', `${who}${from(status.auth.source)}`],
    ['Project', status.projectId ? `${status.projectId.value}${from(status.projectId.source)}` : 'none set'],
    ['API version', `${status.apiVersion.value}${from(status.apiVersion.source)}`],
    ['Roles', status.roles === null ? 'not reported by the service for this kind of credential' : status.roles.map(role).join(', ') || 'none'],
    ['Access list', status.accessList === null ? 'not reported' : status.accessList.map(entry).join(', ') || 'empty'],
  ]);
  const width = Math.max(...status.operations.map((o) => o.operation.length));
  const versions = status.operations
    .map((o) => `  ${o.operation.padEnd(width)}  ${o.version}${o.removed ? ctx.io.chalk.red(` removed ${o.sunset}: answers 410`) : o.sunset ? ` (removed on ${o.sunset})` : ''}`)
    .join('\n');
  return `${lines}\n${ctx.io.chalk.bold('Operations and the API version each uses:')}\n${versions}`;
}
