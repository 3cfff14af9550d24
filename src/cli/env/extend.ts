// `cdba env extend <name> --ttl <duration>`: a running env lasts longer. What carries
// the env's marks gets the new end, now + ttl: the cluster's cdba-env-expires tag (a
// cluster env up made; a reused one has no expiry and is left alone), the user's (and,
// from a --share run, this run's own user cdba-env-<name>.<holder>) and the access-list
// entry's deleteAfterDate. Nothing is shortened: whatever already
// ends later keeps its date.
import type { Command } from '@commander-js/extra-typings';
import { CdbaError, ExitCode } from '../../base/errors.js';
import { isGone } from '../shared/gone.js';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';

/** No part of the env is there. */
export class EnvNotFoundError extends CdbaError {
  readonly exitCode = ExitCode.notFound;
}

export function registerEnvExtend(env: Command, app: App): void {
  const command = env
    .command('extend')
    .description('make a running env last longer: its cluster\'s cdba-env-expires tag (if env up made the cluster), its user\'s (and this runner\'s own, from a --share run) and its access-list entry\'s deleteAfterDate end --ttl from now; whatever already ends later is kept')
    .addArgument(completedArgument('<name>', 'the env, as given to env up', lookup('clusters')))
    .requiredOption('--ttl <duration>', 'how long from now, at most one week (7d), the longest deleteAfterDate the service takes')
    .action(async (name, options, cmd) => {
      await runEnvExtend(app.context(cmd), name, options.ttl);
    });
  withExamples(command, [
    ['Four more hours for a long job', 'cdba env extend ci-1 --ttl 4h'],
    ['From a step that knows it needs the rest of the day', 'cdba env extend ci-$GITHUB_RUN_ID --ttl 12h'],
    ['Six more hours for every nightly env', "cdba env list -o json --query \"results[?starts_with(name, 'nightly-')].name\" | jq -r '.[]' | xargs -I{} cdba env extend {} --ttl 6h"],
  ]);
}

const later = (current: unknown, expires: string): boolean => typeof current === 'string' && Date.parse(current) >= Date.parse(expires);

export async function runEnvExtend(ctx: Context, name: string, ttl: string): Promise<void> {
  const { checkEnvName, ENV_USER_DB, envComment, envOfUsername, envUsername, hasEnvTag } = await import('./names.js');
  const { ttlDate } = await import('./up.js');
  checkEnvName(name);
  const expires = ttlDate(ttl);
  const projectId = await ctx.projectId();
  // This runner's record names the entry the env uses (read, under the rules it is written by, before any request).
  const { EnvStateFile } = await import('./state.js');
  const { baseUrl } = await ctx.settings();
  const state = new EnvStateFile(ctx.configDir, baseUrl, projectId, name).read();
  const recorded = state?.entry;
  const client = await ctx.api();
  const changed: string[] = [];
  const kept: string[] = [];

  // The cluster: its tag, when env up made it.
  const { ClusterLocator } = await import('../clusters/public.js');
  const { extendClusterExpiry } = await import('./expiry.js');
  const locator = await ClusterLocator.open(ctx, client, projectId, name);
  let found = false;
  try {
    const cluster = await locator.get();
    found = true;
    if (!hasEnvTag(cluster, name)) ctx.io.note(`cdba: cluster ${name} was not made by env up (no cdba-env=${name} tag): it has no expiry, and is left alone`);
    else if (await extendClusterExpiry(locator, cluster, expires)) changed.push(`cluster ${name}`);
    else kept.push(`cluster ${name}`);
  } catch (error) {
    if (!isGone(error)) throw error;
    locator.forget();
  }

  // The users, by their names: the env's, and this runner's own when its state file names
  // another of the env's (a --share run's cdba-env-<name>.<holder>), which the service would
  // otherwise delete mid-job. One without a deleteAfterDate was made permanent on purpose.
  const users = await import('../../api/resources/databaseUsers.js');
  const username = envUsername(name);
  const usernames = [username];
  if (state?.user !== undefined && state.user !== username && envOfUsername(state.user) === name) usernames.push(state.user);
  for (const each of usernames) {
    try {
      const user = (await users.getDatabaseUser(client, projectId, ENV_USER_DB, each)).body;
      found = true;
      if (user?.deleteAfterDate === undefined) ctx.io.note(`cdba: database user ${each} has no deleteAfterDate (made permanent): left alone`);
      else if (later(user.deleteAfterDate, expires)) kept.push(`database user ${each}`);
      else {
        await users.updateDatabaseUser(client, projectId, ENV_USER_DB, each, { deleteAfterDate: expires });
        changed.push(`database user ${each}`);
      }
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }

  // The entries marked for the env (one per address it was brought up from), and the one this
  // runner's state file names, which may be another env's (envs from one address share it): its mark stays.
  const accessList = await import('../../api/resources/accessList.js');
  const { envOfComment } = await import('./names.js');
  for (const entry of (await accessList.listAllAccessListEntries(client, projectId)).results) {
    const value = String(entry.ipAddress ?? entry.cidrBlock);
    const mark = envOfComment(entry.comment);
    if (mark !== name && !(value === recorded && mark !== undefined)) continue;
    found ||= mark === name;
    if (entry.deleteAfterDate === undefined) {
      ctx.io.note(`cdba: access-list entry ${value} has no deleteAfterDate (made permanent): left alone`);
      continue;
    }
    if (later(entry.deleteAfterDate, expires)) {
      kept.push(`access-list entry ${value}`);
      continue;
    }
    const address = typeof entry.ipAddress === 'string' ? { ipAddress: entry.ipAddress } : { cidrBlock: String(entry.cidrBlock) };
    await accessList.addAccessListEntries(client, projectId, [{ ...address, comment: envComment(mark!), deleteAfterDate: expires }]);
    changed.push(`access-list entry ${value}${mark === name ? '' : ` (env ${mark}'s, which this env uses)`}`);
  }

  if (!found) {
    throw new EnvNotFoundError(`env ${name} not found: no cluster ${name}, no database user ${username}, no access-list entry marked "${envComment(name)}"`, {
      hint: `see \`${ctx.followUp('env', 'list')}\``,
    });
  }
  const parts = [changed.length > 0 ? `${changed.join(', ')} now end at ${expires}` : '', kept.length > 0 ? `${kept.join(', ')} end later already: kept` : ''];
  ctx.io.note(`cdba: env ${name}: ${parts.filter(Boolean).join('; ') || 'nothing has an end to move'}`);
}
