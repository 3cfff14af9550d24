// `cdba conn-string get <cluster>` (also `cdba conn-string <cluster>`): one string,
// bare, so that `mongosh "$(cdba conn-string get c1)"` works.
import { Option, type Command } from '@commander-js/extra-typings';
import type { ConnectionKind, ConnectionStringChoice, ConnectionStringEntry } from '../../connstring/index.js';
import type { Context } from '../../core/context.js';
import { UsageError } from '../../base/errors.js';
import { escapeControl } from '../../base/sanitize.js';
import { withExamples, type App } from '../command.js';
import { CONNECTION_TYPES, entryRow, missingMessage } from './describe.js';
import { ConnectionStringNotFoundError } from './errors.js';
import { flexRefusal, locateCluster } from '../clusters/flex.js';
import { checkClusterName } from '../clusters/target.js';

export interface ConnStringGetFlags {
  type: ConnectionKind;
  /** True when --type was on the command line (not the default). */
  typeGiven: boolean;
  srv: boolean;
  endpoint?: string;
  /** undefined: the seed's default (rule 4); true/false: --optimized / --no-optimized. */
  optimized?: boolean;
}

export function registerConnStringGet(parent: Command, app: App): void {
  const command = parent
    .command('get', { isDefault: true })
    .description('print one connection string of a cluster, bare (whatever the output format), unless -o json|pretty or --query is given')
    .argument('<cluster>', 'cluster name')
    .addOption(new Option('--type <type>', 'connection type').choices(CONNECTION_TYPES).default('standard' as ConnectionKind))
    .option('--no-srv', 'the host-list form (mongodb://host:port,...) instead of SRV (mongodb+srv://)')
    .option('--endpoint <id>', 'the string of this private endpoint (implies --type private-endpoint)')
    .option('--optimized', 'the optimized SRV string of a sharded cluster behind private endpoints (implies --type private-endpoint)')
    .option('--no-optimized', 'the non-optimized (legacy) SRV string under private endpoints, e.g. before converting to multi-region')
    .action(async (cluster, options, cmd) =>
      runConnStringGet(app.context(cmd), cluster, { ...options, typeGiven: cmd.getOptionValueSource('type') === 'cli' }),
    );
  withExamples(command, [
    ['Connect with mongosh (SRV, standard)', 'mongosh "$(cdba conn-string get c1)"'],
    ['The host-list form of the Private IP for Peering string', 'cdba conn-string get c1 --type private --no-srv'],
    ['The optimized SRV string of one private endpoint', 'cdba conn-string get shard1 --endpoint vpce-0a1b2c --optimized'],
    ['As a document, for scripts', "cdba conn-string get c1 --type legacy -o json --query '{uri: connectionString, shape: shape}'"],
  ]);
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


export async function runConnStringGet(ctx: Context, cluster: string, flags: ConnStringGetFlags): Promise<void> {
  const choice = resolveChoice(flags);
  checkClusterName(cluster); // before anything else, so a bad name sends no request
  const chosen = await chooseConnectionString(ctx, cluster, choice);
  // -o json|pretty on the command line, or --query, ask for the document; anything else gets the bare string.
  if ((await ctx.outputForm('bare')).form === 'document') {
    await ctx.output({ cluster, ...entryRow(chosen) });
    return;
  }
  // Bare, for $(...): a valid URI has no control characters or backslashes, so escaping changes only a hostile one.
  ctx.io.write(`${escapeControl(chosen.uri)}\n`);
}

/** Reads the cluster and picks the string the choice names; none is a ConnectionStringNotFoundError. Shared with `clusters connect`. */
export async function chooseConnectionString(ctx: Context, cluster: string, choice: ReturnType<typeof resolveChoice>): Promise<ConnectionStringEntry> {
  const locator = await locateCluster(ctx, cluster);
  // cdba knows it is flex: no private strings to ask for.
  if (locator.knownFlex && (choice.type === 'private' || choice.type === 'private-endpoint')) throw flexRefusal(cluster, 'private', true);
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
        ? `they come with an AVAILABLE network peering connection (see \`${ctx.followUp('peering', 'list')}\`)`
        : choice.type === 'private-endpoint'
          ? `they come with an AVAILABLE private endpoint in the cluster's region (see \`${ctx.followUp('private-endpoints', 'list')}\`)`
          : undefined;
    const hints = [...(source ? [source] : []), ...(entries.length > 0 ? [`see ${ctx.followUp('conn-string', 'list', cluster)}`] : [])];
    throw new ConnectionStringNotFoundError(missingMessage(cluster, choice, entries, stateName), hints.length > 0 ? { hint: hints.join('; ') } : {});
  }
  return chosen;
}
