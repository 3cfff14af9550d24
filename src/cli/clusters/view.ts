// How clusters look on screen: the table columns (declared once, used by every
// verb that prints clusters) and the readable key/value view of one cluster.
import type { Context } from '../../core/context.js';
import type { IO } from '../../base/io.js';
import { isObject } from '../../base/object.js';
import { escapeControl } from '../../base/sanitize.js';
import { keyValueLines, type TableSpec } from '../../output/render.js';
import { stateLabel } from './waitForCluster.js';
import { providerLabel, summarize, typeLabel, type ClusterSummary, type NodeGroup, type RegionSummary, type ShardSummary } from './summary.js';

type Doc = Record<string, unknown>;

/** More than one value: the first, then "+N". */
const firstAndMore = (values: string[]): string => (values.length <= 1 ? (values[0] ?? '') : `${values[0]} +${values.length - 1}`);

export const CLUSTER_COLUMNS: TableSpec<ClusterSummary>['columns'] = [
  // On a narrow terminal: the name (what the other commands take) and the creation date
  // are never cut, nor are the state, type, provider, region and version; whole columns
  // go instead, in this order: CREATED, DB VERSION, PROVIDER, REGION, TIER, TYPE, and
  // STATE last, only when a long name leaves no room for it. Only TIER's shards that
  // differ may be cut with `…`.
  // DISK shows only when the whole table fits: it is never why another value is cut.
  { header: 'NAME', value: (c) => c.name, copyable: true },
  { header: 'STATE', value: (c) => stateLabel(c), dropPriority: 1 },
  { header: 'DB VERSION', value: (c) => c.dbVersion, dropPriority: 6 },
  { header: 'TYPE', value: (c) => typeLabel(c), dropPriority: 2 },
  { header: 'PROVIDER', value: (c) => c.providers.join(','), dropPriority: 5 },
  { header: 'REGION', value: (c) => firstAndMore(c.regions), dropPriority: 4 },
  { header: 'TIER', value: (c) => (c.shardsDiffer ? shardTiers(c.shardsDiffer) : c.tiers.join(',')), minWidth: 4, dropPriority: 3 },
  // Storage: a flex cluster's fixed size, a dedicated cluster's diskSizeGB (shards that differ show theirs under TIER).
  { header: 'DISK', value: (c) => (c.shardsDiffer || c.diskSizeGB === undefined ? '' : `${c.diskSizeGB} GB`), onlyWhenAllFits: true },
  { header: 'CREATED', value: (c) => c.created, copyable: true, dropPriority: 7 },
];

/** Shards that differ, one by one: "1:M30/40GB 2:M40/80GB" (1-based, as `patch --shard` counts). */
function shardTiers(shards: ShardSummary[]): string {
  return shards.map((s, i) => `${i + 1}:${s.tier}${s.diskSizeGB === undefined ? '' : `/${s.diskSizeGB}GB`}`).join(' ');
}

/** A list document ({results: [...]}) as rows. */
export const CLUSTER_LIST_TABLE: TableSpec<ClusterSummary> = {
  columns: CLUSTER_COLUMNS,
  rows: (document) => {
    const results = (document as { results?: unknown } | null)?.results;
    return (Array.isArray(results) ? results : []).map(summarize);
  },
};

/** One cluster document as a one-row table (tables in a pipe, `-o table`). */
export const CLUSTER_TABLE: TableSpec<ClusterSummary> = {
  columns: CLUSTER_COLUMNS,
  rows: (document) => [summarize(document)],
};

function nodes(label: string, group: NodeGroup): string {
  return group.nodes > 0 ? `${label} ${group.nodes}×${group.instanceSize ?? '?'}` : `${label} 0`;
}

function regionLine(region: RegionSummary): string {
  const tenant = region.provider === 'TENANT' || region.provider === 'FLEX';
  // A flex cluster has one region and no priorities: its hosts are shared.
  if (region.provider === 'FLEX') return `${providerLabel(region)} ${region.region} · flex tier, shared hosts`;
  const parts = [`${providerLabel(region)} ${region.region}`, `priority ${region.priority}`];
  if (tenant) parts.push(`shared tier ${region.electable.instanceSize ?? '?'}`);
  else parts.push(nodes('electable', region.electable), nodes('read-only', region.readOnly), nodes('analytics', region.analytics));
  return parts.join(' · ');
}

