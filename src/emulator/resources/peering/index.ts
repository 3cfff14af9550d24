// Network peering, one module: containers and peers (handlers.ts), their state and
// states (state.ts), the seed key `networkPeering`, and what it tells the rest of the
// emulator: the providers a project is peered on (private connection strings, AWS
// security groups in the access list) and that a project with peers cannot be deleted.
//
// Seed: "networkPeering": [{"projectId", "container": <container create body>,
// "peers": [<peer create body without containerId>]}], everything AVAILABLE from the start.
// The old seed flag `"peering": true` on a project is upgraded into one AVAILABLE peer on
// each provider. A peer gives the clusters on its provider their private strings, but on
// AWS only with the project's custom DNS for AWS peering on (GET/PATCH .../awsCustomDNS,
// ../awsCustomDns.ts) or in private IP mode, as the service does.
import { isObject } from '../../../base/object.js';
import { NETWORK_PROVIDERS, type NetworkProvider } from '../../../connstring/privateNetwork.js';
import { ApiFailure } from '../../errors.js';
import type { ResourceModule, SeedDocument, World } from '../../contract.js';
import type { Problems } from '../../seedChecks.js';
import { seedProjectIds } from '../projects/index.js';
import {
  CONTAINER_READ_ONLY,
  createContainer,
  createPeer,
  deleteContainer,
  deletePeer,
  getContainer,
  getPeer,
  listContainers,
  listPeers,
  newContainer,
  newPeer,
  PEER_READ_ONLY,
  peeringFailures,
} from './handlers.js';
import { PEERING_OPTIONS } from './options.js';
import { advancePeers, peeringOf, type PeeringState } from './state.js';
import { shape as S } from '../../stateChecks.js';

type Doc = Record<string, unknown>;

export interface SeedPeering {
  projectId: string;
  container: Doc;
  peers?: Doc[];
}

declare module '../../contract.js' {
  interface SeedDocument {
    networkPeering?: SeedPeering[];
  }
}
declare module '../projects/state.js' {
  interface SeedProject {
    /** The old form: an AVAILABLE peer on each provider. */
    peering?: boolean;
  }
}

/** Seeded peers are AVAILABLE: no step is left to time. */
const SEEDED = { transitionMs: 0, holdWaits: false };

/** The container and peer bodies `"peering": true` stands for, one per provider. */
const LEGACY_PEERS: ReadonlyArray<{ container: Doc; peer: Doc }> = [
  {
    container: { providerName: 'AWS', regionName: 'US_EAST_1', atlasCidrBlock: '192.168.248.0/21' },
    peer: { providerName: 'AWS', accepterRegionName: 'us-east-1', awsAccountId: '000000000000', routeTableCidrBlock: '10.0.0.0/16', vpcId: 'vpc-0000000000000000e' },
  },
  {
    container: { providerName: 'AZURE', region: 'US_EAST_2', atlasCidrBlock: '192.168.248.0/21' },
    peer: {
      providerName: 'AZURE',
      azureDirectoryId: '00000000-0000-4000-8000-000000000000',
      azureSubscriptionId: '00000000-0000-4000-8000-000000000001',
      resourceGroupName: 'emulator',
      vnetName: 'emulator',
    },
  },
  { container: { providerName: 'GCP', atlasCidrBlock: '192.168.0.0/18' }, peer: { providerName: 'GCP', gcpProjectId: 'emulator-project', networkName: 'emulator' } },
];

/** Adds a seeded container and its peers, AVAILABLE; throws the service's refusal of a body. */
function seedEntry(state: PeeringState, groupId: string, container: Doc, peers: readonly Doc[], now: number): void {
  const made = newContainer(state, groupId, container, now);
  state.containers.push(made);
  for (const body of peers) {
    const peer = newPeer(state, groupId, { ...body, containerId: made.id }, { ...SEEDED, now }, 'AVAILABLE');
    if (peer.providerName === 'AWS') peer.connectionId = `pcx-${made.id.slice(0, 17)}`;
    state.peers.push(peer);
  }
}

/** `"peering": true` of a project (a seed's or an old state file's) as resources. */
function upgradeFlag(state: PeeringState, groupId: string, now: number): void {
  for (const { container, peer } of LEGACY_PEERS) {
    const exists = state.containers.some((c) => c.groupId === groupId && c.providerName === container.providerName);
    if (!exists) seedEntry(state, groupId, container, [peer], now);
  }
}

