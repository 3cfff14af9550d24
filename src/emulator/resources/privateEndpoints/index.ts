// Private endpoints, one module: endpoint services, their interface endpoints and the
// regionalized setting (handlers.ts), their state and states (state.ts), the seed key
// `privateEndpointServices` and the project key `regionalizedPrivateEndpoints`, and what
// it tells the rest of the emulator: the AVAILABLE endpoints that serve a project's
// clusters (their privateEndpoint strings) and that a project with services cannot be deleted.
//
// Seed: "privateEndpointServices": [{"projectId", "providerName", "region",
// "endpoints": [<interface endpoint create body>]}], everything AVAILABLE from the start.
// The old seed form, a project's "privateEndpoints": [{provider, region, endpointId,
// regionalized}], is upgraded into AVAILABLE services and endpoints; each such endpoint
// keeps its own `regionalized`, which new endpoints take from the project's setting.
import { isObject } from '../../../base/object.js';
import { apiRegion, hostRegion } from '../../../connstring/regions.js';
import { NETWORK_PATTERNS, networkRegion, providerRegionName } from '../../../connstring/privateNetwork.js';
import { ApiFailure } from '../../errors.js';
import type { ResourceModule, SeedDocument, World } from '../../contract.js';
import type { Problems } from '../../seedChecks.js';
import type { PrivateEndpointFact } from '../network.js';
import { seedProjectIds } from '../projects/index.js';
import {
  createEndpoint,
  createService,
  deleteEndpoint,
  deleteService,
  endpointFailures,
  ENDPOINT_READ_ONLY,
  getEndpoint,
  getRegionalMode,
  getService,
  listServices,
  newEndpoint,
  newService,
  REGIONAL_MODE_READ_ONLY,
  SERVICE_READ_ONLY,
  setRegionalMode,
} from './handlers.js';
import { objectId } from '../../store.js';
import { advanceServices, privateEndpointsOf, serviceNames, type PrivateEndpointsState } from './state.js';
import { shape as S } from '../../stateChecks.js';

type Doc = Record<string, unknown>;

export interface SeedEndpointService {
  projectId: string;
  providerName: string;
  region: string;
  endpoints?: Doc[];
}

declare module '../../contract.js' {
  interface SeedDocument {
    privateEndpointServices?: SeedEndpointService[];
  }
}
declare module '../projects/state.js' {
  interface SeedProject {
    regionalizedPrivateEndpoints?: boolean;
    /** The old form: each endpoint AVAILABLE in its provider's region. */
    privateEndpoints?: LegacyEndpoint[];
  }
}

/** Adds a seeded service and its endpoints, AVAILABLE; throws the service's refusal of a body. */
function seedService(state: PrivateEndpointsState, groupId: string, body: Doc, endpoints: readonly Doc[], now: number): void {
  const service = newService(state, groupId, body, now, 0);
  service.status = 'AVAILABLE';
  state.services.push(service);
  for (const endpoint of endpoints) service.endpoints.push({ ...newEndpoint(service, endpoint, now, 0), status: 'AVAILABLE' });
}

export interface LegacyEndpoint {
  provider: 'AWS' | 'AZURE';
  region: string;
  endpointId: string;
  regionalized?: boolean;
}

/** A project's old `privateEndpoints` (a seed's or an old state file's) as AVAILABLE services and endpoints. */
function upgradeLegacy(state: PrivateEndpointsState, groupId: string, list: readonly LegacyEndpoint[], now: number): void {
  for (const old of list) {
    const host = hostRegion(old.provider, old.region) ?? old.region;
    const regionName = networkRegion(old.provider, host) ?? apiRegion(old.provider, host);
    let service = state.services.find((s) => s.groupId === groupId && s.providerName === old.provider && s.regionName === regionName);
    if (!service) {
      const id = objectId(now);
      service = { id, groupId, providerName: old.provider, regionName, ownRegion: host, status: 'AVAILABLE', since: now, stepMs: 0, names: serviceNames(old.provider, id, host), endpoints: [] };
      state.services.push(service);
    }
    service.endpoints.push({
      id: old.endpointId,
      status: 'AVAILABLE',
      since: now,
      stepMs: 0,
      regionalized: old.regionalized ?? false,
      ...(old.provider === 'AZURE' ? { ipAddress: '10.0.0.4' } : {}),
    });
  }
}

