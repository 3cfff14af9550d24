// What `private-ip disable` tells the user before asking (seed: States, the one
// transition of the private IP mode): what changes, and each cluster's
// "Private IP for Peering" strings, so they can check their applications use them.
import type { ConnectionStringEntry } from '../../connstring/index.js';

export function transitionLines(projectId: string): string[] {
  return [
    `Private IP mode (peering-only mode) is on for project ${projectId}. Turning it off:`,
    '  - lifts the peering-only restrictions: DNS resolution and connections are no longer limited to the peered network;',
    '  - makes expansion into more regions possible;',
    '  - assumes applications already use the "Private IP for Peering" strings (the -pri hosts below);',
    '    legacy strings resolve to public IPs once the mode is off.',
  ];
}

export interface ClusterStrings {
  name: string;
  entries: ConnectionStringEntry[];
}

/** Clusters listed string by string before the rest are counted: a project of 1,000 clusters is not 3,000 lines. */
export const LISTED_CLUSTERS = 20;

/**
 * The first `listed` clusters with their -pri strings; the rest as counts, and
 * `listCommand` (a `conn-string list <name>` with the user's flags) to see any of them.
 */
export function clusterLines(projectId: string, clusters: ClusterStrings[], listCommand = 'cdba conn-string list <name>', listed = LISTED_CLUSTERS): string[] {
  if (clusters.length === 0) return [`Project ${projectId} has no clusters.`];
  const lines = [`Clusters of project ${projectId} and their "Private IP for Peering" strings (${clusters.length}):`];
  const hasPrivate = (entries: ConnectionStringEntry[]): boolean => entries.some((e) => e.kind === 'private');
  const hasLegacy = (entries: ConnectionStringEntry[]): boolean => entries.some((e) => e.kind === 'legacy');
  for (const { name, entries } of clusters.slice(0, listed)) {
    lines.push(`  ${name}`);
    const own = entries.filter((e) => e.kind === 'private');
    if (own.length === 0) lines.push('    (no Private IP for Peering string)');
    for (const entry of own) lines.push(`    ${entry.uri}`);
    if (hasLegacy(entries)) lines.push('    note: it also has legacy strings, which resolve to public IPs once the mode is off');
  }
  const rest = clusters.slice(listed);
  if (rest.length > 0) {
    const without = rest.filter((c) => !hasPrivate(c.entries)).length;
    const legacy = rest.filter((c) => hasLegacy(c.entries)).length;
    const counts = [`${rest.length - without} with Private IP for Peering strings`, `${without} without`, ...(legacy > 0 ? [`${legacy} also with legacy strings`] : [])];
    lines.push(`  …and ${rest.length} more: ${counts.join(', ')}; \`${listCommand}\` shows any of them`);
  }
  return lines;
}
