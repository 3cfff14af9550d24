// The handlers of private endpoints: endpoint services (create, list, get, delete), the
// interface endpoints of a service (add, get, delete) and the regionalized setting.
// Where the live service departs from its description, it is followed (reference
// README, recorded-network/): a service create answers 201, its delete 202 with {},
// the regionalized toggle 202, and a provider's list of services is a bare array.
// Adding or removing an interface endpoint updates the clusters it serves (UPDATING,
// as live clusters do), which then carry its private-endpoint strings or lose them.
import {
  NETWORK_PATTERNS,
  NETWORK_PROVIDERS,
  networkRegion,
  providerRegionName,
  type NetworkProvider,
} from '../../../connstring/privateNetwork.js';
import type { Handler, ReadOnlyFields, RequestContext, Services } from '../../contract.js';
import { ApiFailure, failures } from '../../errors.js';
import { objectId } from '../../store.js';
import { clusterStore } from '../clusters/index.js';
import { projectOf } from '../projects/index.js';
import { reachesAt } from '../stages.js';
import {
  advanceServices,
  ENDPOINT_TIMELINES,
  FIRST_ENDPOINT_STATUS,
  serviceNames,
  type EndpointRecord,
  type PrivateEndpointsState,
  type ServiceRecord,
} from './state.js';

type Doc = Record<string, unknown>;

// Codes and words of refusals no recording shows are ours; the project delete's are live.
export const endpointFailures = {
  serviceNotFound: (id: string, provider: string) =>
    new ApiFailure(404, 'PRIVATE_ENDPOINT_SERVICE_NOT_FOUND', `No ${provider} private endpoint service with ID ${id} exists.`, [id, provider]),
  serviceExists: (provider: string, region: string) =>
    new ApiFailure(400, 'PRIVATE_ENDPOINT_SERVICE_ALREADY_EXISTS_FOR_REGION', `A ${provider} private endpoint service already exists in region ${region}.`, [provider, region]),
  serviceNotAvailable: (id: string, status: string) =>
    new ApiFailure(400, 'PRIVATE_ENDPOINT_SERVICE_NOT_AVAILABLE', `Private endpoint service ${id} is ${status}; add endpoints once it is AVAILABLE.`, [id, status]),
  serviceHasEndpoints: (id: string) =>
    new ApiFailure(400, 'PRIVATE_ENDPOINT_SERVICE_HAS_ENDPOINTS', `Private endpoint service ${id} still has endpoints; delete them first.`, [id]),
  serviceDeleting: (id: string) => new ApiFailure(400, 'PRIVATE_ENDPOINT_SERVICE_DELETING', `Private endpoint service ${id} is being deleted.`, [id]),
  endpointNotFound: (id: string, service: string) =>
    new ApiFailure(404, 'PRIVATE_ENDPOINT_NOT_FOUND', `No private endpoint ${id} exists for private endpoint service ${service}.`, [id, service]),
  endpointExists: (id: string) => new ApiFailure(409, 'PRIVATE_ENDPOINT_ALREADY_EXISTS', `Private endpoint ${id} already exists.`, [id]),
  endpointDeleting: (id: string) => new ApiFailure(400, 'PRIVATE_ENDPOINT_DELETING', `Private endpoint ${id} is being deleted.`, [id]),
  regionalModeInUse: () =>
    new ApiFailure(
      409,
      'CANNOT_DISABLE_REGIONALIZED_PRIVATE_ENDPOINTS',
      'Cannot disable the regionalized private endpoint setting while private endpoints exist in more than one region.',
    ),
  /** The live code and detail (a project delete refused, quoted in public CI logs of the Terraform provider). */
  activeServices: () =>
    new ApiFailure(409, 'CANNOT_CLOSE_GROUP_ACTIVE_ATLAS_PRIVATE_ENDPOINT_SERVICES', 'Cannot close group while it has active private endpoint services; please terminate all private endpoint services.'),
};

export const SERVICE_READ_ONLY: ReadOnlyFields = { fields: ['id', 'status', 'errorMessage', 'regionName', 'endpointServiceName', 'interfaceEndpoints', 'privateEndpoints'] };
export const ENDPOINT_READ_ONLY: ReadOnlyFields = { fields: ['deleteRequested', 'errorMessage', 'connectionStatus', 'status', 'interfaceEndpointId', 'privateEndpointResourceId'] };
export const REGIONAL_MODE_READ_ONLY: ReadOnlyFields = { fields: ['links'] };

