// `cdba peering watch <peer-id>`: waits for a peer, and stops at the first of
//   AVAILABLE                      exit 0, the peer printed;
//   the user's step                exit 13, with what to do on the cloud's side and the values it needs:
//     AWS PENDING_ACCEPTANCE       accept the VPC peering request (console, or aws ec2 accept-vpc-peering-connection);
//     GCP WAITING_FOR_USER         create the matching peering from the container's project and network;
//   FAILED                         exit 14, with the service's reason.
// With --accepted (the user did their step) it waits through the step instead: the service
// takes a while to see the acceptance or the matching peering.
// Also the wait of `peering create --watch`, and (until the peer is gone, a 404) of `peering delete --watch`.
import type { Command } from '@commander-js/extra-typings';
import type { ApiClient } from '../../api/client.js';
import type { Peer } from '../../api/resources/peering.js';
import { ApiError, FailedStateError, UserActionError } from '../../base/errors.js';
import type { Context } from '../../core/context.js';
import { completedArgument, lookup, withExamples, type App } from '../command.js';
import { WATCH_TIMEOUT_HELP } from '../shared/networkFlags.js';
import { PEER_TABLE, peerStatus } from './view.js';
import { watchTimeoutMs } from '../../core/duration.js';
import { toolCommand } from '../../core/hints.js';

export interface PeerWait {
  client: ApiClient;
  projectId: string;
  peerId: string;
  until: 'AVAILABLE' | 'DELETED';
  timeoutMs?: number | undefined;
  initialState?: string | undefined;
  /** The user did their step: wait through it (the service takes a while to see it) instead of stopping there. */
  accepted?: boolean;
}

/** What the user does on the cloud's side, in one line, and the command that follows it up: every value in a command quoted (toolCommand). */
async function userStep(ctx: Context, wait: PeerWait, peer: Peer): Promise<UserActionError> {
  const then = `then \`${ctx.followUp('peering', 'watch', wait.peerId, '--accepted')}\``;
  const text = (key: string): string => (typeof peer[key] === 'string' ? (peer[key] as string) : '?');
  if (peer.providerName === 'GCP') {
    const { getContainer } = await import('../../api/resources/peering.js');
    const container = (await getContainer(wait.client, wait.projectId, text('containerId'))).body;
    const atlasProject = typeof container.gcpProjectId === 'string' ? container.gcpProjectId : '?';
    const atlasNetwork = typeof container.networkName === 'string' ? container.networkName : '?';
    return new UserActionError(
      `peer ${wait.peerId} is WAITING_FOR_USER: in GCP project ${text('gcpProjectId')}, peer network ${text('networkName')} with project ${atlasProject}, network ${atlasNetwork}`,
      {
        hint: `${toolCommand('gcloud', 'compute', 'networks', 'peerings', 'create', `atlas-${wait.peerId.slice(-6)}`, '--project', text('gcpProjectId'), '--network', text('networkName'), '--peer-project', atlasProject, '--peer-network', atlasNetwork)}; ${then}`,
      },
    );
  }
  const region = text('accepterRegionName');
  return new UserActionError(
    `peer ${wait.peerId} is PENDING_ACCEPTANCE: accept VPC peering connection ${text('connectionId')} in AWS account ${text('awsAccountId')}, region ${region} (VPC console, Peering connections)`,
    { hint: `${toolCommand('aws', 'ec2', 'accept-vpc-peering-connection', '--vpc-peering-connection-id', text('connectionId'), '--region', region)}; ${then}` },
  );
}

const USER_STEPS = ['PENDING_ACCEPTANCE', 'WAITING_FOR_USER'];

