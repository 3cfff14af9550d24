// `cdba conn-string get <cluster>` (also `cdba conn-string <cluster>`): one string,
// bare, so that `mongosh "$(cdba conn-string get c1)"` works.
import { Option, type Command } from '@commander-js/extra-typings';
import type { ConnectionKind } from '../../connstring/index.js';
import type { Context } from '../../core/context.js';
import { escapeControl } from '../../base/sanitize.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { chooseConnectionString, CONNECTION_TYPES, entryRow, resolveChoice, type ConnStringGetFlags } from './connectionString.js';
import { checkClusterName } from '../clusters/public.js';

export function registerConnStringGet(parent: Command, app: App): void {
  const command = parent
    .command('get', { isDefault: true })
    .description('print one connection string of a cluster, bare (whatever the output format), unless -o json|pretty or --query is given')
    .addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))
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