const stateOf = (ctx: RequestContext): PrivateEndpointsState => advanceServices(ctx.services.store);

function unknownFields(body: Doc, allowed: readonly string[], readOnly: ReadOnlyFields): void {
  for (const key of Object.keys(body)) {
    if ((readOnly.fields as readonly string[]).includes(key)) throw failures.attributeReadOnly(key);
    if (!allowed.includes(key)) throw failures.invalidAttribute(key);
  }
}

function pathProvider(ctx: RequestContext): NetworkProvider {
  const value = ctx.params.cloudProvider!;
  if (!NETWORK_PROVIDERS.includes(value as NetworkProvider)) throw failures.invalidAttribute('cloudProvider');
  return value as NetworkProvider;
}

/** A checked service create body (the create handler and the seed use it). */
export function newService(state: PrivateEndpointsState, groupId: string, body: Doc, now: number, stepMs: number): ServiceRecord {
  unknownFields(body, ['providerName', 'region', 'portMappingEnabled', 'supportedRemoteRegions'], SERVICE_READ_ONLY);
  if (body.providerName === undefined) throw failures.missingAttribute('providerName');
  if (!NETWORK_PROVIDERS.includes(body.providerName as NetworkProvider)) throw failures.invalidAttribute('providerName');
  const providerName = body.providerName as NetworkProvider;
  if (body.region === undefined) throw failures.missingAttribute('region');
  // Either spelling: the service rewrites eu-west-1 as EU_WEST_1 (recorded).
  const regionName = typeof body.region === 'string' ? networkRegion(providerName, body.region) : undefined;
  if (regionName === undefined) throw failures.invalidAttribute('region');
  if (body.portMappingEnabled !== undefined && (typeof body.portMappingEnabled !== 'boolean' || providerName !== 'GCP')) throw failures.invalidAttribute('portMappingEnabled');
  if (body.supportedRemoteRegions !== undefined && body.supportedRemoteRegions !== null && (!Array.isArray(body.supportedRemoteRegions) || providerName !== 'AWS')) {
    throw failures.invalidAttribute('supportedRemoteRegions');
  }
  if (state.services.some((s) => s.groupId === groupId && s.providerName === providerName && s.regionName === regionName)) throw endpointFailures.serviceExists(providerName, regionName);
  const id = objectId(now);
  return {
    id,
    groupId,
    providerName,
    regionName,
    status: 'INITIATING',
    since: now,
    stepMs,
    names: serviceNames(providerName, id, providerRegionName(providerName, regionName)),
    ...(body.portMappingEnabled === true ? { portMappingEnabled: true } : {}),
    endpoints: [],
  };
}

/** A checked interface endpoint create body for one service (the add handler and the seed use it). */
export function newEndpoint(service: ServiceRecord, body: Doc, now: number, stepMs: number): EndpointRecord {
  const provider = service.providerName;
  if (body.cloudProvider !== undefined && body.cloudProvider !== provider) throw failures.invalidAttribute('cloudProvider');
  const status = FIRST_ENDPOINT_STATUS[provider];
  const timing = { status, since: now, stepMs };
  const allowed = provider === 'AWS' ? ['id'] : provider === 'AZURE' ? ['id', 'privateEndpointIPAddress'] : ['endpointGroupName', 'gcpProjectId', 'endpoints'];
  unknownFields(body, ['cloudProvider', ...allowed], ENDPOINT_READ_ONLY);
  const required = (field: string, pattern: RegExp): string => {
    const value = body[field];
    if (value === undefined) throw failures.missingAttribute(field);
    if (typeof value !== 'string' || !pattern.test(value)) throw failures.invalidAttribute(field);
    return value;
  };
  let endpoint: EndpointRecord;
  if (provider === 'AWS') endpoint = { id: required('id', NETWORK_PATTERNS.vpcEndpointId), ...timing };
  else if (provider === 'AZURE') {
    endpoint = { id: required('id', NETWORK_PATTERNS.azureEndpointId), ipAddress: required('privateEndpointIPAddress', NETWORK_PATTERNS.ipv4), ...timing };
  } else {
    const rules = body.endpoints;
    if (rules === undefined) throw failures.missingAttribute('endpoints');
    const valid = (rule: unknown): rule is { endpointName: string; ipAddress: string } =>
      typeof rule === 'object' && rule !== null && typeof (rule as Doc).endpointName === 'string' && NETWORK_PATTERNS.ipv4.test(String((rule as Doc).ipAddress)) && Object.keys(rule).length === 2;
    if (!Array.isArray(rules) || rules.length === 0 || !rules.every(valid)) throw failures.invalidAttribute('endpoints');
    endpoint = {
      id: required('endpointGroupName', NETWORK_PATTERNS.gcpNetworkName),
      gcpProjectId: required('gcpProjectId', NETWORK_PATTERNS.gcpProjectId),
      forwardingRules: rules.map(({ endpointName, ipAddress }) => ({ endpointName, ipAddress })),
      ...timing,
    };
  }
  if (service.endpoints.some((other) => other.id.toLowerCase() === endpoint.id.toLowerCase())) throw endpointFailures.endpointExists(endpoint.id);
  return endpoint;
}

