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

export function clusterLines(projectId: string, clusters: ClusterStrings[]): string[] {
  if (clusters.length === 0) return [`Project ${projectId} has no clusters.`];
  const lines = [`Clusters of project ${projectId} and their "Private IP for Peering" strings (${clusters.length}):`];
  for (const { name, entries } of clusters) {
    lines.push(`  ${name}`);
    const own = entries.filter((e) => e.kind === 'private');
    if (own.length === 0) lines.push('    (no Private IP for Peering string)');
    for (const entry of own) lines.push(`    ${entry.uri}`);
    if (entries.some((e) => e.kind === 'legacy')) lines.push('    note: it also has legacy strings, which resolve to public IPs once the mode is off');
  }
  return lines;
}
