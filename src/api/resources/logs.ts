// The log download (logs.download, +gzip): a host's log for a window, its body handed to
// the caller's sink as it arrives (never held whole in memory).
import type { ApiClient, DownloadAnswer, ResponseHeaders } from '../client.js';

export type LogName = 'mongodb' | 'mongos' | 'mongodb-audit-log' | 'mongos-audit-log';

export interface LogWindow {
  /** Seconds since the epoch. */
  startDate?: number;
  endDate?: number;
}

/** Downloads one host's log; `hostName` is the hostname without the port. */
export async function downloadLog(
  client: ApiClient,
  projectId: string,
  hostName: string,
  logName: LogName,
  window: LogWindow,
  sink: (body: AsyncIterable<Uint8Array>, headers: ResponseHeaders) => Promise<void>,
): Promise<DownloadAnswer> {
  return client.download('logs.download', { groupId: projectId, hostName, logName }, { query: { ...window }, sink });
}
