// The handlers of network peering: containers (create, list, list all, get, delete)
// and peers (create, list, get, delete), validated as the service does: one container
// per provider and region, RFC 1918 blocks of the sizes each provider takes, a
// 12-digit AWS account, vpc- ids, and each provider's required fields. Answers follow
// the network description (no recording of peering exists): 200 on creates, 202 {} on
// a peer's delete (then 404 once gone), 204 on a container's.
import {
  atlasCidrProblem,
  NETWORK_PATTERNS,
  NETWORK_PROVIDERS,
  networkRegion,
  parseIpv4Block,
  type NetworkProvider,
} from '../../../connstring/privateNetwork.js';
import { selfHref } from '../../context.js';
import type { Handler, ReadOnlyFields, RequestContext, Services } from '../../contract.js';
import { ApiFailure, failures } from '../../errors.js';
import { pageParams, paginate } from '../../pagination.js';
import { objectId } from '../../store.js';
import { projectOf } from '../projects/index.js';
import {
  advancePeers,
  containerNetwork,
  DELETING_STATUS,
  FIRST_STATUS,
  type ContainerRecord,
  type PeerRecord,
  type PeeringState,
} from './state.js';

type Doc = Record<string, unknown>;

// No recording has these; the codes are ours, the container's words are its users' report
// (terraform-provider-mongodbatlas#684: "A container already exists for group").
export const peeringFailures = {
  containerExists: (groupId: string, provider: string, region: string | undefined) =>
    new ApiFailure(409, 'CONTAINER_ALREADY_EXISTS', `A container already exists for group ${groupId} (${provider}${region ? ` ${region}` : ''}).`, [groupId, provider, ...(region ? [region] : [])]),
  containerNotFound: (id: string, groupId: string) =>
    new ApiFailure(404, 'CLOUD_PROVIDER_CONTAINER_NOT_FOUND', `No container with ID ${id} exists in group ${groupId}.`, [id, groupId]),
  containerInUse: (id: string) =>
    new ApiFailure(409, 'CONTAINER_IN_USE', `Container ${id} has network peering connections; delete them first.`, [id]),
  peerNotFound: (id: string, groupId: string) => new ApiFailure(404, 'PEER_NOT_FOUND', `No network peering connection with ID ${id} exists in group ${groupId}.`, [id, groupId]),
  peerAlreadyDeleting: (id: string) => new ApiFailure(409, 'PEER_ALREADY_REQUESTED_DELETION', `Network peering connection ${id} is already being deleted.`, [id]),
  /** The live code and detail (a project delete refused, quoted in public CI logs of the Terraform provider). */
  activePeers: () => new ApiFailure(409, 'CANNOT_CLOSE_GROUP_ACTIVE_PEERING_CONNECTIONS', 'There are active peering connections in this project.'),
};

/** The read-only fields of a container and a peer: echoed unchanged, they pass (readOnly.ts). */
export const CONTAINER_READ_ONLY: ReadOnlyFields = { fields: ['id', 'provisioned', 'vpcId', 'azureSubscriptionId', 'vnetName', 'gcpProjectId', 'networkName'] };
export const PEER_READ_ONLY: ReadOnlyFields = { fields: ['id', 'statusName', 'status', 'connectionId', 'errorStateName', 'errorState', 'errorMessage'] };

const CONTAINER_FIELDS: Readonly<Record<NetworkProvider, readonly string[]>> = {
  AWS: ['providerName', 'atlasCidrBlock', 'regionName'],
  AZURE: ['providerName', 'atlasCidrBlock', 'region'],
  GCP: ['providerName', 'atlasCidrBlock', 'regions'],
};
/** Each provider's peer fields, all required (the description's `required`, containerId apart). */
const PEER_FIELDS: Readonly<Record<NetworkProvider, Readonly<Record<string, RegExp | 'region' | 'cidr'>>>> = {
  AWS: { accepterRegionName: 'region', awsAccountId: NETWORK_PATTERNS.awsAccountId, routeTableCidrBlock: 'cidr', vpcId: NETWORK_PATTERNS.vpcId },
  AZURE: {
    azureDirectoryId: NETWORK_PATTERNS.uuid,
    azureSubscriptionId: NETWORK_PATTERNS.uuid,
    resourceGroupName: NETWORK_PATTERNS.azureName,
    vnetName: NETWORK_PATTERNS.azureName,
  },
  GCP: { gcpProjectId: NETWORK_PATTERNS.gcpProjectId, networkName: NETWORK_PATTERNS.gcpNetworkName },
};

function provider(value: unknown, field: string): NetworkProvider {
  if (value === undefined) throw failures.missingAttribute(field);
  if (!NETWORK_PROVIDERS.includes(value as NetworkProvider)) throw failures.invalidAttribute(field);
  return value as NetworkProvider;
}

