// `cdba metrics processes|disks|databases <process|cluster>`: a process's measurements,
// or those of one of its disk partitions or databases (issue 45, item 4). A cluster's name
// stands for each of its processes. The work loads when a verb runs (run.ts).
import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { collect, completedArgument, withExamples, lookup, type App } from '../command.js';
import type { MetricsFlags } from './flags.js';
import { DEFAULT_GRANULARITY, DEFAULT_PERIOD, GRANULARITIES, MAX_TYPES } from './flags.js';
import type { MetricsKind } from './run.js';

const JSON_NOTE = '-o json passes the series through: the document, or for a cluster a list with one per process';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function addWindowFlags<Args extends any[], Opts extends OptionValues>(command: Command<Args, Opts>) {
  return command
    .option('--granularity <duration>', `step between points, ISO 8601: ${GRANULARITIES.join(', ')} (default ${DEFAULT_GRANULARITY})`)
    .addOption(new Option('--period <duration>', `how far back from now, ISO 8601, e.g. PT1H or P1DT12H (default ${DEFAULT_PERIOD})`).conflicts(['start', 'end']))
    .option('--start <time>', 'start of the window, ISO 8601 (UTC without a zone), with --end')
    .option('--end <time>', 'end of the window, with --start')
    .option('--type <name>', `only this measurement (repeatable, at most ${MAX_TYPES}), e.g. CONNECTIONS`, collect)
    .option('--plot', 'draw each series as a small chart (on a terminal)');
}

async function run(app: App, cmd: Parameters<App['context']>[0], kind: MetricsKind, word: string, subject: string | undefined, flags: MetricsFlags): Promise<void> {
  const { runMetrics } = await import('./run.js');
  await runMetrics(app.context(cmd), kind, word, subject, flags);
}

export function registerMetrics(program: Command, app: App): void {
  const group = program
    .command('metrics')
    .description("a process's measurements (CPU, connections, operations, memory), or its disks' or databases'; a cluster's name means each of its processes");
  withExamples(group, [
    ["A cluster's processes: each measurement's latest value", 'cdba metrics processes c1'],
    ['Connections over the last day, hour by hour, as charts', 'cdba metrics processes c1 --type CONNECTIONS --granularity PT1H --period P1D --plot'],
    ["The data partition's free space, per process", "cdba metrics disks c1 data --type DISK_PARTITION_SPACE_PERCENT_FREE -o json --query '[].[processId, measurements[0].dataPoints[-1].value]'"],
  ]);

  const processes = addWindowFlags(
    group
      .command('processes')
      .description(`the measurements of a process, or of each of a cluster's; ${JSON_NOTE}`)
      .addArgument(completedArgument('<process|cluster>', 'process ID (host:port), hostname or cluster name', lookup('processes'))),
  ).action(async (word, flags, cmd) => run(app, cmd, 'processes', word, undefined, flags));
  withExamples(processes, [
    ['The latest value of every measurement', 'cdba metrics processes c1'],
    ['CPU of one process over a window, a point a minute', 'cdba metrics processes atlas-abc123-shard-00-00.xyz12.mongodb.net:27017 --type PROCESS_CPU_USER --granularity PT1M --start 2026-08-10T03:00:00Z --end 2026-08-10T04:00:00Z'],
    ['The series as received, one value a line', "cdba metrics processes c1 --type CONNECTIONS -o json | jq -r '.[].measurements[0].dataPoints[].value'"],
  ]);

  const disks = addWindowFlags(
    group
      .command('disks')
      .description(`a disk partition's measurements; without a partition, the partitions; ${JSON_NOTE}`)
      .addArgument(completedArgument('<process|cluster>', 'process ID (host:port), hostname or cluster name', lookup('processes')))
      .argument('[partition]', 'partition name, e.g. data'),
  ).action(async (word, partition, flags, cmd) => run(app, cmd, 'disks', word, partition, flags));
  withExamples(disks, [
    ['The partitions', 'cdba metrics disks c1'],
    ['Space and IOPS of the data partition', 'cdba metrics disks c1 data'],
    ['Free space of each process, over a day', "cdba metrics disks c1 data --type DISK_PARTITION_SPACE_PERCENT_FREE --period P1D --granularity PT1H -o json | jq -c '.[].measurements[0].dataPoints'"],
  ]);

  const databases = addWindowFlags(
    group
      .command('databases')
      .description(`a database's measurements (size, objects, indexes); without a database, the databases; ${JSON_NOTE}`)
      .addArgument(completedArgument('<process|cluster>', 'process ID (host:port), hostname or cluster name', lookup('processes')))
      .argument('[database]', 'database name, e.g. config'),
  ).action(async (word, database, flags, cmd) => run(app, cmd, 'databases', word, database, flags));
  withExamples(databases, [
    ['The databases', 'cdba metrics databases c1'],
    ['Sizes of one database', 'cdba metrics databases c1 app'],
    ['Its data size on each process', "cdba metrics databases c1 app --type DATABASE_DATA_SIZE -o json --query '[].[processId, measurements[0].dataPoints[-1].value]'"],
  ]);
}
