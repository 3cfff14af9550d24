// `cdba env up <name>`: a database for one CI run. Creates the cluster <name> (or
// reuses it), a database user with a generated password scoped to it, and an
// access-list entry for the runner's address, both with deleteAfterDate = now + ttl
// so the service removes them even if the runner dies; waits until the cluster is
// IDLE and the entry ACTIVE; records what it made (state.ts) and prints the
// connection. Everything the flags can be wrong about is refused before a request.
import { ApiError, InterruptedError, UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { resolveDeleteAfter } from '../../core/deleteAfter.js';
import type { ProviderName } from '../../model/catalog.js';
import { entryValue, parseAccessEntry, type AccessEntry } from '../shared/entry.js';
import { generatePassword } from '../shared/password.js';
import { parseRole, type DatabaseUserRole } from '../shared/roles.js';
import { checkGithubEnv, connectionUri, envLines, envOutput, githubFiles, jsonDocument, type EnvConnection, type EnvOutput } from './connection.js';
import { extendClusterExpiry } from './expiry.js';
import { checkEnvName, ENV_EXPIRES_KEY, ENV_TAG_KEY, ENV_USER_DB, envComment, envOfComment, envUsername, hasEnvTag } from './names.js';
import { EnvStateFile, type EnvState } from './state.js';

export interface UpFlags {
  tier?: string;
  provider?: ProviderName;
  region?: string;
  ttl?: string;
  ip?: string;
  role?: DatabaseUserRole[];
  dbVersion?: string;
}

export const DEFAULT_TTL = '2h';
/** The least that lets a test suite work on whatever databases it makes. */
export const DEFAULT_ROLE = 'readWriteAnyDatabase';
const DEFAULT_PROVIDER = 'AWS';
const DEFAULT_REGION = 'US_EAST_1';

/** What up will do, checked before any request. */
export interface UpPlan {
  name: string;
  ttl: string;
  ip: 'current' | AccessEntry;
  roles: DatabaseUserRole[];
  output: EnvOutput;
  github?: { output: string; env: string };
  cluster: Record<string, unknown>;
  flex: boolean;
  /** When the env ends: the cluster's cdba-env-expires tag, the user's and the entry's deleteAfterDate. */
  expires: string;
}

/** The ttl as the service's date, or a usage error naming --ttl (the parser is the one --delete-after uses). */
export function ttlDate(ttl: string, now = new Date()): string {
  try {
    return resolveDeleteAfter({ deleteAfter: ttl }, now)!;
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(error.message.replace('--delete-after', '--ttl'));
    throw error;
  }
}

/** --ip: current (the address the service sees) or an address or CIDR block. */
export function ipFlag(value: string): 'current' | AccessEntry {
  if (value === 'current') return 'current';
  const entry = parseAccessEntry(value, '--ip');
  if (entry.kind === 'securityGroup') throw new UsageError('--ip takes an address or a CIDR block: a security group cannot be a temporary entry');
  return entry;
}

/** Checks everything and builds the cluster's create body; no request. */
export async function planUp(ctx: Context, name: string, flags: UpFlags, outputFlag: string | undefined): Promise<UpPlan> {
  checkEnvName(name);
  const output = envOutput(outputFlag);
  const github = output === 'github' ? checkGithubEnv(ctx.env) : undefined;
  const ttl = flags.ttl ?? DEFAULT_TTL;
  const expires = ttlDate(ttl);
  const ip = ipFlag(flags.ip ?? 'current');
  const roles = flags.role && flags.role.length > 0 ? flags.role : [parseRole(DEFAULT_ROLE)];
  const tier = (flags.tier ?? 'FLEX').toUpperCase();
  const topology = { provider: flags.provider ?? DEFAULT_PROVIDER, region: flags.region ?? DEFAULT_REGION, tag: [[ENV_TAG_KEY, name], [ENV_EXPIRES_KEY, expires]] as Array<[string, string]>, ...(flags.dbVersion !== undefined ? { dbVersion: flags.dbVersion } : {}) };
  let cluster: Record<string, unknown>;
  if (tier === 'FLEX') {
    const { flexCreateBody } = await import('../shared/flexBody.js');
    cluster = flexCreateBody(name, undefined, topology as never, 'the request');
  } else {
    const { clusterVersion } = await import('../shared/target.js');
    const { createBody } = await import('../shared/body.js');
    const { fieldProblems, missingField, refuseProblems } = await import('../shared/fields.js');
    const { version, shape } = await clusterVersion(ctx, 'clusters.create');
    cluster = createBody(name, undefined, { ...topology, tier }, shape);
    refuseProblems(fieldProblems(cluster, shape), shape, version, 'the request');
    const missing = missingField(cluster, shape);
    if (missing) throw new UsageError(`the cluster body lacks ${missing}, which API version ${version} requires`);
  }
  return { name, ttl, ip, roles, output, ...(github ? { github } : {}), cluster, flex: tier === 'FLEX', expires };
}

const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * Makes (or finds) the cluster, the entry and the user, waits until they are ready,
 * and answers the connection. The state file is written after each thing made, so
 * a failure half-way leaves `env down` a record of it.
 */
export async function bringUp(ctx: Context, plan: UpPlan): Promise<EnvConnection> {
  const { name } = plan;
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { baseUrl } = await ctx.settings();
  const stateFile = new EnvStateFile(ctx.configDir, baseUrl, projectId, name);
  const previous = stateFile.read();
  const { ClusterLocator, checkFlexReachable } = await import('../shared/flex.js');
  const { clusterDocument, clusterTarget } = await import('../shared/target.js');
  const locator = await ClusterLocator.open(ctx, client, projectId, name);

  // 1. The cluster: reused when it exists (and then never deleted by down, unless an earlier up made it: its tag says so).
  let initialState: string | undefined;
  let created = previous?.cluster.created ?? false;
  try {
    let existing = await locator.get();
    created = previous?.cluster.created ?? hasEnvTag(existing, name);
    // An earlier up's cluster lasts as long as this run asks, never less.
    if (created && hasEnvTag(existing, name)) existing = (await extendClusterExpiry(locator, existing, plan.expires)) ?? existing;
    initialState = typeof existing.stateName === 'string' ? existing.stateName : undefined;
    if (!created) ctx.io.note(`cdba: reusing cluster ${name} (env down will keep it)`);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const checkHint = `the cluster may have been created; \`${ctx.followUp('env', 'up', name)}\` again reuses it`;
    let answer;
    if (plan.flex) {
      await checkFlexReachable(ctx, name);
      const { createFlexCluster } = await import('../../api/resources/flexClusters.js');
      answer = clusterDocument(await createFlexCluster(client, projectId, plan.cluster, checkHint));
      locator.remember();
    } else {
      const { createCluster } = await import('../../api/resources/clusters.js');
      answer = clusterDocument(await createCluster(client, projectId, plan.cluster, checkHint));
    }
    created = true;
    initialState = typeof answer.stateName === 'string' ? answer.stateName : 'CREATING';
    ctx.io.note(`cdba: cluster ${name} is ${initialState}`);
  }
  const state: EnvState = { baseUrl, projectId, name, cluster: { name, created }, ...(previous?.user ? { user: previous.user } : {}), ...(previous?.entry ? { entry: previous.entry } : {}) };
  stateFile.write(state);

  // 2. The access-list entry, with the env's comment; one that is there already without it is someone else's, used and left alone.
  const accessList = await import('../../api/resources/accessList.js');
  let entry: AccessEntry;
  if (plan.ip === 'current') {
    const { body } = await accessList.currentIpAddress(client);
    entry = parseAccessEntry(typeof body?.currentIpv4Address === 'string' ? body.currentIpv4Address : '', 'address from the service (--ip current)');
  } else entry = plan.ip;
  const value = entryValue(entry);
  let existingEntry: Record<string, unknown> | undefined;
  try {
    existingEntry = (await accessList.getAccessListEntry(client, projectId, value)).body;
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const deleteAfterDate = plan.expires;
  const address = entry.kind === 'address' ? { ipAddress: entry.address } : entry.kind === 'cidr' ? { cidrBlock: entry.block } : {};
  // Recorded before the add, and also when the entry is someone else's: down removes it
  // only while it carries this env's mark, which another env's down may hand over to it.
  state.entry = value;
  stateFile.write(state);
  const markedFor = envOfComment(existingEntry?.comment);
  if (existingEntry === undefined || markedFor === name) {
    await accessList.addAccessListEntries(client, projectId, [{ ...address, comment: envComment(name), deleteAfterDate }]);
  } else if (markedFor !== undefined) {
    // Another env's (envs from one address share the entry): its mark stays; it lasts at least as long as this env.
    const ends = typeof existingEntry.deleteAfterDate === 'string' ? Date.parse(existingEntry.deleteAfterDate) : Number.NaN;
    if (ends < Date.parse(deleteAfterDate)) await accessList.addAccessListEntries(client, projectId, [{ ...address, comment: envComment(markedFor), deleteAfterDate }]);
    ctx.io.note(`cdba: access-list entry ${value} is env ${markedFor}'s (one entry per address); using it: the last env down of those using it removes it`);
  } else {
    ctx.io.note(`cdba: access-list entry ${value} is there already (not made by env ${name}); using it, and env down will keep it`);
  }

  // 3. The user: created with a generated password, or (a re-run: the state file keeps no password) given a new one.
  const username = envUsername(name);
  const password = generatePassword();
  ctx.io.addSecret(password);
  const users = await import('../../api/resources/databaseUsers.js');
  const fields = {
    roles: plan.roles,
    scopes: [{ name, type: 'CLUSTER' }],
    deleteAfterDate: plan.expires,
    description: envComment(name),
    password,
  };
  let userExists = true;
  try {
    await users.getDatabaseUser(client, projectId, ENV_USER_DB, username);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    userExists = false;
  }
  // Recorded before the create: a create whose answer is lost is still removed by down.
  state.user = { databaseName: ENV_USER_DB, username };
  stateFile.write(state);
  if (userExists) {
    await users.updateDatabaseUser(client, projectId, ENV_USER_DB, username, fields);
    ctx.io.note(`cdba: database user ${username} exists; its password was changed (cdba keeps no password)`);
  } else {
    const lost = `the user may have been created; \`${ctx.followUp('env', 'up', name)}\` again gives it a new password`;
    await users.createDatabaseUser(client, projectId, { ...fields, username, databaseName: ENV_USER_DB, groupId: projectId }, lost);
  }

  // 4. Ready: the entry ACTIVE, the cluster IDLE.
  const { watch } = await import('../../core/watch.js');
  await watch({
    io: ctx.io,
    subject: `access-list entry ${value}`,
    intervals: ctx.watchIntervals,
    resumeHint: `see ${ctx.followUp('access-list', 'status', value)}`,
    poll: async () => {
      const status = (await accessList.getAccessListEntryStatus(client, projectId, value)).body?.STATUS ?? 'UNKNOWN';
      if (status === 'FAILED') throw new UsageError(`the service could not apply access-list entry ${value} (FAILED)`);
      return { state: status, done: status === 'ACTIVE', value: status };
    },
  });
  const { waitForCluster } = await import('../shared/waitForCluster.js');
  const target = await clusterTarget(ctx, 'clusters.get');
  const ready = (await waitForCluster(ctx, target, name, { until: 'IDLE', initialState, locator }))!;
  const strings = (ready.connectionStrings ?? {}) as Record<string, unknown>;
  if (typeof strings.standardSrv !== 'string') throw new UsageError(`cluster ${name} is IDLE but has no SRV connection string (connectionStrings.standardSrv)`);
  return { uri: connectionUri(strings.standardSrv, username, password), username, password, cluster: name };
}

/** Prints the connection in the chosen form; the password reaches stdout only here. */
export async function showConnection(ctx: Context, plan: UpPlan, connection: EnvConnection): Promise<void> {
  await ctx.io.revealing(connection.password, async () => {
    if (plan.output === 'env') ctx.io.write(envLines(connection));
    else if (plan.output === 'json') ctx.io.write(jsonDocument(connection));
    else {
      const { appendFileSync } = await import('node:fs');
      // The mask first, so the runner hides the password in every later line of the log.
      ctx.io.write(`::add-mask::${connection.password}\n`);
      const files = githubFiles(connection);
      appendFileSync(plan.github!.env, files.env);
      appendFileSync(plan.github!.output, files.output);
    }
  });
  const where = plan.output === 'github' ? ' (MONGODB_URI and the rest are in $GITHUB_ENV; outputs uri, username, cluster)' : '';
  ctx.io.note(`cdba: env ${plan.name} is ready: cluster ${connection.cluster}, user ${connection.username}, for ${plan.ttl}${where}; remove it with \`${ctx.followUp('env', 'down', plan.name)}\``);
}

/**
 * Interrupted (Ctrl-C, SIGTERM), env up stops and leaves what it made for
 * `env down <name>`, the caller's to run: the name is the caller's, and an env
 * is meant to outlive the up that made it (`cdba run`, which owns its env,
 * removes it instead).
 */
export async function runEnvUp(ctx: Context, name: string, flags: UpFlags, outputFlag: string | undefined): Promise<void> {
  const plan = await planUp(ctx, name, flags, outputFlag);
  const left = `remove what env up made so far with \`${ctx.followUp('env', 'down', name)}\``;
  const { onTerminate } = await import('../../base/terminate.js');
  const forgetTerminateNote = onTerminate(() => ctx.io.note(`cdba: terminated during env up; ${left}`));
  let connection: EnvConnection;
  try {
    connection = await bringUp(ctx, plan);
  } catch (error) {
    if (!ctx.io.signal.aborted) throw error;
    // One next step, env down: not the wait's own (`clusters watch`, `access-list status`), which would leave the rest behind.
    throw new InterruptedError(error instanceof InterruptedError ? error.message : 'interrupted during env up', { hint: left });
  } finally {
    forgetTerminateNote();
  }
  await showConnection(ctx, plan, connection);
}