function unknownFields(body: Doc, allowed: readonly string[], readOnly: ReadOnlyFields): void {
  for (const key of Object.keys(body)) {
    if ((readOnly.fields as readonly string[]).includes(key)) throw failures.attributeReadOnly(key);
    if (!allowed.includes(key)) throw failures.invalidAttribute(key);
  }
}

/** A checked container create body in the project's state (the create handler and the seed use it). */
export function newContainer(state: PeeringState, groupId: string, body: Doc, now: number): ContainerRecord {
  const providerName = provider(body.providerName, 'providerName');
  unknownFields(body, CONTAINER_FIELDS[providerName], CONTAINER_READ_ONLY);
  if (body.atlasCidrBlock === undefined) throw failures.missingAttribute('atlasCidrBlock');
  if (typeof body.atlasCidrBlock !== 'string' || atlasCidrProblem(providerName, body.atlasCidrBlock) !== undefined) throw failures.invalidAttribute('atlasCidrBlock');
  const id = objectId(now);
  const container: ContainerRecord = { id, groupId, providerName, atlasCidrBlock: body.atlasCidrBlock, network: containerNetwork(providerName, id) };
  // AWS regionName, Azure region: one API region name, required; GCP regions: optional.
  const regionField = providerName === 'AWS' ? 'regionName' : providerName === 'AZURE' ? 'region' : undefined;
  if (regionField) {
    const value = body[regionField];
    if (value === undefined) throw failures.missingAttribute(regionField);
    if (typeof value !== 'string' || networkRegion(providerName, value) !== value) throw failures.invalidAttribute(regionField);
    container[regionField] = value;
  } else if (body.regions !== undefined) {
    if (!Array.isArray(body.regions) || body.regions.some((r) => typeof r !== 'string' || networkRegion('GCP', r) !== r)) throw failures.invalidAttribute('regions');
    container.regions = [...new Set(body.regions as string[])];
  }
  const region = container.regionName ?? container.region;
  if (state.containers.some((other) => other.groupId === groupId && other.providerName === providerName && (other.regionName ?? other.region) === region)) {
    throw peeringFailures.containerExists(groupId, providerName, region);
  }
  return container;
}

/** When a new peer starts and how it moves: each step one transition; held at the user's steps under --hold-user-steps. */
export type Timing = Pick<Services, 'transitionMs'> & Pick<Services['options'], 'holdWaits'> & { now: number };

/** A checked peer create body on one of the project's containers. */
export function newPeer(state: PeeringState, groupId: string, body: Doc, timing: Timing, status?: string): PeerRecord {
  if (body.containerId === undefined) throw failures.missingAttribute('containerId');
  if (typeof body.containerId !== 'string') throw failures.invalidAttribute('containerId');
  const container = state.containers.find((c) => c.groupId === groupId && c.id === body.containerId);
  if (!container) throw peeringFailures.containerNotFound(body.containerId, groupId);
  // A peer without providerName is AWS's, as a list without it is.
  const providerName = body.providerName === undefined ? 'AWS' : provider(body.providerName, 'providerName');
  if (providerName !== container.providerName) throw failures.invalidAttribute('providerName');
  const rules = PEER_FIELDS[providerName];
  unknownFields(body, ['containerId', 'providerName', ...Object.keys(rules)], PEER_READ_ONLY);
  const fields: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const value = body[field];
    if (value === undefined) throw failures.missingAttribute(field);
    const valid =
      typeof value === 'string' &&
      (rule === 'region' ? networkRegion('AWS', value) !== undefined : rule === 'cidr' ? parseIpv4Block(value) !== undefined : rule.test(value));
    if (!valid) throw failures.invalidAttribute(field);
    fields[field] = value as string;
  }
  const { now, transitionMs, holdWaits } = timing;
  return {
    id: objectId(now),
    groupId,
    containerId: container.id,
    providerName,
    fields,
    status: status ?? FIRST_STATUS[providerName],
    since: now,
    stepMs: transitionMs,
    ...(holdWaits ? { held: true } : {}),
  };
}

function containerView(container: ContainerRecord, peers: readonly PeerRecord[]): Doc {
  const { id, providerName, atlasCidrBlock, regionName, region, regions, network } = container;
  return {
    atlasCidrBlock,
    id,
    providerName,
    // A container is provisioned once something was deployed into it; here, a peer.
    provisioned: peers.some((peer) => peer.containerId === id),
    ...(regionName !== undefined ? { regionName } : {}),
    ...(region !== undefined ? { region } : {}),
    ...(providerName === 'GCP' ? { regions: regions ?? [] } : {}),
    ...network,
  };
}

