// `cdba env list [--expired]`: the project's envs, found by their marks (inventory.ts),
// so any runner sees all of them, state files or not: name, cluster state, tier,
// age, when it ends, and whether the env made its cluster. --expired keeps those
// past their end on the service's clock. The JSON document:
//
//   {"results": [{"name", "state", "tier", "createdCluster", "createDate", "ageSeconds",
//                 "expires", "expired", "user", "entries"}], "totalCount", "serviceTime"}
//
// state and tier are null without a cluster, createDate and ageSeconds unless the env
// made it, expires when the env has no end left (no expiry tag, no user: it has ended,
// expired is true), user when it has none.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import type { TableSpec } from '../../output/render.js';
import { withExamples, type App } from '../command.js';
import type { Inventory } from './inventory.js';

export interface EnvListItem {
  name: string;
  state: string | null;
  tier: string | null;
  createdCluster: boolean;
  createDate: string | null;
  ageSeconds: number | null;
  expires: string | null;
  expired: boolean;
  /** The first holder's user (cdba-env-<name>), else a sharer's; null: no run holds it. */
  user: string | null;
  /** Every user of the env, one per run that holds it, and who each run is. */
  users: string[];
  heldBy: string[];
  entries: string[];
}

export interface EnvListDocument {
  results: EnvListItem[];
  totalCount: number;
  serviceTime: string;
}

export function registerEnvList(env: Command, app: App): void {
  const command = env
    .command('list')
    .alias('ls')
    .description('the project\'s envs, from any runner (found by their marks, not by state files): name, cluster state, tier, age, when it ends on the service\'s clock, and whether the env made its cluster')
    .option('--expired', 'only the envs past their end (what env gc removes)')
    .action(async (options, cmd) => {
      await runEnvList(app.context(cmd), options);
    });
  withExamples(command, [
    ['Every env of the project', 'cdba env list'],
    ['The names of the envs past their end', "cdba env list --expired -o json --query 'results[].name' | jq -r '.[]'"],
    ['Envs on clusters they did not make (never deleted by env down or gc)', "cdba env list --query 'results[?!createdCluster].name'"],
  ]);
}

const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));

/** The list document of an inventory; `expiredOnly` keeps those past their end. */
export async function listDocument(inventory: Inventory, expiredOnly = false): Promise<EnvListDocument> {
  const { ageOf, expiryOf, isExpired } = await import('./inventory.js');
  const { stateLabel } = await import('../clusters/public.js');
  const { envUsername } = await import('./names.js');
  const { now } = inventory;
  const results = inventory.envs
    .filter((env) => !expiredOnly || isExpired(env, now))
    .map((env): EnvListItem => {
      const age = ageOf(env, now);
      return {
        name: env.name,
        state: env.cluster ? stateLabel(env.cluster) : null,
        tier: env.cluster ? env.cluster.tier : null,
        createdCluster: env.cluster?.made ?? false,
        createDate: env.cluster?.made ? iso(env.cluster.created) : null,
        ageSeconds: age === undefined ? null : Math.floor(age / 1000),
        expires: iso(expiryOf(env)),
        expired: isExpired(env, now),
        user: env.user ? (env.users.includes(envUsername(env.name)) ? envUsername(env.name) : env.users[0]!) : null,
        users: env.users,
        heldBy: env.holders,
        entries: env.entries.map((e) => e.value),
      };
    });
  return { results, totalCount: results.length, serviceTime: iso(now)! };
}

/** The table: the document's rows, times relative to the service's clock. */
export async function envTable(serviceTime: string): Promise<TableSpec<EnvListItem>> {
  const { shortDuration } = await import('./expiry.js');
  const now = Date.parse(serviceTime);
  const ends = (item: EnvListItem): string => {
    if (item.expires === null) return item.expired ? 'ended' : '-';
    const left = Date.parse(item.expires) - now;
    return left > 0 ? `in ${shortDuration(left)}` : `${shortDuration(left)} ago`;
  };
  return {
    columns: [
      { header: 'NAME', value: (e) => e.name, copyable: true },
      { header: 'STATE', value: (e) => e.state ?? '-', minWidth: 5 },
      { header: 'TIER', value: (e) => e.tier ?? '-', minWidth: 4, dropPriority: 3 },
      { header: 'AGE', value: (e) => (e.ageSeconds === null ? '-' : shortDuration(e.ageSeconds * 1000)), minWidth: 3, dropPriority: 2 },
      { header: 'EXPIRES', value: ends, copyable: true },
      { header: 'CREATED CLUSTER', value: (e) => (e.state === null ? '-' : e.createdCluster ? 'yes' : 'no'), minWidth: 3, dropPriority: 1 },
    ],
    rows: (document) => ((document as Partial<EnvListDocument> | null)?.results ?? []) as EnvListItem[],
  };
}

export async function runEnvList(ctx: Context, flags: { expired?: boolean }): Promise<void> {
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const { takeInventory } = await import('./inventory.js');
  const document = await listDocument(await takeInventory(ctx, client, projectId), flags.expired === true);
  await ctx.output(document, await envTable(document.serviceTime));
}
