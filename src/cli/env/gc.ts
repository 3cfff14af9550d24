// `cdba env gc [--dry-run [--exit-code]] [--older-than D]`: removes every env past its
// end, from any runner, as env down would (down.ts, removeEnv), whoever holds it (the end
// is the contract): every holder's user, the entries
// (released: kept while another env's user needs them), and the cluster if the env made
// it; a cluster the env did not make is never deleted. Envs are found by their marks
// (inventory.ts) and judged on the service's clock. Two gcs at once, or a gc during a
// job's own down, delete each thing once: whatever is gone or going is skipped.
//
// Requests: the inventory's (the root, users, entries, clusters, flex clusters: one each
// per 500 items), then at most 6 per env: a fresh look at its cluster (an env extended
// since the listing is kept), the user's delete, the entry's look, the project's users
// (is another env still using the entry? one more per 500 users) and the entry's delete,
// the cluster's delete. An env from a dead runner usually has only its cluster left: 2.
import type { Command } from '@commander-js/extra-typings';
import { UsageError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { durationMillis } from '../../core/duration.js';
import { withExamples, type App } from '../command.js';

export interface GcFlags {
  dryRun?: boolean;
  exitCode?: boolean;
  olderThan?: number;
}

/** Envs removed at once: each is a few requests in a row, and the service limits a project's rate. */
const CONCURRENCY = 4;

const AGE_UNITS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** --older-than: a duration with its unit (30m, 6h, 2d; a bare number would be seconds elsewhere in cdba), more than none. */
function olderThanFlag(value: string): number {
  const ms = /^\s*\d+(\.\d+)?\s*$/.test(value) ? undefined : durationMillis(value, AGE_UNITS);
  if (ms === undefined || ms <= 0) throw new UsageError(`invalid --older-than "${value}": expected a duration like 30m, 6h or 2d`);
  return ms;
}

export function registerEnvGc(env: Command, app: App): void {
  const command = env
    .command('gc')
    .description('remove every env past its end, from any runner, as env down would: its user, its access-list entry and the cluster if the env made it (a cluster it did not make is never deleted); judged on the service\'s clock. Safe to run from several places at once')
    .option('--dry-run', 'print what would be removed, and remove nothing')
    .option('--exit-code', 'with --dry-run: exit 18 when there is something to remove, 0 when there is nothing')
    .option('--older-than <duration>', 'also remove envs whose cluster was made longer ago than this (30m, 6h, 2d), ended or not', olderThanFlag)
    .action(async (options, cmd) => {
      await runEnvGc(app.context(cmd), options);
    });
  withExamples(command, [
    ['What would go', 'cdba env gc --dry-run'],
    ['Hourly in CI: remove what dead runners left', 'cdba env gc'],
    ['Also envs up for more than six hours, whatever their ttl', 'cdba env gc --older-than 6h'],
    ['Fail a check while envs are left behind, naming them', "cdba env gc --dry-run --exit-code -o json | jq -r '.envs[].name'"],
  ]);
}

/** One env of the plan: why it goes, and what goes with it. */
export interface GcPlanEnv {
  name: string;
  reason: string;
  expires: string | null;
  remove: string[];
  keep: string[];
}

export interface GcPlan {
  envs: GcPlanEnv[];
  totalCount: number;
  serviceTime: string;
}

export async function runEnvGc(ctx: Context, flags: GcFlags): Promise<void> {
  if (flags.exitCode && !flags.dryRun) throw new UsageError('--exit-code goes with --dry-run: it reports whether there is anything to remove');
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { takeInventory, ageOf, expiryOf, isExpired } = await import('./inventory.js');
  const { shortDuration } = await import('./expiry.js');
  const inventory = await takeInventory(ctx, client, projectId);
  const { now } = inventory;
  const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

  // The plan: each env past its end (or older than --older-than) that has anything left to remove.
  const chosen = inventory.envs.flatMap((env) => {
    const ends = expiryOf(env);
    const age = ageOf(env, now);
    const reason = isExpired(env, now)
      ? ends === undefined ? 'ended' : `ended ${shortDuration(now - ends)} ago`
      : flags.olderThan !== undefined && age !== undefined && age >= flags.olderThan
        ? `made ${shortDuration(age)} ago`
        : undefined;
    if (reason === undefined) return [];
    const cluster = env.cluster;
    const remove = [
      ...(cluster?.made && cluster.state !== 'DELETING' ? [`cluster ${env.name}`] : []),
      ...env.users.map((username) => `database user ${username}`),
      ...env.entries.map((e) => `access-list entry ${e.value}`),
    ];
    if (remove.length === 0) return [];
    const keep = cluster && !cluster.made ? [`cluster ${env.name} (not made by env up)`] : [];
    return [{ env, plan: { name: env.name, reason, expires: ends === undefined ? null : iso(ends), remove, keep } }];
  });
  const plan: GcPlan = { envs: chosen.map((c) => c.plan), totalCount: chosen.length, serviceTime: iso(now) };
  await showPlan(ctx, plan);

  if (flags.dryRun) {
    if (flags.exitCode && plan.totalCount > 0) {
      const { ExitCode, QuietExit } = await import('../../base/errors.js');
      throw new QuietExit(ExitCode.envsToRemove);
    }
    return;
  }

  const { removeEnv } = await import('./down.js');
  const { clusterExpiry } = await import('./names.js');
  const { serviceNowOf } = await import('./expiry.js');
  const { getCluster } = await import('../../api/resources/clusters.js');
  const { getFlexCluster } = await import('../../api/resources/flexClusters.js');
  const { ApiError } = await import('../../base/errors.js');
  const failures: unknown[] = [];
  // The envs gc removes hand their entries to none of themselves.
  const going: ReadonlySet<string> = new Set(chosen.map((c) => c.env.name));
  let removedEnvs = 0;
  const gcOne = async ({ env, plan: item }: (typeof chosen)[number]): Promise<void> => {
    try {
      // The cluster as it is now: gone, going, or extended since the listing (a job re-ran env up or extend).
      let cluster: { doc: Record<string, unknown>; flex: boolean } | null = null;
      if (env.cluster?.made) {
        const flex = env.cluster.kind === 'flex';
        try {
          const response = await (flex ? getFlexCluster(client, projectId, env.name) : getCluster(client, projectId, env.name));
          const ends = clusterExpiry(response.body);
          const at = serviceNowOf(response) ?? now;
          if (!item.reason.startsWith('made') && ends !== undefined && ends > at) {
            ctx.io.note(`cdba: env ${env.name}: extended since it was listed (now ends ${iso(ends)}): kept`);
            return;
          }
          cluster = { doc: response.body, flex };
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
      }
      const known = { users: env.users, entries: env.entries.map((e) => e.value), cluster };
      const { removed } = await removeEnv(ctx, client, projectId, env.name, { known, going });
      if (removed.length > 0) removedEnvs += 1;
      ctx.io.note(removed.length > 0 ? `cdba: env ${env.name}: removed ${removed.join(', ')}` : `cdba: env ${env.name}: nothing left to remove`);
    } catch (error) {
      if (ctx.io.signal.aborted) throw error;
      failures.push(error);
      ctx.io.note(`cdba: env ${env.name}: not removed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // A few at a time, in the plan's order; memory holds the plan, not the project.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, chosen.length) }, async () => {
      while (next < chosen.length) await gcOne(chosen[next++]!);
    }),
  );
  if (failures.length > 0) {
    const first = failures[0];
    if (first instanceof Error) first.message = `${failures.length} of ${chosen.length} envs not removed (see above); the first: ${first.message}`;
    throw first;
  }
  if (chosen.length > 0) ctx.io.note(`cdba: gc: ${removedEnvs} of ${chosen.length} envs removed`);
}

/** The plan: a document (-o json, a pipe), or a line per env on stderr (a terminal, -o table), as apply shows its plan. */
async function showPlan(ctx: Context, plan: GcPlan): Promise<void> {
  if ((await ctx.outputForm('view')).form === 'document') {
    await ctx.output(plan);
    return;
  }
  if (plan.totalCount === 0) ctx.io.note('cdba: no env has ended; nothing to remove');
  for (const env of plan.envs) {
    ctx.io.note(`cdba: - env ${env.name} (${env.reason}): ${env.remove.join(', ')}${env.keep.length > 0 ? `; keeps ${env.keep.join(', ')}` : ''}`);
  }
}
