// `cdba performance-advisor ...`: the Performance Advisor (issue 45, item 6): per process
// (or each process of a cluster) its namespaces, slow queries and suggested indexes (as
// createIndex commands); per cluster its schema advice and drop-index suggestions; the
// project's managed slow operation threshold.
import type { Command } from '@commander-js/extra-typings';
import { withExamples, type App } from '../command.js';
import { registerClusterAdvice } from './cluster.js';
import { registerManagedSlowMs } from './managedSlowMs.js';
import { registerPerProcess } from './perProcess.js';

export function registerPerformanceAdvisor(program: Command, app: App): void {
  const group = program
    .command('performance-advisor')
    .description('slow queries, suggested indexes, schema advice and drop-index suggestions of the Performance Advisor');
  withExamples(group, [
    ['The indexes to create on c1, as mongosh commands', 'cdba performance-advisor suggested-indexes c1'],
    ['Slow queries of one process', 'cdba performance-advisor slow-queries atlas-abc123-shard-00-00.xyz12.mongodb.net:27017'],
    ['Schema advice', 'cdba performance-advisor schema-advice c1'],
    ['The commands alone, into mongosh', "cdba performance-advisor suggested-indexes c1 -o json | jq -r '.[].suggestedIndexes[].createIndex' | mongosh \"$MONGODB_URI\""],
  ]);
  registerPerProcess(group, app, 'namespaces');
  registerPerProcess(group, app, 'slow-queries');
  registerPerProcess(group, app, 'suggested-indexes');
  registerClusterAdvice(group, app, 'schema-advice');
  registerClusterAdvice(group, app, 'drop-index-suggestions');
  registerManagedSlowMs(group, app);
}
