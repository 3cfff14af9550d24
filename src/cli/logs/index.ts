// `cdba logs download ...`: the mongod, mongos and audit logs of a host or of every host
// of a cluster (issue 45, item 5).
import type { Command } from '@commander-js/extra-typings';
import { withExamples, type App } from '../command.js';
import { registerLogsDownload } from './download.js';

export function registerLogs(program: Command, app: App): void {
  const group = program.command('logs').description("download the mongod, mongos and audit logs of a cluster's hosts (gzip, or text with --decompress)");
  withExamples(group, [
    ["Every host's log of the last 24 hours, into c1-logs/", 'cdba logs download c1'],
    ['One host as text', 'cdba logs download atlas-abc123-shard-00-00.xyz12.mongodb.net --decompress'],
    ['The slow queries in a host\'s log', "cdba logs download atlas-abc123-shard-00-00.xyz12.mongodb.net --decompress --out - | grep '\"Slow query\"'"],
  ]);
  registerLogsDownload(group, app);
}
