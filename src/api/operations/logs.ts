// The log download (downloadGroupClusterLog): a host's mongod, mongos or audit log for a
// window, as a gzip file. `{hostName}` is the process's hostname without the port;
// `{logName}` one of mongodb, mongos, mongodb-audit-log, mongos-audit-log. The answer is
// `application/vnd.atlas.<date>+gzip`, never JSON (`media`), which the description says
// the service requires in Accept. Served only in the versioned API here: the +gzip media
// type is the versioned API's.
import type { ResourceOperations } from './entry.js';

export const logs = {
  'logs.download': {
    method: 'GET',
    path: '/groups/{groupId}/clusters/{hostName}/logs/{logName}.gz',
    versions: [{ date: '2023-01-01', deprecation: 'Wed, 1 Feb 2023 00:00:00 GMT', sunset: 'Thu, 1 Jul 2027 00:00:00 GMT' }, { date: '2023-02-01' }],
    v2Only: true,
    media: 'gzip',
  },
} as const satisfies ResourceOperations<'logs'>;
