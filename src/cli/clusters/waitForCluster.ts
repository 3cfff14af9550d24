// The wait for a cluster to be IDLE or gone, which clusters create, patch, delete,
// pause and watch run, and env up and down too; and how a cluster's state is shown.
import type { Cluster } from '../../api/resources/clusters.js';
import type { Context } from '../../core/context.js';
import { isClusterAbsent } from './absent.js';
import { ClusterLocator } from './flex.js';
import type { ClusterTarget } from './target.js';

/**
 * A paused cluster stays IDLE in stateName (the service's enum has no paused
 * state; it says so in `paused`), and the Atlas CLI prints stateName alone, which
 * hides it. The table says PAUSED; the JSON keeps the service's fields.
 */
export const stateLabel = (c: { state: string; paused?: boolean | undefined }): string => (c.paused === true && c.state === 'IDLE' ? 'PAUSED' : c.state);

export const UNTIL_STATES = ['IDLE', 'DELETED'] as const;
export type Until = (typeof UNTIL_STATES)[number];

export interface WaitOptions {
  until: Until;
  timeoutMs?: number | undefined;
  /** The state the caller already saw (create and patch answers carry one). */
  initialState?: string | undefined;
  /** Where the cluster lives, when the caller already found out (a flex cluster is read from the flex API). */
  locator?: ClusterLocator | undefined;
}

/**
 * Polls the cluster until it is IDLE (returns the document) or gone (returns
 * undefined). The service's "no such cluster" (404 CLUSTER_NOT_FOUND) ends a DELETED
 * wait; for IDLE it is an error (exit 4), as is any other 404 for either (a project that
 * does not exist, GROUP_NOT_FOUND, is no deleted cluster).
 */
export async function waitForCluster(ctx: Context, target: ClusterTarget, name: string, options: WaitOptions): Promise<Cluster | undefined> {
  const { watch } = await import('../../core/watch.js');
  const locator = options.locator ?? (await ClusterLocator.open(ctx, target.client, target.projectId, name));
  const follow = ctx.followUp('clusters', 'watch', name, ...(options.until === 'DELETED' ? ['--until', 'DELETED'] : []));
  return watch<Cluster | undefined>({
    io: ctx.io,
    subject: `cluster ${name}`,
    intervals: ctx.watchIntervals,
    ...(ctx.watchDeadline ? { deadlineTimer: ctx.watchDeadline } : {}),
    timeoutMs: options.timeoutMs,
    initialState: options.initialState,
    resumeHint: `the operation goes on at the service; follow it with \`${follow}\``,
    poll: async () => {
      try {
        const body = await locator.get();
        const state = typeof body.stateName === 'string' ? body.stateName : 'UNKNOWN';
        // Shown as list shows it: a paused cluster is IDLE at the service, PAUSED to the user.
        return { state: stateLabel({ state, paused: body.paused === true }), done: options.until === 'IDLE' && state === 'IDLE', value: body };
      } catch (error) {
        if (options.until === 'DELETED' && isClusterAbsent(error)) {
          locator.forget();
          return { state: 'DELETED', done: true, value: undefined };
        }
        throw error;
      }
    },
  });
}