function peerView(peer: PeerRecord): Doc {
  const status = peer.providerName === 'AWS' ? { statusName: peer.status } : { status: peer.status };
  return {
    containerId: peer.containerId,
    id: peer.id,
    providerName: peer.providerName,
    ...peer.fields,
    ...(peer.connectionId !== undefined ? { connectionId: peer.connectionId } : {}),
    ...(peer.errorStateName !== undefined ? { errorStateName: peer.errorStateName } : {}),
    ...status,
  };
}

/** The providerName query parameter of the lists: AWS when absent, as the service does. */
function providerQuery(ctx: RequestContext): NetworkProvider {
  const value = ctx.query.get('providerName');
  if (value === null) return 'AWS';
  if (!NETWORK_PROVIDERS.includes(value as NetworkProvider)) throw failures.invalidQueryParameter('providerName', value, 'It must be AWS, AZURE or GCP.');
  return value as NetworkProvider;
}

/** One page of a list; its links keep the providerName asked for. */
function page(ctx: RequestContext, items: readonly Doc[], providerName?: NetworkProvider): Doc {
  const list = paginate(items, pageParams(ctx.query), selfHref(ctx));
  if (providerName !== undefined) for (const link of list.links) link.href += `&providerName=${providerName}`;
  return list as unknown as Doc;
}

const stateOf = (ctx: RequestContext): PeeringState => advancePeers(ctx.services.store);

function findContainer(ctx: RequestContext): ContainerRecord {
  const groupId = projectOf(ctx).id;
  const container = stateOf(ctx).containers.find((c) => c.groupId === groupId && c.id === ctx.params.containerId);
  if (!container) throw peeringFailures.containerNotFound(ctx.params.containerId!, groupId);
  return container;
}

function findPeer(ctx: RequestContext): PeerRecord {
  const groupId = projectOf(ctx).id;
  const peer = stateOf(ctx).peers.find((p) => p.groupId === groupId && p.id === ctx.params.peerId);
  if (!peer) throw peeringFailures.peerNotFound(ctx.params.peerId!, groupId);
  return peer;
}

export const createContainer: Handler = async (ctx) => {
  const state = stateOf(ctx);
  // Its id's time on the service's clock (--date), as a peer's.
  const container = newContainer(state, projectOf(ctx).id, ctx.body as Doc, ctx.services.store.serviceClock());
  state.containers.push(container);
  await ctx.services.store.commit();
  return { status: 200, body: containerView(container, state.peers) };
};

export const listContainers: Handler = (ctx) => {
  const groupId = projectOf(ctx).id;
  const state = stateOf(ctx);
  const providerName = ctx.operation === 'containers.listAll' ? undefined : providerQuery(ctx);
  const containers = state.containers.filter((c) => c.groupId === groupId && (providerName === undefined || c.providerName === providerName));
  return { status: 200, body: page(ctx, containers.map((c) => containerView(c, state.peers)), providerName) };
};

export const getContainer: Handler = (ctx) => ({ status: 200, body: containerView(findContainer(ctx), stateOf(ctx).peers) });

export const deleteContainer: Handler = async (ctx) => {
  const container = findContainer(ctx);
  const state = stateOf(ctx);
  if (state.peers.some((peer) => peer.containerId === container.id)) throw peeringFailures.containerInUse(container.id);
  state.containers = state.containers.filter((c) => c !== container);
  await ctx.services.store.commit();
  return { status: 204, body: undefined };
};

export const createPeer: Handler = async (ctx) => {
  const state = stateOf(ctx);
  const { store, transitionMs, options } = ctx.services;
  // On the service's clock, as advancePeers judges it (state.ts).
  const peer = newPeer(state, projectOf(ctx).id, ctx.body as Doc, { now: store.serviceClock(), transitionMs, holdWaits: options.holdWaits });
  state.peers.push(peer);
  await ctx.services.store.commit();
  return { status: 200, body: peerView(peer) };
};

export const listPeers: Handler = (ctx) => {
  const groupId = projectOf(ctx).id;
  const providerName = providerQuery(ctx);
  const peers = stateOf(ctx).peers.filter((p) => p.groupId === groupId && p.providerName === providerName);
  return { status: 200, body: page(ctx, peers.map(peerView), providerName) };
};

export const getPeer: Handler = (ctx) => ({ status: 200, body: peerView(findPeer(ctx)) });

export const deletePeer: Handler = async (ctx) => {
  const peer = findPeer(ctx);
  const deleting = DELETING_STATUS[peer.providerName];
  if (peer.status === deleting) throw peeringFailures.peerAlreadyDeleting(peer.id);
  Object.assign(peer, { status: deleting, since: ctx.services.store.serviceClock(), stepMs: ctx.services.transitionMs });
  await ctx.services.store.commit();
  return { status: 202, body: {} };
};
