// How endpoint services, interface endpoints and the strings they bring look in a table.
import type { Column, TableSpec } from '../../output/render.js';

type Doc = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : '');
/** The rows of a list: the service's bare array (one provider's), or the merged document's `results` (every provider's). */
const results = (document: unknown): Doc[] => {
  const list = Array.isArray(document) ? document : (document as { results?: unknown } | null)?.results;
  return (Array.isArray(list) ? list : []) as Doc[];
};

/** A service's endpoints, whichever field its provider keeps them in. */
export function serviceEndpoints(service: Doc): string[] {
  const list = service.interfaceEndpoints ?? service.privateEndpoints ?? service.endpointGroupNames;
  return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
}

const SERVICE_COLUMNS: Column<Doc>[] = [
  { header: 'ID', value: (s) => text(s.id), copyable: true },
  { header: 'PROVIDER', value: (s) => text(s.cloudProvider), dropPriority: 1 },
  { header: 'REGION', value: (s) => text(s.regionName), dropPriority: 2 },
  { header: 'STATUS', value: (s) => text(s.status) },
  { header: 'ENDPOINTS', value: (s) => serviceEndpoints(s).join(', '), copyable: true, dropPriority: 4 },
  // What the user's side connects to, copied into AWS or Azure: the AWS service name, the
  // Azure private link service. Never cut: where it does not fit whole (about 110 columns
  // with the others) the column goes, and `get <id> -o json --query endpointServiceName` gives it.
  { header: 'SERVICE NAME', value: (s) => text(s.endpointServiceName) || text(s.privateLinkServiceName), copyable: true, dropPriority: 3 },
];

export const SERVICE_LIST_TABLE: TableSpec<Doc> = { columns: SERVICE_COLUMNS, rows: results };
export const SERVICE_TABLE: TableSpec<Doc> = { columns: SERVICE_COLUMNS, rows: (document) => [(document ?? {}) as Doc] };

/** AWS says connectionStatus, Azure and GCP status. */
export const endpointStatus = (endpoint: Doc): string => text(endpoint.connectionStatus) || text(endpoint.status);

export const ENDPOINT_TABLE: TableSpec<Doc> = {
  columns: [
    { header: 'ENDPOINT', value: (e) => text(e.interfaceEndpointId) || text(e.privateEndpointResourceId) || text(e.endpointGroupName), copyable: true },
    { header: 'PROVIDER', value: (e) => text(e.cloudProvider) },
    { header: 'STATUS', value: endpointStatus },
    { header: 'IP', value: (e) => text(e.privateEndpointIPAddress), copyable: true, omitWhenEmpty: true, dropPriority: 1 },
  ],
  rows: (document) => [(document ?? {}) as Doc],
};

/** `interfaces add --watch`: each served cluster and its private-endpoint SRV string. */
export const STRINGS_TABLE: TableSpec<Doc> = {
  columns: [
    { header: 'CLUSTER', value: (r) => text(r.cluster), copyable: true },
    { header: 'PRIVATE ENDPOINT SRV', value: (r) => text(r.connectionString), copyable: true },
  ],
  rows: results,
};

export const REGIONAL_MODE_TABLE: TableSpec<Doc> = {
  columns: [{ header: 'REGIONALIZED', value: (d) => text(d.enabled) }],
  rows: (document) => [(document ?? {}) as Doc],
};
