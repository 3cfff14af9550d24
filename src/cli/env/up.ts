// `cdba env up <name>`: a database for one CI run. Creates the cluster <name> (or
// reuses it), a database user with a generated password scoped to it, and an
// access-list entry for the runner's address, both with deleteAfterDate = now + ttl
// so the service removes them even if the runner dies; waits until the cluster is
// IDLE and the entry ACTIVE; records what it made (state.ts) and prints the
// connection. Everything the flags can be wrong about is refused before a request.
import { ApiError, CdbaError, EnvHeldError, InterruptedError, UsageError, WatchTimeoutError } from '../../base/errors.js';
import { isGone } from '../shared/gone.js';
import type { Context } from '../../core/context.js';
import { resolveDeleteAfter } from '../../core/deleteAfter.js';
import { currentAddress, EntryFailedError, entryValue, parseAccessEntry, type AccessEntry } from '../access-list/public.js';
import { generatePassword } from '../dbusers/public.js';
import { parseRole, type DatabaseUserRole } from '../dbusers/public.js';
import { checkGithubEnv, connectionUri, envLines, envOutput, githubFiles, jsonDocument, standardSrvOf, type EnvConnection, type EnvOutput } from './connection.js';
import { extendClusterExpiry } from './expiry.js';
import { describeHolder, envHolders, holderLabels, holderOf, holderWords, isOurs, newHolderId, type Holder } from './holders.js';
import { checkEnvName, ENV_EXPIRES_KEY, ENV_TAG_KEY, ENV_USER_DB, envComment, envOfEntry, envUsername, hasEnvTag } from './names.js';
import { EnvStateFile, type EnvState } from './state.js';
import type { ApiClient } from '../../api/client.js';
import type { Cluster } from '../../api/resources/clusters.js';
import type { ClusterLocator } from '../clusters/public.js';
import { givenSteps, type EnvStep, type EnvStepRun, type EnvStepWork } from '../envStep.js';
import { UP_DEFAULTS, type UpFlags } from './options.js';

export type { UpFlags } from './options.js';

/** An env step the flags ask for, its work loaded and its plan made. */
interface PlannedStep {
  step: EnvStep;
  work: EnvStepWork;
  plan: unknown;
}

// The defaults are declared with the options (./options.ts); the role's is the least that lets
// a test suite work on whatever databases it makes.
const { tier: DEFAULT_TIER, provider: DEFAULT_PROVIDER, region: DEFAULT_REGION, ttl: DEFAULT_TTL, ip: DEFAULT_IP, role: DEFAULT_ROLE } = UP_DEFAULTS;

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
  /** Where up records what it makes, checked (and what an earlier up recorded, read) before any request. */
  stateFile: EnvStateFile;
  previous: EnvState | undefined;
  /** When the env ends: the cluster's cdba-env-expires tag, the user's and the entry's deleteAfterDate. */
  expires: string;
  /** The env steps the flags ask for (src/cli/envStep.ts), planned, in the order they run. */
  steps: PlannedStep[];
  /** --watch-timeout in ms: every wait of up shares it (undefined or 0: no limit). */
  watchTimeoutMs?: number;
  /** This run's holder ID (the state file's, else a new one), who it is in words, and whether it may join an env another run holds. */
  holder: string;
  heldBy: string;
  share: boolean;
  /** The command that joins the env with --share, for a refusal's hint (env up's; run names its own). */
  shareCommand: string;
}