/** Polls the peer to AVAILABLE (returns it) or, for DELETED, until it is gone (returns undefined); the user's step and FAILED throw. */
export async function waitForPeer(ctx: Context, wait: PeerWait): Promise<Peer | undefined> {
  const { watch } = await import('../../core/watch.js');
  const { getPeer } = await import('../../api/resources/peering.js');
  // A wait that was told the user did their step says so again in the follow-up: without
  // --accepted, the next watch would stop at that step (exit 13) though it was done.
  const follow =
    wait.until === 'DELETED'
      ? ctx.followUp('peering', 'get', wait.peerId)
      : ctx.followUp('peering', 'watch', wait.peerId, ...(wait.accepted ? ['--accepted'] : []));
  // The peer at the last look: printed where the watch stops for the user or a failure.
  let last: Peer | undefined;
  try {
    return await watch<Peer | undefined>({
      io: ctx.io,
      subject: `peer ${wait.peerId}`,
      intervals: ctx.watchIntervals,
      ...(ctx.watchDeadline ? { deadlineTimer: ctx.watchDeadline } : {}),
      timeoutMs: wait.timeoutMs,
      initialState: wait.initialState,
      resumeHint: `the peering goes on at the service; follow it with \`${follow}\``,
      poll: async () => {
        let peer: Peer;
        try {
          peer = (await getPeer(wait.client, wait.projectId, wait.peerId)).body;
        } catch (error) {
          if (wait.until === 'DELETED' && error instanceof ApiError && error.status === 404) return { state: 'DELETED', done: true, value: undefined };
          throw error;
        }
        last = peer;
        const state = peerStatus(peer) || 'UNKNOWN';
        if (state === 'FAILED') {
          const reason = [peer.errorStateName, peer.errorState, peer.errorMessage].find((r) => typeof r === 'string');
          throw new FailedStateError(`peer ${wait.peerId} FAILED${reason ? `: ${String(reason)}` : ''}`, {
            hint: `delete it and try again: ${ctx.followUp('peering', 'delete', wait.peerId)}`,
          });
        }
        if (wait.until === 'AVAILABLE' && !wait.accepted && USER_STEPS.includes(state)) throw await userStep(ctx, wait, peer);
        return { state, done: wait.until === 'AVAILABLE' && state === 'AVAILABLE', value: peer };
      },
    });
  } catch (error) {
    // Where the watch stopped short, the peer as it is: stdout always has it.
    if (last && (error instanceof UserActionError || error instanceof FailedStateError)) await ctx.output(last, PEER_TABLE);
    throw error;
  }
}

export function registerPeeringWatch(parent: Command, app: App): void {
  const command = parent
    .command('watch')
    .description('wait for a peer: exit 0 at AVAILABLE, 13 where you must act (with what to do; --accepted once you did), 14 at FAILED')
    .addArgument(completedArgument('<peer-id>', 'the peer (cdba peering list shows them)', lookup('peers')))
    .option('--accepted', 'you did your step (accepted the AWS request, created the matching GCP peering): wait through it to AVAILABLE')
    .option('--watch-timeout <duration>', WATCH_TIMEOUT_HELP.replace('with --watch: ', ''))
    .action(async (peerId, options, cmd) => runPeeringWatch(app.context(cmd), peerId, options));
  withExamples(command, [
    ['Wait until the peer is AVAILABLE, or says what to do', 'cdba peering watch 6a7b8c9d0e1f2a3b4c5d6e7f'],
    ['In a script: accept the AWS request when asked, then wait through it', 'cdba peering watch "$PEER" -o json > peer.json || { [ $? -eq 13 ] && aws ec2 accept-vpc-peering-connection --vpc-peering-connection-id "$(jq -r .connectionId peer.json)" && cdba peering watch "$PEER" --accepted; }'],
  ]);
}

export async function runPeeringWatch(ctx: Context, peerId: string, flags: { accepted?: boolean; watchTimeout?: string }): Promise<void> {
  const { objectIdArg } = await import('../shared/networkInput.js');
  objectIdArg(peerId, 'peer');
  const timeoutMs = watchTimeoutMs(flags.watchTimeout);
  const projectId = await ctx.projectId();
  const peer = await waitForPeer(ctx, { client: await ctx.api(), projectId, peerId, until: 'AVAILABLE', timeoutMs, accepted: flags.accepted ?? false });
  await ctx.output(peer, PEER_TABLE);
}
