// Private endpoints' part of the emulator's world: each project's endpoint services
// (one per provider and region), the interface endpoints added to each, and the
// regionalized setting. States (reference README and the recordings of August 2026):
//   service   INITIATING -> AVAILABLE (straight, as recorded; never WAITING_FOR_USER); DELETING when deleted
//   AWS interface endpoint    PENDING_ACCEPTANCE -> PENDING -> AVAILABLE; DELETING
//   Azure private endpoint    INITIATING -> AVAILABLE; DELETING
//   GCP endpoint group        INITIATING -> VERIFIED -> AVAILABLE; DELETING
import { randomBytes } from 'node:crypto';
import type { NetworkProvider } from '../../../connstring/privateNetwork.js';
import type { Store, World } from '../../contract.js';
import { advance, GONE, type Staged, type Timeline } from '../stages.js';

export interface EndpointRecord extends Staged {
  /** AWS: the VPC endpoint id; Azure: the private endpoint's resource id; GCP: the endpoint group's name. */
  id: string;
  /** Azure: the endpoint's address in the customer's network. */
  ipAddress?: string;
  /** GCP: the customer's project and the group's forwarding rules. */
  gcpProjectId?: string;
  forwardingRules?: Array<{ endpointName: string; ipAddress: string }>;
  /** Only endpoints upgraded from the old seed form: their own regionalized setting, not the project's. */
  regionalized?: boolean;
}

export interface ServiceRecord extends Staged {
  id: string;
  groupId: string;
  providerName: NetworkProvider;
  /** The API's region name (EU_WEST_1, ASIA_SOUTH_EAST, EASTERN_US), whichever spelling the create sent. */
  regionName: string;
  /** Only services upgraded from the old seed form: the region as the seed spelled it (e.g. an Azure region without an API name). */
  ownRegion?: string;
  /** The names the service gets once AVAILABLE (AWS endpointServiceName, Azure privateLinkService*, GCP serviceAttachmentNames). */
  names: Record<string, string>;
  portMappingEnabled?: boolean;
  endpoints: EndpointRecord[];
}

export interface PrivateEndpointsState {
  services: ServiceRecord[];
  /** Projects whose regionalized private endpoint setting is on. */
  regionalized: string[];
}

declare module '../../contract.js' {
  interface World {
    /** Absent from state files written before private endpoints were a resource. */
    privateEndpoints?: PrivateEndpointsState;
  }
}

export function privateEndpointsOf(world: World): PrivateEndpointsState {
  return (world.privateEndpoints ??= { services: [], regionalized: [] });
}

export const SERVICE_TIMELINE: Timeline = { next: (status) => ({ INITIATING: 'AVAILABLE', DELETING: GONE })[status] };
export const ENDPOINT_TIMELINES: Readonly<Record<NetworkProvider, Timeline>> = {
  AWS: { next: (status) => ({ PENDING_ACCEPTANCE: 'PENDING', PENDING: 'AVAILABLE', DELETING: GONE })[status] },
  AZURE: { next: (status) => ({ INITIATING: 'AVAILABLE', DELETING: GONE })[status] },
  GCP: { next: (status) => ({ INITIATING: 'VERIFIED', VERIFIED: 'AVAILABLE', DELETING: GONE })[status] },
};
export const FIRST_ENDPOINT_STATUS: Readonly<Record<NetworkProvider, string>> = { AWS: 'PENDING_ACCEPTANCE', AZURE: 'INITIATING', GCP: 'INITIATING' };

/**
 * Every service and endpoint moved up to now; the deleted ones dropped. Their times (`since`,
 * and the time in a service's id) are on the service's clock (serviceNow: under --date, that
 * day's), as a peer's are.
 */
export function advanceServices(store: Store): PrivateEndpointsState {
  const state = privateEndpointsOf(store.world);
  const now = store.serviceClock();
  let gone = false;
  for (const service of state.services) {
    advance(service, SERVICE_TIMELINE, now);
    gone ||= service.status === GONE;
    let endpointGone = false;
    for (const endpoint of service.endpoints) {
      advance(endpoint, ENDPOINT_TIMELINES[service.providerName], now);
      endpointGone ||= endpoint.status === GONE;
    }
    if (endpointGone) service.endpoints = service.endpoints.filter((endpoint) => endpoint.status !== GONE);
  }
  if (gone) state.services = state.services.filter((service) => service.status !== GONE);
  return state;
}

/** The names a service gets once AVAILABLE, in the recorded forms. */
export function serviceNames(provider: NetworkProvider, id: string, ownRegion: string): Record<string, string> {
  const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
  if (provider === 'AWS') return { endpointServiceName: `com.amazonaws.vpce.${ownRegion}.vpce-svc-${hex(9).slice(0, 17)}` };
  if (provider === 'AZURE') {
    const subscription = [hex(4), hex(2), hex(2), hex(2), hex(6)].join('-');
    return {
      privateLinkServiceName: `pls_${id}`,
      privateLinkServiceResourceId: `/subscriptions/${subscription}/resourceGroups/rg_${id}/providers/Microsoft.Network/privateLinkServices/pls_${id}`,
    };
  }
  return { serviceAttachmentName: `https://www.googleapis.com/compute/v1/projects/p-${hex(12)}/regions/${ownRegion}/serviceAttachments/sa-${ownRegion}-${id}` };
}
