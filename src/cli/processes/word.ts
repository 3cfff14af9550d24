// What a word that names processes is (pure): a process `host:port`, a bare hostname
// (every process on that host), or a cluster name (its processes). A cluster's name is
// accepted wherever one of its processes is meant (issue 45, item 3).
import { UsageError } from '../../base/errors.js';

export type ProcessWord =
  | { kind: 'process'; host: string; port: number; id: string }
  | { kind: 'host'; host: string }
  | { kind: 'cluster'; name: string };

const CLUSTER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?$/;
// A DNS name of labels (letters, digits, hyphens) with at least one dot, or an IPv4 address.
const HOST = /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const PROCESS_USAGE = 'name a process as host:port (see `processes list`), a hostname, or a cluster name';

export function parseProcessWord(word: string): ProcessWord {
  if (word === '') throw new UsageError(`a process is needed: ${PROCESS_USAGE}`);
  const colon = word.lastIndexOf(':');
  if (colon !== -1) {
    const host = word.slice(0, colon);
    const portText = word.slice(colon + 1);
    const port = /^[0-9]{1,5}$/.test(portText) ? Number(portText) : NaN;
    if (!HOST.test(host) || !(port >= 1 && port <= 65_535)) throw new UsageError(`invalid process "${word}": ${PROCESS_USAGE}`);
    return { kind: 'process', host: host.toLowerCase(), port, id: `${host.toLowerCase()}:${port}` };
  }
  if (word.includes('.')) {
    if (!HOST.test(word)) throw new UsageError(`invalid hostname "${word}": ${PROCESS_USAGE}`);
    return { kind: 'host', host: word.toLowerCase() };
  }
  if (!CLUSTER.test(word)) throw new UsageError(`invalid process or cluster "${word}": ${PROCESS_USAGE}`);
  return { kind: 'cluster', name: word };
}

/** Whether a process's userAlias (`<cluster>-shard-00-01.<hash>.<domain>`) is one of this cluster's hosts. */
export function aliasOfCluster(alias: string, cluster: string): boolean {
  const lower = cluster.toLowerCase();
  if (!alias.toLowerCase().startsWith(`${lower}-`)) return false;
  return /^-(?:shard|config)-[0-9]{2,}-[0-9]{2,}\./.test(alias.slice(lower.length));
}