/** env up or run of an env another run holds, without --share: refused before anything is made (exit 16). */
export function heldRefusal(plan: Pick<UpPlan, 'name' | 'shareCommand'>, holders: readonly Holder[]): EnvHeldError {
  return new EnvHeldError(`env ${plan.name} is held by another run: ${holderWords(holders)}; nothing was changed`, {
    hint: `give this run an env of its own name, or use it alongside that run with \`${plan.shareCommand}\` (a user of its own; env down then keeps the env while the other holds it)`,
  });
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
  const { watchTimeoutMs } = await import('../../core/duration.js');
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const github = output === 'github' ? checkGithubEnv(ctx.env) : undefined;
  if (github) (await import('./github.js')).checkGithubFiles(github);
  const ttl = flags.ttl ?? DEFAULT_TTL;
  const expires = ttlDate(ttl);
  const ip = ipFlag(flags.ip ?? DEFAULT_IP);
  const roles = flags.role && flags.role.length > 0 ? flags.role : [parseRole(DEFAULT_ROLE)];
  const given = givenSteps(flags);
  // A step may have a say in the default tier (the first that has one).
  const stepTier = given.map((step) => step.defaultTier?.(flags)).find((t) => t !== undefined);
  const tier = (flags.tier ?? stepTier ?? DEFAULT_TIER).toUpperCase();
  const cluster = await clusterBody(ctx, name, flags, tier, expires);
  const steps: PlannedStep[] = [];
  for (const step of given) {
    const work = await step.load();
    steps.push({ step, work, plan: await work.plan(ctx, { name, flags }) });
  }
  // Where the state goes, checked last: a flag's mistake is said first.
  const projectId = await ctx.projectId();
  const { baseUrl } = await ctx.settings();
  const stateFile = new EnvStateFile(ctx.configDir, baseUrl, projectId, name);
  const previous = stateFile.prepare();
  const holder = previous?.holder ?? newHolderId();
  const share = flags.share === true;
  return { holder, heldBy: describeHolder(ctx.env), share, shareCommand: ctx.followUp('env', 'up', name, '--share'), name, ttl, ip, roles, output, ...(github ? { github } : {}), cluster, flex: tier === 'FLEX', stateFile, previous, expires, steps, ...(timeoutMs ? { watchTimeoutMs: timeoutMs } : {}) };
}

/** The env's cluster's create body at `tier` (FLEX: the flex API's), checked; no request. */
export async function clusterBody(ctx: Context, name: string, flags: Pick<UpFlags, 'provider' | 'region' | 'dbVersion'>, tier: string, expires: string): Promise<Record<string, unknown>> {
  const topology = { provider: flags.provider ?? DEFAULT_PROVIDER, region: flags.region ?? DEFAULT_REGION, tag: [[ENV_TAG_KEY, name], [ENV_EXPIRES_KEY, expires]] as Array<[string, string]>, ...(flags.dbVersion !== undefined ? { dbVersion: flags.dbVersion } : {}) };
  if (tier === 'FLEX') {
    // Only the versioned API serves flex clusters: refused now, not after the first request.
    await (await import('../clusters/public.js')).checkFlexReachable(ctx, name);
    const { flexCreateBody } = await (await import('../clusters/public.js')).loadFlexBody();
    return flexCreateBody(name, undefined, topology as never, 'the request');
  }
  const { clusterVersion } = await import('../clusters/public.js');
  const { createBody } = await import('../clusters/public.js');
  const { fieldProblems, missingField, refuseProblems } = await import('../clusters/public.js');
  const { version, shape } = await clusterVersion(ctx, 'clusters.create');
  const cluster = createBody(name, undefined, { ...topology, tier }, shape);
  refuseProblems(fieldProblems(cluster, shape), shape, version, 'the request');
  const missing = missingField(cluster, shape);
  if (missing) throw new UsageError(`the cluster body lacks ${missing}, which API version ${version} requires`);
  return cluster;
}


const isConflict = (error: unknown, code: string): boolean => error instanceof ApiError && error.status === 409 && error.errorCode === code;

/** What a run of bringUp has done so far: whether it sent a change, and what it made, as a message names it. */
export interface UpProgress {
  changed: boolean;
  made?: string[];
}

/** What each part of bringUp shares: where, and the record of what was made. */
interface Up {
  ctx: Context;
  plan: UpPlan;
  client: ApiClient;
  projectId: string;
  locator: ClusterLocator;
  state: EnvState;
  stateFile: EnvStateFile;
  /** This runner's record of an earlier up of the env. */
  previous: EnvState | undefined;
  /** Set once a request that makes or changes something is sent: a failure then names env down (and what was made). */
  progress: UpProgress;
  /** What is left of --watch-timeout for the next wait, in ms (undefined: no limit). */
  remaining: () => number | undefined;
  /** This run's create made the cluster (not found there, not "reused" on a 409). */
  createdNow: boolean;
  /** The access-list entry's value this run uses (on its user's labels). */
  entryValue: string;
}

/**
 * Makes (or finds) the cluster, the entry and the user, waits until they are ready,
 * and answers the connection. Who holds the env is read first, with the address: an env
 * another run holds is refused before anything is made (unless --share). A new holder's
 * user is taken first (the claim, holders.ts); then the cluster and the entry (and the
 * user of a run that holds the env already) are made at once (each a request or two in
 * a row) and waited for together, in one loop. Each is asked for in the order that costs
 * the fewest requests: a create first (a 409 says it is there), or, where this runner's
 * state file says an earlier up made it, the read or update first. The state file is
 * written after each thing made, so a failure half-way leaves `env down` a record of it.
 */
