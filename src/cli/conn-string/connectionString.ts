// A cluster's connection strings as `conn-string get|list` and `clusters connect` see
// them: the --type values, the choice the flags make and the string it picks, and the
// words for entries (the JSON row of one entry, a summary of what a cluster has, for
// the exit-4 message of `get`, and how a choice is named).
import type { ConnectionKind, ConnectionStringChoice, ConnectionStringEntry } from '../../connstring/index.js';
import type { Context } from '../../core/context.js';
import { CdbaError, ExitCode, UsageError } from '../../base/errors.js';
import { flexRefusal, locateCluster } from '../clusters/public.js';

/** A cluster that exists but has no string of the requested kind: not found (exit 4). */
export class ConnectionStringNotFoundError extends CdbaError {
  readonly exitCode = ExitCode.notFound;
}

/** The `--type` values of `conn-string get`, in the order they are listed. */
export const CONNECTION_TYPES = ['standard', 'private', 'private-endpoint', 'legacy'] as const satisfies readonly ConnectionKind[];

export interface ConnectionStringRow {
  type: ConnectionKind;
  srv: boolean;
  optimized: boolean;
  endpointIds: string[];
  /** parse()'s row of the seed's table, e.g. privateLinkAwsRegionalized; "unparsed" when it does not parse. */
  shape: string;
  /** Where the cluster document carries it, e.g. privateEndpoint[0].srvConnectionString. */
  fields: string[];
  connectionString: string;
}

export function entryRow(entry: ConnectionStringEntry): ConnectionStringRow {
  return {
    type: entry.kind,
    srv: entry.srv,
    optimized: entry.optimized,
    endpointIds: [...entry.endpointIds],
    shape: entry.parsed?.type ?? 'unparsed',
    fields: [...entry.fields],
    connectionString: entry.uri,
  };
}

function formOf(entry: Pick<ConnectionStringEntry, 'srv' | 'optimized'>): string {
  if (!entry.srv) return 'host list';
  return entry.optimized ? 'optimized SRV' : 'SRV';
}

const FORM_ORDER = ['SRV', 'optimized SRV', 'host list'];

/** "standard (SRV, host list); private-endpoint (SRV, optimized SRV, host list; endpoints vpce-1, pe-2)". */
export function summarize(entries: ConnectionStringEntry[]): string {
  const parts: string[] = [];
  for (const type of CONNECTION_TYPES) {
    const ofType = entries.filter((e) => e.kind === type);
    if (ofType.length === 0) continue;
    const forms = FORM_ORDER.filter((form) => ofType.some((e) => formOf(e) === form));
    const endpoints = [...new Set(ofType.flatMap((e) => e.endpointIds))];
    parts.push(`${type} (${forms.join(', ')}${endpoints.length > 0 ? `; endpoint${endpoints.length > 1 ? 's' : ''} ${endpoints.join(', ')}` : ''})`);
  }
  return parts.join('; ');
}

/** "private-endpoint optimized SRV connection string for endpoint vpce-1": the endpoint last, after the noun. */
export function describeChoice(choice: Required<Pick<ConnectionStringChoice, 'type' | 'srv'>> & ConnectionStringChoice): string {
  let form = choice.srv ? 'SRV' : 'host-list';
  if (choice.srv && choice.optimized === true) form = 'optimized SRV';
  if (choice.srv && choice.optimized === false) form = 'non-optimized SRV';
  return `${choice.type} ${form} connection string${choice.endpoint !== undefined ? ` for endpoint ${choice.endpoint}` : ''}`;
}

/** Why `get` found nothing: no strings at all (yet), or none of that kind, with what there is. */
export function missingMessage(
  cluster: string,
  choice: Required<Pick<ConnectionStringChoice, 'type' | 'srv'>> & ConnectionStringChoice,
  entries: ConnectionStringEntry[],
  stateName?: string,
): string {
  if (entries.length === 0) {
    const pending = stateName !== undefined && stateName !== 'IDLE' ? ` yet (it is ${stateName})` : '';
    return `cluster "${cluster}" has no connection strings${pending}`;
  }
  return `cluster "${cluster}" has no ${describeChoice(choice)}; it has: ${summarize(entries)}`;
}

