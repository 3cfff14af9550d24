// Deterministic short identifiers the service puts into hostnames and options.
// Derived from a hash of their seed text, so the emulator issues the same strings
// for the same project and cluster on every run.
import { createHash } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function token(kind: string, seedText: string, length: number): string {
  const digest = createHash('sha256').update(`${kind}\0${seedText}`).digest();
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[(digest[i] as number) % ALPHABET.length];
  return out;
}

/** The short project-specific token in cluster hostnames (<hash>): 5 characters of [a-z0-9]. */
export function projectHash(projectId: string): string {
  return token('project', projectId, 5);
}

/**
 * Seed rule 1: new clusters' replica set names use a six-character alphanumeric ID,
 * not the cluster name. Returns "atlas-<id>"; shard n's replica set is "atlas-<id>-shard-<n>".
 */
export function replicaSetId(seedText: string): string {
  return `atlas-${token('replicaSet', seedText, 6)}`;
}

/** Host prefix of shared-tier (TENANT) clusters, as recorded: "ac-" and 7 characters, not the cluster name. */
export function tenantHostPrefix(seedText: string): string {
  return `ac-${token('tenant', seedText, 7)}`;
}