/** The service as the recordings show it: alphabetical keys, the provider's names null until AVAILABLE. */
function serviceView(service: ServiceRecord): Doc {
  const available = service.status === 'AVAILABLE';
  const { providerName, names } = service;
  const ids = service.endpoints.map((endpoint) => endpoint.id);
  if (providerName === 'AWS') {
    return {
      cloudProvider: 'AWS',
      endpointServiceName: available ? names.endpointServiceName : null,
      errorMessage: null,
      id: service.id,
      interfaceEndpoints: ids,
      regionName: service.regionName,
      status: service.status,
      supportedRemoteRegions: null,
    };
  }
  if (providerName === 'AZURE') {
    return {
      cloudProvider: 'AZURE',
      errorMessage: null,
      id: service.id,
      privateEndpoints: ids,
      privateLinkServiceName: available ? names.privateLinkServiceName : null,
      privateLinkServiceResourceId: available ? names.privateLinkServiceResourceId : null,
      regionName: service.regionName,
      status: service.status,
    };
  }
  return {
    cloudProvider: 'GCP',
    endpointGroupNames: ids,
    errorMessage: null,
    id: service.id,
    portMappingEnabled: service.portMappingEnabled ?? false,
    regionName: service.regionName,
    serviceAttachmentNames: available ? [names.serviceAttachmentName] : [],
    status: service.status,
  };
}

function endpointView(service: ServiceRecord, endpoint: EndpointRecord): Doc {
  const deleteRequested = endpoint.status === 'DELETING';
  if (service.providerName === 'AWS') {
    return { cloudProvider: 'AWS', connectionStatus: endpoint.status, deleteRequested, interfaceEndpointId: endpoint.id };
  }
  if (service.providerName === 'AZURE') {
    return { cloudProvider: 'AZURE', deleteRequested, privateEndpointIPAddress: endpoint.ipAddress, privateEndpointResourceId: endpoint.id, status: endpoint.status };
  }
  // A forwarding rule follows its group, but for VERIFIED, which only a group has.
  const ruleStatus = endpoint.status === 'VERIFIED' ? 'INITIATING' : endpoint.status;
  return {
    cloudProvider: 'GCP',
    deleteRequested,
    endpointGroupName: endpoint.id,
    endpoints: (endpoint.forwardingRules ?? []).map((rule) => ({ ...rule, status: ruleStatus })),
    gcpProjectId: endpoint.gcpProjectId,
    portMappingEnabled: service.portMappingEnabled ?? false,
    status: endpoint.status,
  };
}

function findService(ctx: RequestContext, provider = pathProvider(ctx)): ServiceRecord {
  const groupId = projectOf(ctx).id;
  const id = ctx.params.endpointServiceId!;
  const service = stateOf(ctx).services.find((s) => s.groupId === groupId && s.providerName === provider && s.id === id);
  if (!service) throw endpointFailures.serviceNotFound(id, provider);
  return service;
}

function findEndpoint(ctx: RequestContext, service: ServiceRecord): EndpointRecord {
  const id = ctx.params.endpointId!;
  const endpoint = service.endpoints.find((e) => e.id.toLowerCase() === id.toLowerCase());
  if (!endpoint) throw endpointFailures.endpointNotFound(id, service.id);
  return endpoint;
}

/**
 * The clusters an endpoint serves (its provider and region among theirs) go UPDATING
 * until `until` (clock ms), as live clusters do while their endpoints change.
 */
function updateServedClusters(services: Services, service: ServiceRecord, until: number): void {
  const clusters = clusterStore(services.store);
  for (const record of clusters.list(service.groupId)) {
    const { model } = record;
    const served = model.replicationSpecs.some((spec) => spec.regionConfigs.some((r) => r.providerName === service.providerName && r.regionName === service.regionName));
    if (!served || model.paused === true || (model.stateName !== 'IDLE' && model.stateName !== 'UPDATING')) continue;
    model.stateName = 'UPDATING';
    clusters.schedule(record, Math.max(until, record.pendingUntil ?? 0));
  }
}