/** Resource tags as `key=value, key=value`, in the service's order; none: no line. */
function tagsLine(tags: unknown): string | undefined {
  const pairs = (Array.isArray(tags) ? tags : []).filter(isObject).map((tag) => `${String(tag.key)}=${String(tag.value)}`);
  return pairs.length > 0 ? pairs.join(', ') : undefined;
}

const yesNo = (value: boolean | undefined): string | undefined => (value === undefined ? undefined : value ? 'yes' : 'no');

/** Values of the view's head a user copies: never cut (issue 43, item 8). */
const COPYABLE_LABELS = new Set(['Name', 'Created', 'ID']);

/** The readable view `clusters get` prints on a terminal: summary, topology per zone and region, connection strings. */
export async function clusterView(io: IO, document: unknown, width?: number): Promise<string> {
  const doc = (document ?? {}) as Doc;
  // On a terminal a line fits its width: values are cut with `…`, but never one a user copies
  // (the name, the ID, the creation date, a connection string), which makes its line longer.
  const { truncate } = await import('../../output/fit.js');
  const fit = (text: string, used: number, where: 'end' | 'middle' = 'end'): string =>
    width === undefined ? text : truncate(text, Math.max(8, width - used), where);
  const summary = summarize(doc);
  const bold = (s: string): string => io.chalk.bold(s);
  const stateColor = summary.state === 'IDLE' ? io.chalk.green : io.chalk.yellow;
  const head = keyValueLines(io, [
    ['Name', summary.name],
    ['State', summary.state, stateColor],
    ['Type', typeLabel(summary)],
    ['Database', summary.dbVersion],
    ['Disk', summary.diskSizeGB === undefined ? undefined : `${summary.diskSizeGB} GB`],
    ['Backup', yesNo(summary.backup)],
    ['Paused', yesNo(summary.paused)],
    ['Termination protection', yesNo(summary.terminationProtection)],
    ['Created', summary.created],
    ['Tags', tagsLine(doc.tags)],
    ['ID', typeof doc.id === 'string' ? doc.id : undefined],
  ], (text, used, label) => (COPYABLE_LABELS.has(label) ? text : fit(text, used)));
  const lines = [head, '', bold('Topology')];
  for (const zone of summary.zones) {
    // Zone names, regions, sizes and strings are server text: escaped (keyValueLines does the head's).
    lines.push(`  ${fit(`${escapeControl(zone.name)} · ${zone.shards} shard${zone.shards === 1 ? '' : 's'}`, 2)}`);
    for (const region of zone.regions) lines.push(`    ${fit(escapeControl(regionLine(region)), 4)}`);
  }
  if (summary.shardsDiffer) {
    summary.shardsDiffer.forEach((shard, i) =>
      lines.push(`  ${fit(escapeControl(`shard ${i + 1} (${shard.zone}) · ${shard.tier}${shard.diskSizeGB === undefined ? '' : ` · ${shard.diskSizeGB} GB`}`), 2)}`),
    );
  }
  const { listConnectionStrings } = await import('../../connstring/list.js');
  // Legacy documents repeat the standard strings as mongoURI* and srvAddress; show those only when they are all there is.
  const legacyOnly = new Set(['mongoURI', 'mongoURIWithOptions', 'srvAddress']);
  const all = listConnectionStrings(doc);
  const strings = all.some((s) => !legacyOnly.has(s.field)) ? all.filter((s) => !s.fields.every((f) => legacyOnly.has(f))) : all;
  lines.push('', bold('Connection strings'));
  if (strings.length === 0) lines.push(`  none yet${summary.state === 'CREATING' ? ' (issued when the cluster is IDLE)' : ''}`);
  const label = (kind: string, srv: boolean, optimized: boolean): string => `${kind}${srv ? ' srv' : ''}${optimized ? ' optimized' : ''}`;
  const labels = strings.map((s) => label(s.kind, s.srv, s.optimized));
  const labelWidth = Math.max(0, ...labels.map((l) => l.length)) + 2;
  strings.forEach((s, i) => lines.push(`  ${labels[i]!.padEnd(labelWidth)}${escapeControl(s.uri)}`));
  return `${lines.join('\n')}\n`;
}

/**
 * Prints one cluster: the key/value view on a terminal with table output,
 * otherwise through the context's formatter (the document as received).
 */
export async function showCluster(ctx: Context, document: unknown): Promise<void> {
  if ((await ctx.outputForm('terminal-view')).form === 'view') {
    ctx.io.write(await clusterView(ctx.io, document, ctx.globals.wide || !ctx.io.columns ? undefined : ctx.io.columns));
    return;
  }
  await ctx.output(document, CLUSTER_TABLE);
}