export async function bringUp(ctx: Context, plan: UpPlan, progress: UpProgress = { changed: false }): Promise<EnvConnection> {
  // --watch-timeout bounds the waiting in all: each wait gets what is left of it.
  const deadlineAt = plan.watchTimeoutMs ? Date.now() + plan.watchTimeoutMs : undefined;
  const remaining = (): number | undefined => (deadlineAt === undefined ? undefined : Math.max(1, deadlineAt - Date.now()));
  progress.made ??= [];
  const { name, stateFile, previous } = plan;
  const { projectId, baseUrl } = stateFile;
  const client = await ctx.api();
  const { ClusterLocator } = await import('../clusters/public.js');
  const locator = await ClusterLocator.open(ctx, client, projectId, name);
  const state: EnvState = { baseUrl, projectId, name, cluster: { name, created: previous?.cluster.created ?? true }, ...(previous?.entry ? { entry: previous.entry } : {}), holder: plan.holder, ...(previous?.user ? { user: previous.user } : {}), since: previous?.since ?? new Date().toISOString() };

  // The address the service sees (an answer that is not one address: exit 7), and who holds
  // the env (its users), first, at once: nothing is made yet.
  const { listAllDatabaseUsers } = await import('../../api/resources/databaseUsers.js');
  const [entry, holders] = await Promise.all([
    plan.ip === 'current' ? currentAddress(client) : Promise.resolve(plan.ip),
    listAllDatabaseUsers(client, projectId).then((list) => envHolders(list.results, name)),
  ]);
  const mine = holders.find((h) => isOurs(h, previous));
  const others = holders.filter((h) => h !== mine);
  // Held by another run: refused before anything is made, unless --share.
  if (!mine && others.length > 0 && !plan.share) throw heldRefusal(plan, others);
  const up: Up = { ctx, plan, client, projectId, locator, state, stateFile, previous, progress, remaining, createdNow: false, entryValue: entryValue(entry) };

  // The env steps' preparations (which may refit the cluster), before anything is made.
  const run: EnvStepRun = {
    ctx,
    name,
    client,
    projectId,
    locator,
    cluster: { body: plan.cluster, flex: plan.flex },
    bodyAt: (flags, tier) => clusterBody(ctx, name, flags, tier, plan.expires),
    isEnvs: (doc) => hasEnvTag(doc, name),
    mark: `${ENV_TAG_KEY}=${name}`,
    progress,
    remaining,
  };
  const prepared: unknown[] = [];
  for (const { work, plan: stepPlan } of plan.steps) prepared.push(work.prepare ? await work.prepare(run, stepPlan) : undefined);
  plan.cluster = run.cluster.body;
  plan.flex = run.cluster.flex;
  const password = generatePassword();
  ctx.io.addSecret(password);
  // This run's user: where it holds the env already, renewed alongside the rest; otherwise
  // taken first, the claim two runs of one name race for, before anything else is made.
  const claimed = mine ? undefined : await claimUser(up, password, others);
  const [cluster, value, username] = await allOrFirstError([upCluster(up), upEntry(up, entry), claimed !== undefined ? Promise.resolve(claimed) : renewUser(up, password, mine!, others)]);
  // The cluster made or found (a restore checks it is one it may replace the data of).
  for (const [i, { work, plan: stepPlan }] of plan.steps.entries()) await work.made?.(run, stepPlan, prepared[i], cluster, up.createdNow);
  let ready = await waitUntilReady(up, cluster, value);
  // Once IDLE: the steps that replace the data, then those that work on it, before the connection is printed.
  for (const [i, { work, plan: stepPlan }] of plan.steps.entries()) ready = (await work.idle?.(run, stepPlan, prepared[i])) ?? ready;
  return { uri: connectionUri(standardSrvOf(ready, name), username, password), username, password, cluster: name };
}

/** Every promise's value; when some fail, the first failure (in the given order) once all have settled, so none runs on unseen. */
async function allOrFirstError<T extends unknown[]>(promises: [...{ [K in keyof T]: Promise<T[K]> }]): Promise<T> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as T;
}

/**
 * The cluster, reused when it exists (and then never deleted by down, unless an earlier
 * up made it: its tag says so); answers its document as last seen. An earlier up's
 * cluster is made to last as long as this run asks, never less (its cdba-env-expires).
 */