export interface ConnStringGetFlags {
  type: ConnectionKind;
  /** True when --type was on the command line (not the default). */
  typeGiven: boolean;
  srv: boolean;
  endpoint?: string;
  /** undefined: the seed's default (rule 4); true/false: --optimized / --no-optimized. */
  optimized?: boolean;
}

/** The choice selectConnectionString makes; --endpoint and --[no-]optimized imply --type private-endpoint. */
export function resolveChoice(flags: ConnStringGetFlags): Required<Pick<ConnectionStringChoice, 'type' | 'srv'>> & ConnectionStringChoice {
  const endpointFlags = [
    ...(flags.endpoint !== undefined ? ['--endpoint'] : []),
    ...(flags.optimized !== undefined ? [flags.optimized ? '--optimized' : '--no-optimized'] : []),
  ];
  let type = flags.type;
  if (endpointFlags.length > 0) {
    if (!flags.typeGiven) type = 'private-endpoint';
    else if (type !== 'private-endpoint') {
      throw new UsageError(`${endpointFlags.join(' and ')} ${endpointFlags.length > 1 ? 'apply' : 'applies'} to --type private-endpoint only, not --type ${type}`);
    }
  }
  if (flags.optimized === true && !flags.srv) {
    throw new UsageError('--optimized and --no-srv conflict: the optimized string exists only in SRV form');
  }
  if (flags.endpoint !== undefined && flags.endpoint.trim() === '') throw new UsageError('--endpoint needs an endpoint ID');
  return {
    type,
    srv: flags.srv,
    ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}),
    ...(flags.optimized !== undefined ? { optimized: flags.optimized } : {}),
  };
}

/** Whether any of the cluster's regions is on AWS, in any version's shape (regionConfigs' providerName, the legacy providerSettings). */
function onAws(body: Record<string, unknown>): boolean {
  const settings = body.providerSettings as { providerName?: unknown } | undefined;
  if (settings?.providerName === 'AWS') return true;
  const specs = Array.isArray(body.replicationSpecs) ? (body.replicationSpecs as Array<{ regionConfigs?: unknown }>) : [];
  return specs.some((spec) => Array.isArray(spec?.regionConfigs) && (spec.regionConfigs as Array<{ providerName?: unknown }>).some((region) => region?.providerName === 'AWS'));
}

/** Reads the cluster and picks the string the choice names; none is a ConnectionStringNotFoundError. Shared with `clusters connect`. */
export async function chooseConnectionString(ctx: Context, cluster: string, choice: ReturnType<typeof resolveChoice>): Promise<ConnectionStringEntry> {
  const locator = await locateCluster(ctx, cluster);
  const body = await locator.get();
  if (locator.learnt === 'flex' && (choice.type === 'private' || choice.type === 'private-endpoint')) throw flexRefusal(cluster, 'private', false);
  const { listConnectionStrings, selectConnectionString } = await import('../../connstring/index.js');
  const entries = listConnectionStrings(body);
  const chosen = selectConnectionString(entries, choice);
  if (!chosen) {
    const stateName = typeof body.stateName === 'string' ? body.stateName : undefined;
    // Private strings come with network resources: when the cluster has none of the kind, say which, and where to see the project's.
    const source = entries.some((e) => e.kind === choice.type)
      ? undefined
      : choice.type === 'private'
        ? onAws(body)
          ? // The service offers them on AWS only with the project's custom DNS for AWS peering on, or in private IP mode.
            `on AWS they come with an AVAILABLE network peering connection (see \`${ctx.followUp('peering', 'list')}\`) and the project's custom DNS for AWS peering on (\`${ctx.followUp('api', 'toggleAwsCustomDns', '-f', 'enabled=true')}\`), or with its private IP mode (see \`${ctx.followUp('private-ip', 'status')}\`)`
          : `they come with an AVAILABLE network peering connection (see \`${ctx.followUp('peering', 'list')}\`)`
        : choice.type === 'private-endpoint'
          ? `they come with an AVAILABLE private endpoint in the cluster's region (see \`${ctx.followUp('private-endpoints', 'list')}\`)`
          : undefined;
    const hints = [...(source ? [source] : []), ...(entries.length > 0 ? [`see ${ctx.followUp('conn-string', 'list', cluster)}`] : [])];
    throw new ConnectionStringNotFoundError(missingMessage(cluster, choice, entries, stateName), hints.length > 0 ? { hint: hints.join('; ') } : {});
  }
  return chosen;
}