export const createService: Handler = async (ctx) => {
  const state = stateOf(ctx);
  const service = newService(state, projectOf(ctx).id, ctx.body as Doc, ctx.services.store.serviceClock(), ctx.services.transitionMs);
  state.services.push(service);
  await ctx.services.store.commit();
  return { status: 201, body: serviceView(service) };
};

export const listServices: Handler = (ctx) => {
  const provider = pathProvider(ctx);
  const groupId = projectOf(ctx).id;
  const list = stateOf(ctx).services.filter((s) => s.groupId === groupId && s.providerName === provider);
  return { status: 200, body: list.map(serviceView) };
};

export const getService: Handler = (ctx) => ({ status: 200, body: serviceView(findService(ctx)) });

export const deleteService: Handler = async (ctx) => {
  const service = findService(ctx);
  if (service.status === 'DELETING') throw endpointFailures.serviceDeleting(service.id);
  if (service.endpoints.length > 0) throw endpointFailures.serviceHasEndpoints(service.id);
  Object.assign(service, { status: 'DELETING', since: ctx.services.store.serviceClock(), stepMs: ctx.services.transitionMs });
  await ctx.services.store.commit();
  return { status: 202, body: {} };
};

export const createEndpoint: Handler = async (ctx) => {
  const service = findService(ctx);
  if (service.status !== 'AVAILABLE') throw endpointFailures.serviceNotAvailable(service.id, service.status);
  const now = ctx.services.store.serviceClock();
  const endpoint = newEndpoint(service, ctx.body as Doc, now, ctx.services.transitionMs);
  service.endpoints.push(endpoint);
  // The clusters settle one transition after the endpoint is AVAILABLE (service time; the
  // clusters' transitions run on the emulator's clock, hence the offset).
  const available = reachesAt(endpoint, ENDPOINT_TIMELINES[service.providerName], 'AVAILABLE') ?? now;
  updateServedClusters(ctx.services, service, ctx.services.clock() + (available - now) + ctx.services.transitionMs);
  await ctx.services.store.commit();
  return { status: 200, body: endpointView(service, endpoint) };
};

export const getEndpoint: Handler = (ctx) => {
  const service = findService(ctx);
  return { status: 200, body: endpointView(service, findEndpoint(ctx, service)) };
};

export const deleteEndpoint: Handler = async (ctx) => {
  const service = findService(ctx);
  const endpoint = findEndpoint(ctx, service);
  if (endpoint.status === 'DELETING') throw endpointFailures.endpointDeleting(endpoint.id);
  const wasAvailable = endpoint.status === 'AVAILABLE';
  Object.assign(endpoint, { status: 'DELETING', since: ctx.services.store.serviceClock(), stepMs: ctx.services.transitionMs });
  if (wasAvailable) updateServedClusters(ctx.services, service, ctx.services.clock() + ctx.services.transitionMs);
  await ctx.services.store.commit();
  return { status: 204, body: undefined };
};

export const getRegionalMode: Handler = (ctx) => ({ status: 200, body: { enabled: stateOf(ctx).regionalized.includes(projectOf(ctx).id) } });

export const setRegionalMode: Handler = async (ctx) => {
  const groupId = projectOf(ctx).id;
  const state = stateOf(ctx);
  const body = ctx.body as Doc;
  unknownFields(body, ['enabled'], REGIONAL_MODE_READ_ONLY);
  if (body.enabled === undefined || body.enabled === null) throw failures.missingAttribute('enabled');
  if (typeof body.enabled !== 'boolean') throw failures.invalidAttribute('enabled');
  const on = state.regionalized.includes(groupId);
  if (on && !body.enabled) {
    const regions = new Set(state.services.filter((s) => s.groupId === groupId && s.endpoints.length > 0).map((s) => `${s.providerName}/${s.regionName}`));
    if (regions.size > 1) throw endpointFailures.regionalModeInUse();
  }
  if (on !== body.enabled) {
    state.regionalized = body.enabled ? [...state.regionalized, groupId] : state.regionalized.filter((id) => id !== groupId);
    await ctx.services.store.commit();
  }
  // 202, as recorded, with the resulting setting.
  return { status: 202, body: { enabled: body.enabled } };
};
