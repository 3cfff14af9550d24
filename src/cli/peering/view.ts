// How peers and containers look in a table: the columns, declared once.
import type { Column, TableSpec } from '../../output/render.js';

type Doc = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : '');
const results = (document: unknown): Doc[] => {
  const list = (document as { results?: unknown } | null)?.results;
  return (Array.isArray(list) ? list : []) as Doc[];
};

/** AWS says statusName, Azure and GCP status. */
export const peerStatus = (peer: Doc): string => text(peer.statusName) || text(peer.status);

const PEER_COLUMNS: Column<Doc>[] = [
  // The ID is what get, watch and delete take: never cut; the account gives way first.
  { header: 'ID', value: (p) => text(p.id), copyable: true },
  { header: 'PROVIDER', value: (p) => text(p.providerName) },
  { header: 'STATUS', value: peerStatus },
  // The other side: the AWS VPC, the Azure VNet, the GCP network.
  { header: 'PEER NETWORK', value: (p) => text(p.vpcId) || text(p.vnetName) || text(p.networkName), copyable: true, dropPriority: 2 },
  { header: 'ACCOUNT', value: (p) => text(p.awsAccountId) || text(p.azureSubscriptionId) || text(p.gcpProjectId), copyable: true, dropPriority: 1 },
  { header: 'CONTAINER', value: (p) => text(p.containerId), dropPriority: 3, copyable: true },
];

export const PEER_LIST_TABLE: TableSpec<Doc> = { columns: PEER_COLUMNS, rows: results };
export const PEER_TABLE: TableSpec<Doc> = { columns: PEER_COLUMNS, rows: (document) => [(document ?? {}) as Doc] };

const CONTAINER_COLUMNS: Column<Doc>[] = [
  { header: 'ID', value: (c) => text(c.id), copyable: true },
  { header: 'PROVIDER', value: (c) => text(c.providerName) },
  { header: 'REGION', value: (c) => text(c.regionName) || text(c.region) || (Array.isArray(c.regions) ? c.regions.join(',') : ''), dropPriority: 2 },
  { header: 'ATLAS CIDR', value: (c) => text(c.atlasCidrBlock) },
  { header: 'PROVISIONED', value: (c) => text(c.provisioned), dropPriority: 1 },
  { header: 'NETWORK', value: (c) => text(c.vpcId) || text(c.vnetName) || text(c.networkName), copyable: true, dropPriority: 3 },
];

export const CONTAINER_LIST_TABLE: TableSpec<Doc> = { columns: CONTAINER_COLUMNS, rows: results };