async function upCluster(up: Up): Promise<Cluster> {
  const { ctx, plan, client, projectId, locator, state, stateFile, previous, progress } = up;
  const { name } = plan;
  const { clusterDocument } = await import('../clusters/public.js');
  const reuse = async (): Promise<Cluster> => {
    let existing = await locator.get();
    // Ours exactly when it carries the env's tag: one without it was there before (kept by
    // down); one with it is the env's, though a lost answer left an earlier record saying not.
    state.cluster.created = hasEnvTag(existing, name);
    if (state.cluster.created && hasEnvTag(existing, name)) existing = (await extendClusterExpiry(locator, existing, plan.expires, progress)) ?? existing;
    if (!state.cluster.created) ctx.io.note(`cdba: reusing cluster ${name} (env down will keep it)`);
    stateFile.write(state);
    return existing;
  };
  // An earlier up on this runner made or found it: read it first (one request, where a create would cost two).
  if (previous) {
    try {
      return await reuse();
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }
  const checkHint = `the cluster may have been created; \`${ctx.followUp('env', 'up', name)}\` again reuses it`;
  let answer: Cluster;
  // Recorded as this run's before the create is sent: an answer lost (5xx, timeout, a
  // dropped connection) or a signal during it leaves env down a record that it is ours.
  // Only a 409 for a cluster without the env's tag (reuse) marks it not ours; down deletes
  // only a cluster with the env's tag, so the record never makes it delete someone's.
  state.cluster.created = true;
  stateFile.write(state);
  try {
    progress.changed = true;
    if (plan.flex) {
      const { createFlexCluster } = await import('../../api/resources/flexClusters.js');
      answer = clusterDocument(await createFlexCluster(client, projectId, plan.cluster, checkHint));
      locator.remember();
    } else {
      const { createCluster } = await import('../../api/resources/clusters.js');
      answer = clusterDocument(await createCluster(client, projectId, plan.cluster, checkHint));
    }
  } catch (error) {
    // There already (of either kind: names are one per project): reused.
    if (isConflict(error, 'DUPLICATE_CLUSTER_NAME')) return reuse();
    throw error;
  }
  state.cluster.created = true;
  up.createdNow = true;
  progress.made!.push(`cluster ${name}`);
  stateFile.write(state);
  ctx.io.note(`cdba: cluster ${name} is ${typeof answer.stateName === 'string' ? answer.stateName : 'CREATING'}`);
  return answer;
}

/** The access-list entry, with the env's comment; one that is there already without it is someone else's, used and left alone. Answers its value. */
async function upEntry(up: Up, entry: AccessEntry): Promise<string> {
  const { ctx, plan, client, projectId, state, stateFile, progress } = up;
  const { name } = plan;
  const accessList = await import('../../api/resources/accessList.js');
  const value = entryValue(entry);
  let existingEntry: Record<string, unknown> | undefined;
  try {
    existingEntry = (await accessList.getAccessListEntry(client, projectId, value)).body;
  } catch (error) {
    if (!isGone(error)) throw error;
  }
  const deleteAfterDate = plan.expires;
  const address = entry.kind === 'address' ? { ipAddress: entry.address } : entry.kind === 'cidr' ? { cidrBlock: entry.block } : {};
  // Recorded before the add, and also when the entry is someone else's: down removes it
  // only while it carries this env's mark, which another env's down may hand over to it.
  state.entry = value;
  stateFile.write(state);
  // Marked by an env only with a deleteAfterDate: a permanent entry is someone's own, never re-dated.
  const markedFor = envOfEntry(existingEntry);
  if (existingEntry === undefined || markedFor === name) {
    progress.changed = true;
    await accessList.addAccessListEntries(client, projectId, [{ ...address, comment: envComment(name), deleteAfterDate }]);
    progress.made!.push(`access-list entry ${value}`);
  } else if (markedFor !== undefined) {
    // Another env's (envs from one address share the entry): its mark stays; it lasts at least as long as this env.
    const ends = typeof existingEntry.deleteAfterDate === 'string' ? Date.parse(existingEntry.deleteAfterDate) : Number.NaN;
    if (ends < Date.parse(deleteAfterDate)) await accessList.addAccessListEntries(client, projectId, [{ ...address, comment: envComment(markedFor), deleteAfterDate }]);
    ctx.io.note(`cdba: access-list entry ${value} is env ${markedFor}'s (one entry per address); using it: the last env down of those using it removes it`);
  } else {
    ctx.io.note(`cdba: access-list entry ${value} is there already (not made by env ${name}); using it, and env down will keep it`);
  }
  return value;
}

/** The user's fields env up sets, this run's labels included (the user's other labels kept). */
function userFields(up: Up, password: string, existing: Holder | undefined): Record<string, unknown> {
  const { plan } = up;
  return {
    roles: plan.roles,
    scopes: [{ name: plan.name, type: 'CLUSTER' }],
    deleteAfterDate: plan.expires,
    description: envComment(plan.name),
    password,
    labels: holderLabels(existing?.doc, plan.holder, existing?.heldBy ?? plan.heldBy, up.entryValue),
  };
}

/**
 * This run's user where it holds the env already (its state file proves it): given a new
 * password (the state file keeps none) and the new end. Answers its name. Gone meanwhile
 * (its end came): taken again, as a run that does not hold the env would.
 */
async function renewUser(up: Up, password: string, mine: Holder, others: Holder[]): Promise<string> {
  const { ctx, client, projectId, progress, state, stateFile } = up;
  const users = await import('../../api/resources/databaseUsers.js');
  progress.changed = true;
  try {
    await users.updateDatabaseUser(client, projectId, ENV_USER_DB, mine.username, userFields(up, password, mine));
  } catch (error) {
    if (!isGone(error)) throw error;
    return claimUser(up, password, others);
  }
  state.user = mine.username;
  stateFile.write(state);
  progress.made!.push(`database user ${mine.username} (a new password)`);
  ctx.io.note(`cdba: database user ${mine.username} exists; its password was changed (cdba keeps no password)`);
  return mine.username;
}

/**
 * Takes a user for this run, labelled as its holder's. Nobody holding the env, it is
 * cdba-env-<name>: the create is what two runs of env up of one name at once agree on,
 * and the one answered 409 reads who took it and is refused (exit 16, nothing made),
 * or with --share takes a user of its own beside it, cdba-env-<name>.<holder ID>, so
 * that neither password changes under the other. Recorded in the state file before the
 * create (a create whose answer is lost is still this run's); a refusal restores it.
 */
async function claimUser(up: Up, password: string, others: readonly Holder[]): Promise<string> {
  const { ctx, plan, client, projectId, progress, state, stateFile, previous } = up;
  const { name } = plan;
  const users = await import('../../api/resources/databaseUsers.js');
  let sharing = others.length > 0;
  let heldBy: readonly Holder[] = others;
  // Twice at most: the first user, then (taken meanwhile, --share) this run's own.
  for (let attempt = 0; attempt < 3; attempt++) {
    const username = sharing ? envUsername(name, plan.holder) : envUsername(name);
    state.user = username;
    stateFile.write(state);
    progress.changed = true;
    const lost = `the user may have been created; \`${ctx.followUp('env', 'up', name)}\` again gives it a new password`;
    try {
      await users.createDatabaseUser(client, projectId, { ...userFields(up, password, undefined), username, databaseName: ENV_USER_DB, groupId: projectId }, lost);
      progress.made!.push(`database user ${username}`);
      if (sharing) ctx.io.note(`cdba: env ${name} is held by ${holderWords(heldBy)} too; sharing it with a user of its own, ${username} (env down keeps the env while another run holds it)`);
      return username;
    } catch (error) {
      if (!isConflict(error, 'USER_ALREADY_EXISTS')) throw error;
    }
    // Taken meanwhile: by whom?
    let taken: Holder | undefined;
    try {
      taken = holderOf((await users.getDatabaseUser(client, projectId, ENV_USER_DB, username)).body);
    } catch (error) {
      if (!isGone(error)) throw error;
      continue; // gone again: try once more
    }
    if (taken.id === plan.holder) {
      // This run's own (an earlier create whose answer was lost): renewed.
      await users.updateDatabaseUser(client, projectId, ENV_USER_DB, username, userFields(up, password, taken));
      progress.made!.push(`database user ${username}`);
      return username;
    }
    if (!plan.share) {
      // Nothing of this run's was made: the state file is as it was.
      if (previous) stateFile.write(previous);
      else stateFile.remove();
      progress.changed = false;
      throw heldRefusal(plan, [taken]);
    }
    sharing = true;
    heldBy = [taken];
  }
  throw new EnvHeldError(`env ${name}: its users kept changing while env up took one; nothing was made`, { hint: `try \`${ctx.followUp('env', 'up', name)}\` again` });
}

/**
 * Ready: the cluster IDLE and the entry ACTIVE, waited for in one loop that asks
 * about both at once, and no more about the one that is ready. Answers the cluster.
 */
async function waitUntilReady(up: Up, seen: Cluster, value: string): Promise<Cluster> {
  const { ctx, plan, client, projectId, locator, remaining } = up;
  const { getAccessListEntryStatus } = await import('../../api/resources/accessList.js');
  const { stateLabel } = await import('../clusters/public.js');
  const { watch } = await import('../../core/watch.js');
  const idle = (doc: Cluster): boolean => doc.stateName === 'IDLE';
  let cluster = seen;
  let entryStatus = '';
  return watch({
    io: ctx.io,
    subject: `env ${plan.name} (cluster, access-list entry)`,
    intervals: ctx.watchIntervals,
    ...(ctx.watchDeadline ? { deadlineTimer: ctx.watchDeadline } : {}),
    timeoutMs: remaining(),
    resumeHint: `\`${ctx.followUp('env', 'up', plan.name)}\` again waits for it`,
    poll: async () => {
      const [doc, status] = await Promise.all([
        idle(cluster) ? cluster : locator.get(),
        entryStatus === 'ACTIVE' ? entryStatus : getAccessListEntryStatus(client, projectId, value).then((r) => r.body?.STATUS ?? 'UNKNOWN'),
      ]);
      cluster = doc;
      entryStatus = status;
      if (status === 'FAILED') throw new EntryFailedError(`the service could not apply access-list entry ${value} (FAILED)`);
      const clusterState = stateLabel({ state: typeof doc.stateName === 'string' ? doc.stateName : 'UNKNOWN', paused: doc.paused === true });
      return { state: `${clusterState}, ${status}`, done: idle(doc) && status === 'ACTIVE', value: doc };
    },
  });
}

/** Prints the connection in the chosen form; the password reaches stdout only here. */
export async function showConnection(ctx: Context, plan: UpPlan, connection: EnvConnection): Promise<void> {
  await ctx.io.revealing(connection.password, async () => {
    if (plan.output === 'env') ctx.io.write(envLines(connection));
    else if (plan.output === 'json') ctx.io.write(jsonDocument(connection));
    else {
      const { appendGithubFiles } = await import('./github.js');
      // The mask first, so the runner hides the password in every later line of the log.
      ctx.io.write(`::add-mask::${connection.password}\n`);
      const again = `\`${ctx.followUp('env', 'up', plan.name)}\` again gives the user a new password, or remove the env with \`${ctx.followUp('env', 'down', plan.name)}\``;
      appendGithubFiles(plan.github!, githubFiles(connection), again);
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
  if (outputFlag === 'github') {
    const { errorAnnotation } = await import('./annotation.js');
    ctx.io.onFailure = (message, hint) => ctx.io.write(errorAnnotation(message, hint));
  }
  const plan = await planUp(ctx, name, flags, outputFlag);
  const left = `remove what env up made so far with \`${ctx.followUp('env', 'down', name)}\``;
  // SIGTERM ends the process at once: this is its one line (or JSON document, --error-format json).
  const { onTerminateReport } = await import('../../base/terminate.js');
  const forgetTerminateNote = onTerminateReport(() => ({ message: 'terminated during env up', hint: left }));
  let connection: EnvConnection;
  const progress: UpProgress = { changed: false };
  try {
    connection = await bringUp(ctx, plan, progress);
  } catch (error) {
    // Interrupted: one next step, env down, not the wait's own (`clusters watch`, `access-list status`), which would leave the rest behind.
    if (ctx.io.signal.aborted) throw new InterruptedError(error instanceof InterruptedError ? error.message : 'interrupted during env up', { hint: left });
    // Failed once something was made: the error line names the env down (a refusal before, exit 2, has nothing to remove;
    // an env another run holds, exit 16, neither).
    if (progress.changed && error instanceof CdbaError && !(error instanceof EnvHeldError)) error.hint = error.hint ? `${error.hint}; or ${left}` : left;
    // Gave up waiting (--watch-timeout): the line also says what is there now.
    if (error instanceof WatchTimeoutError && progress.made && progress.made.length > 0) error.message = `${error.message}; made so far: ${progress.made.join(', ')}`;
    throw error;
  } finally {
    forgetTerminateNote();
  }
  await showConnection(ctx, plan, connection);
}
