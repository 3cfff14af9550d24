// Network peering's part of the emulator's world: each project's containers (one per
// provider and region; one per provider on GCP) and the peers made on them, with the
// states the reference README lists for each provider:
//   AWS   statusName INITIATING -> PENDING_ACCEPTANCE (the user accepts) -> FINALIZING -> AVAILABLE; TERMINATING when deleted
//   Azure status     ADDING_PEER -> AVAILABLE; DELETING when deleted
//   GCP   status     ADDING_PEER -> WAITING_FOR_USER (the user peers back) -> AVAILABLE; DELETING when deleted
import { randomBytes } from 'node:crypto';
import type { NetworkProvider } from '../../../connstring/privateNetwork.js';
import type { Store, World } from '../../contract.js';
import { advance, GONE, type Staged, type Timeline } from '../stages.js';

export interface ContainerRecord {
  id: string;
  groupId: string;
  providerName: NetworkProvider;
  atlasCidrBlock: string;
  /** AWS: the API's region name. */
  regionName?: string;
  /** Azure: the API's region name. */
  region?: string;
  /** GCP: the regions it is limited to (API names); the container itself is global. */
  regions?: string[];
  /** The network the service made for it: AWS vpcId, Azure azureSubscriptionId and vnetName, GCP gcpProjectId and networkName. */
  network: Record<string, string>;
}

export interface PeerRecord extends Staged {
  id: string;
  groupId: string;
  containerId: string;
  providerName: NetworkProvider;
  /** The request's provider fields (accepterRegionName, awsAccountId, ...), as sent. */
  fields: Record<string, string>;
  /** AWS: the VPC peering connection's id (pcx-...), the user's handle to accept it. */
  connectionId?: string;
  /** AWS: why it FAILED (EXPIRED: a request nobody accepted within a week, as AWS lets it lapse). */
  errorStateName?: string;
}

/** AWS lets a peering request nobody accepted lapse after a week. */
export const ACCEPTANCE_EXPIRES_MS = 7 * 24 * 3600_000;

export interface PeeringState {
  containers: ContainerRecord[];
  peers: PeerRecord[];
}

declare module '../../contract.js' {
  interface World {
    /** Absent from state files written before network peering was a resource. */
    peering?: PeeringState;
  }
}

export function peeringOf(world: World): PeeringState {
  return (world.peering ??= { containers: [], peers: [] });
}

const AWS_TIMELINE: Timeline = {
  next: (status) => ({ INITIATING: 'PENDING_ACCEPTANCE', PENDING_ACCEPTANCE: 'FINALIZING', FINALIZING: 'AVAILABLE', TERMINATING: GONE })[status],
  userSteps: ['PENDING_ACCEPTANCE'],
};
const AZURE_TIMELINE: Timeline = { next: (status) => ({ ADDING_PEER: 'AVAILABLE', DELETING: GONE })[status] };
const GCP_TIMELINE: Timeline = {
  next: (status) => ({ ADDING_PEER: 'WAITING_FOR_USER', WAITING_FOR_USER: 'AVAILABLE', DELETING: GONE })[status],
  userSteps: ['WAITING_FOR_USER'],
};
export const PEER_TIMELINES: Readonly<Record<NetworkProvider, Timeline>> = { AWS: AWS_TIMELINE, AZURE: AZURE_TIMELINE, GCP: GCP_TIMELINE };

/** A new peer's first status, and the one it is in while being deleted. */
export const FIRST_STATUS: Readonly<Record<NetworkProvider, string>> = { AWS: 'INITIATING', AZURE: 'ADDING_PEER', GCP: 'ADDING_PEER' };
export const DELETING_STATUS: Readonly<Record<NetworkProvider, string>> = { AWS: 'TERMINATING', AZURE: 'DELETING', GCP: 'DELETING' };

/**
 * Every peer moved up to now; the deleted ones dropped. A peer's times (`since`) are on the
 * service's clock (serviceNow: under --date, that day's), as the request's lapse is the
 * service's: a held request made on one --date has lapsed when the emulator runs again on
 * the same --state a week later.
 */
export function advancePeers(store: Store): PeeringState {
  const state = peeringOf(store.world);
  const now = store.serviceClock();
  let gone = false;
  for (const peer of state.peers) {
    const moved = advance(peer, PEER_TIMELINES[peer.providerName], now);
    // Held at the user's step (--hold-user-steps), an AWS request lapses as AWS lets it.
    if (peer.held && peer.status === 'PENDING_ACCEPTANCE' && now >= peer.since + ACCEPTANCE_EXPIRES_MS) {
      Object.assign(peer, { status: 'FAILED', since: peer.since + ACCEPTANCE_EXPIRES_MS, errorStateName: 'EXPIRED' });
    } else if (!moved) continue;
    // AWS: the request the user accepts exists from PENDING_ACCEPTANCE on.
    if (peer.providerName === 'AWS' && peer.status !== 'INITIATING') peer.connectionId ??= `pcx-${randomBytes(9).toString('hex').slice(0, 17)}`;
    gone ||= peer.status === GONE;
  }
  if (gone) state.peers = state.peers.filter((peer) => peer.status !== GONE);
  return state;
}

/** The network a new container gets, in the description's patterns. */
export function containerNetwork(provider: NetworkProvider, id: string): Record<string, string> {
  const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
  if (provider === 'AWS') return { vpcId: `vpc-${hex(9).slice(0, 17)}` };
  if (provider === 'AZURE') return { azureSubscriptionId: hex(12), vnetName: `vnet_${id}` };
  const letters = [...randomBytes(24)].map((b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
  return { gcpProjectId: `p-${letters}`, networkName: `nt-${id}-${letters.slice(0, 8)}` };
}
