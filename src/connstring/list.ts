// Every string a cluster document carries, each with its connection type, and the
// choice `conn-string get` makes among them. Reads the versioned API's connectionStrings
// object and the legacy API's mongoURI / mongoURIWithOptions / srvAddress fields.
import { parse } from './parse.js';
import type { ConnectionKind, ParsedConnectionString } from './shapes.js';
import { isObject } from '../base/object.js';

export interface ConnectionStringEntry {
  uri: string;
  /** Where it was found, first: "standard", "privateEndpoint[0].srvConnectionString", "awsPrivateLink.vpce-1"… */
  field: string;
  /** Every field carrying the same string (awsPrivateLink repeats privateEndpoint's). */
  fields: string[];
  kind: ConnectionKind;
  srv: boolean;
  optimized: boolean;
  endpointIds: string[];
  /** Undefined when the service sent a string that does not parse. */
  parsed: ParsedConnectionString | undefined;
}

function tryParse(uri: string): ParsedConnectionString | undefined {
  try {
    return parse(uri);
  } catch {
    return undefined;
  }
}

const FIELD_KIND: Record<string, ConnectionKind> = {
  standard: 'standard',
  standardSrv: 'standard',
  mongoURI: 'standard',
  mongoURIWithOptions: 'standard',
  srvAddress: 'standard',
  private: 'private',
  privateSrv: 'private',
};

/**
 * Accepts a cluster document (either API) or its connectionStrings object.
 * Strings come in this order: standard, private, private endpoint, AWS PrivateLink maps, legacy API fields.
 */
export function listConnectionStrings(source: unknown): ConnectionStringEntry[] {
  if (!isObject(source)) return [];
  const strings = isObject(source.connectionStrings) ? source.connectionStrings : 'connectionStrings' in source ? {} : source;
  const found: { uri: string; field: string; endpointIds: string[]; optimized: boolean }[] = [];
  const add = (uri: unknown, field: string, endpointIds: string[] = [], optimized = false) => {
    if (typeof uri === 'string' && uri !== '') found.push({ uri, field, endpointIds, optimized });
  };
  for (const field of ['standard', 'standardSrv', 'private', 'privateSrv']) add(strings[field], field);
  const endpoints = Array.isArray(strings.privateEndpoint) ? strings.privateEndpoint : [];
  endpoints.forEach((pe: unknown, i) => {
    if (!isObject(pe)) return;
    const ids = Array.isArray(pe.endpoints)
      ? pe.endpoints.flatMap((e: unknown) => (isObject(e) && typeof e.endpointId === 'string' ? [e.endpointId] : []))
      : [];
    add(pe.connectionString, `privateEndpoint[${i}].connectionString`, ids);
    add(pe.srvConnectionString, `privateEndpoint[${i}].srvConnectionString`, ids);
    add(pe.srvShardOptimizedConnectionString, `privateEndpoint[${i}].srvShardOptimizedConnectionString`, ids, true);
  });
  for (const map of ['awsPrivateLink', 'awsPrivateLinkSrv']) {
    const value = strings[map];
    if (isObject(value)) for (const [id, uri] of Object.entries(value)) add(uri, `${map}.${id}`, [id]);
  }
  for (const field of ['mongoURI', 'mongoURIWithOptions', 'srvAddress']) add(source[field], field);

  const byUri = new Map<string, ConnectionStringEntry>();
  for (const f of found) {
    const known = byUri.get(f.uri);
    if (known) {
      known.fields.push(f.field);
      for (const id of f.endpointIds) if (!known.endpointIds.includes(id)) known.endpointIds.push(id);
      continue;
    }
    const parsed = tryParse(f.uri);
    const fieldKind = FIELD_KIND[f.field] ?? 'private-endpoint';
    const kind: ConnectionKind = parsed?.type === 'legacy' ? 'legacy' : fieldKind;
    byUri.set(f.uri, {
      uri: f.uri,
      field: f.field,
      fields: [f.field],
      kind,
      srv: parsed ? parsed.srv : f.uri.startsWith('mongodb+srv:'),
      optimized: f.optimized || parsed?.type === 'privateLinkOptimized',
      endpointIds: [...f.endpointIds],
      parsed,
    });
  }
  return [...byUri.values()];
}

export interface ConnectionStringChoice {
  type?: ConnectionKind;
  /** Default true: the SRV form. */
  srv?: boolean;
  endpoint?: string;
  /** Private endpoint SRV only. Undefined: the seed's default (rule 4), see selectConnectionString. */
  optimized?: boolean;
}

/**
 * The string `conn-string get` prints, or undefined when the cluster has none of that kind.
 * For a private-endpoint SRV string with `optimized` unset, seed rule 4 decides: the optimized
 * string is the default, except for clusters that have legacy strings, which keep the legacy SRV.
 */
export function selectConnectionString(
  entries: ConnectionStringEntry[],
  choice: ConnectionStringChoice = {},
): ConnectionStringEntry | undefined {
  const type = choice.type ?? 'standard';
  const srv = choice.srv ?? true;
  let pool = entries.filter((e) => e.kind === type && e.srv === srv);
  if (choice.endpoint !== undefined) pool = pool.filter((e) => e.endpointIds.includes(choice.endpoint as string));
  if (type !== 'private-endpoint' || !srv) return pool[0];
  const hasLegacy = entries.some((e) => e.kind === 'legacy');
  const optimized = choice.optimized ?? !hasLegacy;
  return pool.find((e) => e.optimized === optimized) ?? (choice.optimized === undefined ? pool[0] : undefined);
}