/** The old form of a project's `privateEndpoints` (checked as before they were resources). */
function checkLegacy(project: Doc, at: string, problems: Problems): void {
  if (project.privateEndpoints === undefined) return;
  if (!Array.isArray(project.privateEndpoints)) return problems.add(`${at}.privateEndpoints`, 'must be an array');
  project.privateEndpoints.forEach((endpoint, j) => {
    const eat = `${at}.privateEndpoints[${j}]`;
    if (!isObject(endpoint)) return problems.add(eat, 'must be an object');
    problems.onlyKeys(eat, endpoint, ['provider', 'region', 'endpointId', 'regionalized']);
    if (endpoint.provider !== 'AWS' && endpoint.provider !== 'AZURE') problems.add(`${eat}.provider`, 'must be AWS or AZURE');
    if (problems.string(`${eat}.region`, endpoint.region) && (endpoint.provider === 'AWS' || endpoint.provider === 'AZURE') && hostRegion(endpoint.provider, endpoint.region) === undefined) {
      problems.add(`${eat}.region`, `"${endpoint.region}" is not an ${endpoint.provider} region (e.g. us-east-1, eastus2)`);
    }
    // The API's own check of an interface endpoint's ID (createEndpoint): a seed cannot hold
    // an endpoint the service would have refused, and cdba could then not remove.
    const idPattern = endpoint.provider === 'AWS' ? NETWORK_PATTERNS.vpcEndpointId : endpoint.provider === 'AZURE' ? NETWORK_PATTERNS.azureEndpointId : undefined;
    if (problems.string(`${eat}.endpointId`, endpoint.endpointId) && idPattern && !idPattern.test(endpoint.endpointId as string)) {
      problems.add(
        `${eat}.endpointId`,
        endpoint.provider === 'AWS'
          ? `"${endpoint.endpointId as string}" is not an AWS interface endpoint ID (vpce- and 17 hexadecimal digits, e.g. vpce-0a1b2c3d4e5f60718)`
          : `"${endpoint.endpointId as string}" is not an Azure private endpoint's resource ID (/subscriptions/<uuid>/resourceGroups/<group>/providers/Microsoft.Network/privateEndpoints/<name>)`,
      );
    }
    problems.boolean(`${eat}.regionalized`, endpoint.regionalized);
  });
}

function checkSeed(doc: Doc, problems: Problems): void {
  const list = doc.privateEndpointServices;
  if (list === undefined) return;
  if (!Array.isArray(list)) return problems.add('privateEndpointServices', 'must be an array of {projectId, providerName, region, endpoints}');
  const projectIds = seedProjectIds(doc);
  const scratch: PrivateEndpointsState = { services: [], regionalized: [] };
  list.forEach((entry, i) => {
    const at = `privateEndpointServices[${i}]`;
    if (!isObject(entry)) return problems.add(at, 'must be an object {projectId, providerName, region, endpoints}');
    const { projectId, endpoints, ...body } = entry;
    if (typeof projectId !== 'string' || !projectIds.has(projectId)) return problems.add(`${at}.projectId`, `"${String(projectId)}" is not one of the seed's projects`);
    if (endpoints !== undefined && (!Array.isArray(endpoints) || !endpoints.every(isObject))) return problems.add(`${at}.endpoints`, 'must be an array of endpoint create bodies');
    try {
      seedService(scratch, projectId, body, (endpoints ?? []) as Doc[], 0);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      problems.add(at, `${error.errorCode} ${error.detail}`);
    }
  });
}

