// `cdba performance-advisor schema-advice|drop-index-suggestions <cluster>`: the
// cluster-level advice (2024-08-05), unwrapped from the envelope the service sends.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../core/context.js';
import { checkClusterName } from '../clusters/public.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { DROP_TABLE, SCHEMA_TABLE } from './view.js';

type Verb = 'schema-advice' | 'drop-index-suggestions';

export function registerClusterAdvice(parent: Command, app: App, verb: Verb): void {
  const command = parent
    .command(verb)
    .description(verb === 'schema-advice' ? "the advisor's schema recommendations for a cluster, with the namespaces they concern" : 'the hidden, redundant and unused indexes the advisor suggests dropping')
    .addArgument(completedArgument('<cluster>', 'cluster name', lookup('clusters')))
    .action(async (cluster, _options, cmd) => runClusterAdvice(app.context(cmd), verb, cluster));
  withExamples(command, verb === 'schema-advice'
    ? [['What to change in the schema of c1', 'cdba performance-advisor schema-advice c1'], ['The kinds of advice only', "cdba performance-advisor schema-advice c1 -o json | jq -r '.recommendations[].recommendation'"]]
    : [['Indexes c1 could drop', 'cdba performance-advisor drop-index-suggestions c1'], ['Only the unused ones', "cdba performance-advisor drop-index-suggestions c1 -o json | jq -r '.unusedIndexes[].name'"]]);
}

export async function runClusterAdvice(ctx: Context, verb: Verb, cluster: string): Promise<void> {
  checkClusterName(cluster);
  const projectId = await ctx.projectId();
  const client = await ctx.api();
  const api = await import('../../api/resources/performanceAdvisor.js');
  if (verb === 'schema-advice') await ctx.output(await api.listSchemaAdvice(client, projectId, cluster), SCHEMA_TABLE);
  else await ctx.output(await api.listDropIndexSuggestions(client, projectId, cluster), DROP_TABLE);
}
