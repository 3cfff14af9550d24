// The wait until a sample dataset load is COMPLETED: clusters load-sample-data --watch
// runs it, and env up --sample-data. FAILED ends it with the service's message (exit 1).
import type { ApiClient } from '../../api/client.js';
import type { SampleDatasetLoad } from '../../api/resources/searchIndexes.js';
import { FailedError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { parseDuration } from '../../core/duration.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Polls a load until it is COMPLETED (returns it); FAILED ends with the service's message. */
/** `timeout`: --watch-timeout as given; `timeoutMs`, a caller's own limit in ms (env up's, what is left of it). */
export async function waitForSampleLoad(ctx: Context, client: ApiClient, projectId: string, load: SampleDatasetLoad, timeout?: string, timeoutMs?: number): Promise<SampleDatasetLoad> {
  const { watch } = await import('../../core/watch.js');
  const { getSampleDatasetLoad } = await import('../../api/resources/searchIndexes.js');
  const id = text(load._id);
  const cluster = text(load.clusterName);
  return watch<SampleDatasetLoad>({
    io: ctx.io,
    subject: `the sample data load into ${cluster}`,
    intervals: ctx.watchIntervals,
    ...(ctx.watchDeadline ? { deadlineTimer: ctx.watchDeadline } : {}),
    timeoutMs: timeout === undefined ? timeoutMs : parseDuration(timeout, '--watch-timeout'),
    initialState: text(load.state) || undefined,
    resumeHint: `the load goes on at the service; see it with \`${ctx.followUp('api', `/groups/${projectId}/sampleDatasetLoad/${id}`)}\``,
    poll: async () => {
      const current = await getSampleDatasetLoad(client, projectId, id);
      const state = text(current.state) || 'UNKNOWN';
      if (state === 'FAILED') throw new FailedError(`the sample data load into ${cluster} FAILED: ${text(current.errorMessage) || 'the service gives no reason'}`);
      return { state, done: state === 'COMPLETED', value: current };
    },
  });
}