/** The seed's services and endpoints (and the old form's), made at `now` (the service's clock, --date). */
function fromSeed(world: World, seed: SeedDocument, now: number): void {
  const state = privateEndpointsOf(world);
  for (const project of seed.projects) {
    upgradeLegacy(state, project.id, project.privateEndpoints ?? [], now);
    if (project.regionalizedPrivateEndpoints) state.regionalized.push(project.id);
  }
  for (const { projectId, endpoints, ...body } of seed.privateEndpointServices ?? []) seedService(state, projectId, body, endpoints ?? [], now);
}

function upgrade(world: World): void {
  const state = privateEndpointsOf(world);
  for (const project of world.projects as Array<{ id: string; privateEndpoints?: LegacyEndpoint[] }>) {
    if (Array.isArray(project.privateEndpoints)) upgradeLegacy(state, project.id, project.privateEndpoints, 0);
    delete project.privateEndpoints;
  }
}

export const privateEndpoints: ResourceModule = {
  name: 'privateEndpoints',
  rateLimitPerMinute: 4000, // recorded: every private-endpoint answer of recorded-network
  operations: {
    'privateEndpoints.listServices': { handler: listServices, action: 'read' },
    'privateEndpoints.createService': { handler: createService, action: 'writeProject', readOnly: SERVICE_READ_ONLY },
    'privateEndpoints.getService': { handler: getService, action: 'read' },
    'privateEndpoints.deleteService': { handler: deleteService, action: 'writeProject' },
    'privateEndpoints.createEndpoint': { handler: createEndpoint, action: 'writeProject', readOnly: ENDPOINT_READ_ONLY },
    'privateEndpoints.getEndpoint': { handler: getEndpoint, action: 'read' },
    'privateEndpoints.deleteEndpoint': { handler: deleteEndpoint, action: 'writeProject' },
    'privateEndpoints.getRegionalMode': { handler: getRegionalMode, action: 'read' },
    'privateEndpoints.setRegionalMode': { handler: setRegionalMode, action: 'writeProject', readOnly: REGIONAL_MODE_READ_ONLY },
  },
  seed: { keys: ['privateEndpointServices'], check: (doc, problems) => checkSeed(doc, problems) },
  state: {
    shape: { privateEndpoints: S.optional(S.object({ services: S.array(S.object({ id: 'string', groupId: 'string' })), regionalized: S.array('string') })) },
    // On the service's clock (--date), as their states are (state.ts advanceServices): the
    // seeded services and endpoints were made at the start, not at the machine's time.
    fromSeed: (world, seed, _now, _modules, serviceNow) => fromSeed(world, seed, serviceNow),
    upgrade: (world) => upgrade(world),
  },
  hooks: {
    projects: {
      seedKeys: ['privateEndpoints', 'regionalizedPrivateEndpoints'],
      checkSeed: (project, at, problems) => {
        checkLegacy(project, at, problems);
        problems.boolean(`${at}.regionalizedPrivateEndpoints`, project.regionalizedPrivateEndpoints);
      },
      refuseDelete: (store, project) => {
        if (advanceServices(store).services.some((s) => s.groupId === project.id)) throw endpointFailures.activeServices();
      },
      removed: (store, projectId) => {
        const state = privateEndpointsOf(store.world);
        state.regionalized = state.regionalized.filter((id) => id !== projectId);
      },
    },
    network: (store, groupId) => {
      const state = advanceServices(store);
      const regionalized = state.regionalized.includes(groupId);
      const facts: PrivateEndpointFact[] = [];
      for (const service of state.services) {
        const { providerName: provider } = service;
        // The specification's private-link strings are AWS's and Azure's.
        if (service.groupId !== groupId || service.status !== 'AVAILABLE' || provider === 'GCP') continue;
        const region = service.ownRegion ?? providerRegionName(provider, service.regionName);
        for (const endpoint of service.endpoints) {
          if (endpoint.status !== 'AVAILABLE') continue;
          facts.push({ provider, region, endpointId: endpoint.id, regionalized: endpoint.regionalized ?? regionalized });
        }
      }
      return { privateEndpoints: facts };
    },
  },
};