function checkSeed(doc: Doc, problems: Problems): void {
  const list = doc.networkPeering;
  if (list === undefined) return;
  if (!Array.isArray(list)) return problems.add('networkPeering', 'must be an array of {projectId, container, peers}');
  const projectIds = seedProjectIds(doc);
  const scratch: PeeringState = { containers: [], peers: [] };
  list.forEach((entry, i) => {
    const at = `networkPeering[${i}]`;
    if (!isObject(entry)) return problems.add(at, 'must be an object {projectId, container, peers}');
    problems.onlyKeys(at, entry, ['projectId', 'container', 'peers']);
    if (typeof entry.projectId !== 'string' || !projectIds.has(entry.projectId)) return problems.add(`${at}.projectId`, `"${String(entry.projectId)}" is not one of the seed's projects`);
    if (!isObject(entry.container)) return problems.add(`${at}.container`, 'must be a container create body (object)');
    if (entry.peers !== undefined && (!Array.isArray(entry.peers) || !entry.peers.every(isObject))) return problems.add(`${at}.peers`, 'must be an array of peer create bodies');
    try {
      seedEntry(scratch, entry.projectId, entry.container, (entry.peers ?? []) as Doc[], 0);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      problems.add(at, `${error.errorCode} ${error.detail}`);
    }
  });
}

/** The seed's containers and peers, made at `now` (the service's clock, --date). */
function fromSeed(world: World, seed: SeedDocument, now: number): void {
  const state = peeringOf(world);
  for (const project of seed.projects) if (project.peering) upgradeFlag(state, project.id, now);
  for (const entry of seed.networkPeering ?? []) seedEntry(state, entry.projectId, entry.container, entry.peers ?? [], now);
}

function upgrade(world: World): void {
  const state = peeringOf(world);
  for (const project of world.projects as Array<{ id: string; peering?: unknown }>) {
    if (project.peering === true) upgradeFlag(state, project.id, 0);
    delete project.peering;
  }
}

export const peering: ResourceModule = {
  name: 'peering',
  // --hold-user-steps (./options.ts, data only: `cdba emulator` reads it at start-up).
  options: PEERING_OPTIONS,
  operations: {
    'containers.list': { handler: listContainers, action: 'read' },
    'containers.listAll': { handler: listContainers, action: 'read' },
    'containers.create': { handler: createContainer, action: 'writeProject', readOnly: CONTAINER_READ_ONLY },
    'containers.get': { handler: getContainer, action: 'read' },
    'containers.delete': { handler: deleteContainer, action: 'writeProject' },
    'peers.list': { handler: listPeers, action: 'read' },
    'peers.create': { handler: createPeer, action: 'writeProject', readOnly: PEER_READ_ONLY },
    'peers.get': { handler: getPeer, action: 'read' },
    'peers.delete': { handler: deletePeer, action: 'writeProject' },
  },
  seed: { keys: ['networkPeering'], check: (doc, problems) => checkSeed(doc, problems) },
  state: {
    shape: {
      peering: S.optional(S.object({ containers: S.array(S.object({ id: 'string', groupId: 'string' })), peers: S.array(S.object({ id: 'string', groupId: 'string' })) })),
    },
    // On the service's clock (--date), as the peers' times are (state.ts advancePeers): the
    // seeded containers and peers were made at the start, not at the machine's time.
    fromSeed: (world, seed, _now, _modules, serviceNow) => fromSeed(world, seed, serviceNow),
    upgrade: (world) => upgrade(world),
  },
  hooks: {
    projects: {
      seedKeys: ['peering'],
      checkSeed: (project, at, problems) => problems.boolean(`${at}.peering`, project.peering),
      refuseDelete: (store, project) => {
        if (advancePeers(store).peers.some((peer) => peer.groupId === project.id)) throw peeringFailures.activePeers();
      },
      removed: (store, projectId) => {
        const state = peeringOf(store.world);
        state.containers = state.containers.filter((container) => container.groupId !== projectId);
      },
    },
    network: (store, groupId) => {
      const peers = advancePeers(store).peers.filter((peer) => peer.groupId === groupId && peer.status === 'AVAILABLE');
      return { peered: NETWORK_PROVIDERS.filter((provider: NetworkProvider) => peers.some((peer) => peer.providerName === provider)) };
    },
  },
};
