// The private-networking modules of the emulator (peering, private endpoints) and the
// interface the rest of the emulator reads them through. Each module declares its
// operations, its seed keys with their validation, its part of the stored state with
// the upgrade of older state files, and what it tells others:
// - the networking facts of a project (networkFacts): which providers are peered and
//   which private endpoints serve which regions. The clusters' connection strings and
//   the access list's security groups read these, never the modules' state;
// - why a project cannot be deleted yet (projectDeleteRefusal).
// The shared files (routes, seed, store, the clusters' strings, the access list, the
// project delete) call the functions below and name no network resource.
import type { NetworkProvider } from '../../connstring/privateNetwork.js';
import type { OperationName } from '../../api/operations.js';
import type { Services } from '../context.js';
import type { ApiFailure } from '../errors.js';
import type { OperationHandler } from '../routes.js';
import type { SeedDocument } from '../seed.js';
import type { World } from '../store.js';
import { peering } from './peering/index.js';
import { privateEndpoints } from './privateEndpoints/index.js';

export interface PrivateEndpointFact {
  provider: 'AWS' | 'AZURE';
  /** The provider's own region name, e.g. us-east-1 or eastus2. */
  region: string;
  endpointId: string;
  regionalized: boolean;
}

export interface NetworkFacts {
  /** Providers with an AVAILABLE network peering connection: their clusters get the private strings. */
  peered: readonly NetworkProvider[];
  /** AVAILABLE interface endpoints of AVAILABLE services, in the order they were made. */
  privateEndpoints: readonly PrivateEndpointFact[];
}

export interface NetworkModule {
  readonly name: string;
  readonly operations: { readonly [Name in OperationName]?: OperationHandler };
  /** Its top-level seed keys, and the keys it adds to a seed's projects. */
  readonly seedKeys: readonly string[];
  readonly projectSeedKeys: readonly string[];
  /** Every problem of its keys in an unvalidated seed, as "where: what" lines. */
  checkSeed(doc: Record<string, unknown>, projectIds: ReadonlySet<string>): string[];
  /** Fills its part of a new world from a validated seed, at `now` (clock ms). */
  fromSeed(world: World, seed: SeedDocument, now: number): void;
  /** Fills in what a state file written before it lacks (the projects' old flags become resources). */
  upgrade(world: World): void;
  facts(services: Services, groupId: string): Partial<NetworkFacts>;
  /** Why the project cannot be deleted while it has this module's resources, or undefined. */
  deleteRefusal(services: Services, groupId: string): ApiFailure | undefined;
  /** Changes whenever its facts may have changed. */
  revision(services: Services): number;
}

/** The modules, in the order their facts are told (a function: the modules and the store import one another). */
const modules = (): readonly NetworkModule[] => [peering, privateEndpoints];

/** The operations the modules serve. */
export type NetworkOperationName = Extract<OperationName, `containers.${string}` | `peers.${string}` | `privateEndpoints.${string}`>;

export function networkHandlers(): Record<NetworkOperationName, OperationHandler> {
  return Object.assign({}, ...modules().map((module) => module.operations)) as Record<NetworkOperationName, OperationHandler>;
}

const memo = new WeakMap<Services, Map<string, { key: string; facts: NetworkFacts }>>();

/**
 * The project's networking as the modules tell it. The same object while nothing
 * changed, so a cache of what is made from it (rendered clusters) can compare it.
 */
export function networkFacts(services: Services, groupId: string): NetworkFacts {
  const key = modules().map((module) => module.revision(services)).join('/');
  let byProject = memo.get(services);
  if (!byProject) memo.set(services, (byProject = new Map()));
  const kept = byProject.get(groupId);
  if (kept?.key === key) return kept.facts;
  const facts: NetworkFacts = { peered: [], privateEndpoints: [] };
  for (const module of modules()) {
    const known = module.facts(services, groupId);
    if (known.peered) facts.peered = [...facts.peered, ...known.peered];
    if (known.privateEndpoints) facts.privateEndpoints = [...facts.privateEndpoints, ...known.privateEndpoints];
  }
  byProject.set(groupId, { key, facts: Object.freeze(facts) });
  return facts;
}

/** The first module's reason the project cannot be deleted yet, or undefined. */
export function projectDeleteRefusal(services: Services, groupId: string): ApiFailure | undefined {
  for (const module of modules()) {
    const refusal = module.deleteRefusal(services, groupId);
    if (refusal) return refusal;
  }
  return undefined;
}

/** The top-level seed keys of the modules, and the keys they add to a seed's projects. */
export function networkSeedKeys(): { top: string[]; project: string[] } {
  return { top: modules().flatMap((module) => module.seedKeys), project: modules().flatMap((module) => module.projectSeedKeys) };
}

export function checkNetworkSeed(doc: Record<string, unknown>, projectIds: ReadonlySet<string>): string[] {
  return modules().flatMap((module) => module.checkSeed(doc, projectIds));
}

export function networkFromSeed(world: World, seed: SeedDocument, now: number): void {
  for (const module of modules()) module.fromSeed(world, seed, now);
}

export function upgradeNetwork(world: World): void {
  for (const module of modules()) module.upgrade(world);
}
