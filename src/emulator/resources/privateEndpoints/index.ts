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
import { networkRegion, providerRegionName } from '../../../connstring/privateNetwork.js';
import { ApiFailure } from '../../errors.js';
import type { SeedDocument } from '../../seed.js';
import type { World } from '../../store.js';
import type { NetworkModule, PrivateEndpointFact } from '../network.js';
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
import { advanceServices, privateEndpointsOf, privateEndpointsRevision, serviceNames, type PrivateEndpointsState } from './state.js';

type Doc = Record<string, unknown>;

export interface SeedEndpointService {
  projectId: string;
  providerName: string;
  region: string;
  endpoints?: Doc[];
}

declare module '../../seed.js' {
  interface SeedDocument {
    privateEndpointServices?: SeedEndpointService[];
  }
  interface SeedProject {
    regionalizedPrivateEndpoints?: boolean;
  }
}

/** Adds a seeded service and its endpoints, AVAILABLE; throws the service's refusal of a body. */
function seedService(state: PrivateEndpointsState, groupId: string, body: Doc, endpoints: readonly Doc[], now: number): void {
  const service = newService(state, groupId, body, now);
  service.status = 'AVAILABLE';
  state.services.push(service);
  for (const endpoint of endpoints) service.endpoints.push({ ...newEndpoint(service, endpoint, now), status: 'AVAILABLE' });
}

interface LegacyEndpoint {
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
      service = { id, groupId, providerName: old.provider, regionName, ownRegion: host, status: 'AVAILABLE', since: now, names: serviceNames(old.provider, id, host), endpoints: [] };
      state.services.push(service);
    }
    service.endpoints.push({
      id: old.endpointId,
      status: 'AVAILABLE',
      since: now,
      regionalized: old.regionalized ?? false,
      ...(old.provider === 'AZURE' ? { ipAddress: '10.0.0.4' } : {}),
    });
  }
}

function checkSeed(doc: Doc, projectIds: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  (Array.isArray(doc.projects) ? doc.projects : []).forEach((project, i) => {
    if (isObject(project) && project.regionalizedPrivateEndpoints !== undefined && typeof project.regionalizedPrivateEndpoints !== 'boolean') {
      problems.push(`projects[${i}].regionalizedPrivateEndpoints: must be true or false`);
    }
  });
  const list = doc.privateEndpointServices;
  if (list === undefined) return problems;
  if (!Array.isArray(list)) return [...problems, 'privateEndpointServices: must be an array of {projectId, providerName, region, endpoints}'];
  const scratch: PrivateEndpointsState = { services: [], regionalized: [] };
  list.forEach((entry, i) => {
    const at = `privateEndpointServices[${i}]`;
    if (!isObject(entry)) return problems.push(`${at}: must be an object {projectId, providerName, region, endpoints}`);
    const { projectId, endpoints, ...body } = entry;
    if (typeof projectId !== 'string' || !projectIds.has(projectId)) return problems.push(`${at}.projectId: "${String(projectId)}" is not one of the seed's projects`);
    if (endpoints !== undefined && (!Array.isArray(endpoints) || !endpoints.every(isObject))) return problems.push(`${at}.endpoints: must be an array of endpoint create bodies`);
    try {
      seedService(scratch, projectId, body, (endpoints ?? []) as Doc[], 0);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      problems.push(`${at}: ${error.errorCode} ${error.detail}`);
    }
  });
  return problems;
}

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

export const privateEndpoints: NetworkModule = {
  name: 'privateEndpoints',
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
  seedKeys: ['privateEndpointServices'],
  projectSeedKeys: ['regionalizedPrivateEndpoints'],
  checkSeed,
  fromSeed,
  upgrade,
  facts: (services, groupId) => {
    const state = advanceServices(services);
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
  deleteRefusal: (services, groupId) => (advanceServices(services).services.some((s) => s.groupId === groupId) ? endpointFailures.activeServices() : undefined),
  revision: (services) => {
    advanceServices(services);
    return privateEndpointsRevision();
  },
};
