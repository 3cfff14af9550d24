// The OpenAPI check of openapi.test.ts, for network peering and private endpoints:
// every emulator answer of those operations validates against the network subset of
// the 2026-08 description (admin-api-v2-2026-08-network-subset.json), where the live
// service departs from it (201 on a service create, 202 on its delete and on the
// regionalized toggle) by name, and every operation the emulator serves answered a
// success at least once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/index.js';
import { withEmulator, type DigestClient, type RequestOptions } from '../../helpers/emulator.js';
import { readOpenApi, readRecorded } from '../../helpers/reference.js';
import { OWNER, PROJECT_A, READER, TestClock, client, testSeed, v2 } from './fixtures.js';
import { NETWORK_SCHEMA_PATCHES, OpenApiValidator } from './openapiValidator.js';

/** Operations of the subset the emulator does not serve (no command needs them). */
const NOT_SERVED = [
  'PATCH /api/atlas/v2/groups/{groupId}/containers/{containerId}',
  'PATCH /api/atlas/v2/groups/{groupId}/peers/{peerId}',
  'PATCH /api/atlas/v2/groups/{groupId}/privateEndpoint/endpointService/{endpointServiceId}',
];

interface Seen {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: unknown;
}

const T = 1000;
const V = v2('2023-01-01');
const AZURE_ENDPOINT = '/subscriptions/4e133d35-e734-4380-a565-c0945535da37/resourceGroups/app/providers/Microsoft.Network/privateEndpoints/app-pe';

describe('OpenAPI conformance (2026-08 network subset): peering and private endpoints', () => {
  let validator: OpenApiValidator;
  const clock = new TestClock(Date.UTC(2026, 7, 10, 9, 0, 0));
  let emu: RunningEmulator;
  let validate: (path: string) => string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    validator = new OpenApiValidator({ v2: 'v2-2026-08-network' });
    validate = (path) => validator.pathOf(path) ?? path;
    ({ emu } = await withEmulator({ seed: testSeed(), clock: clock.read, transitionMs: T }));
  });
  afterAll(async () => {
    expect(emu.unexpectedErrors()).toEqual([]);
    await emu.stop();
  });

  async function call(c: DigestClient, method: string, path: string, options: RequestOptions = {}): Promise<{ status: number; json: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const response = await c.request(method, `/api/atlas/v2/groups/${PROJECT_A}${path}`, { ...options, headers: { ...V, ...options.headers } });
    seen.push({
      method,
      path: validate(`/api/atlas/v2/groups/${PROJECT_A}${path}`),
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: response.json ?? response.text,
    });
    return response;
  }

  it('the patched description accepts the recorded live answers (calibration), which the description alone does not', () => {
    const recorded = readRecorded('recorded-network').filter((r) => !/POST_api_atlas_v2_groups_1\.http$/.test(r.file));
    expect(recorded.length).toBe(15);
    for (const r of recorded) {
      const [, method, rest] = /__(GET|POST|PATCH|DELETE)_api_atlas_v2_(.+)_\d+\.http$/.exec(r.file)!;
      const path = validator.pathOf(`/api/atlas/v2/${rest!.replace(/_/g, '/')}`)!;
      expect(path, r.file).toBeDefined();
      const body = JSON.parse(r.body) as unknown;
      const items = Array.isArray(body) && method === 'GET' && path.endsWith('/endpointService') ? body : [body];
      for (const item of items) {
        const check = { method: method!, path: path.endsWith('/endpointService') && method === 'GET' ? `${path}/{endpointServiceId}` : path, status: r.status, contentType: r.headers['content-type'] ?? '', body: item };
        expect(validator.validate(check), r.file).toEqual([]);
      }
    }
    // The first patch is needed: the description types endpointServiceName a plain string, the service answers null.
    const schemas = (readOpenApi('v2-2026-08-network').components as { schemas: Record<string, { properties: Record<string, { nullable?: boolean }> }> }).schemas;
    expect(schemas.AWSPrivateLinkConnection!.properties.endpointServiceName!.nullable).toBeUndefined();
    expect(recorded.some((r) => r.body.includes('"endpointServiceName":null'))).toBe(true);
    expect(NETWORK_SCHEMA_PATCHES.length).toBe(3);
  });

  it('is not vacuous: it rejects a peer with an 11-digit account and a service in a state it does not have', () => {
    const peer = { containerId: 'a'.repeat(24), providerName: 'AWS', accepterRegionName: 'us-east-1', awsAccountId: '12345678901', routeTableCidrBlock: '10.0.0.0/16', vpcId: `vpc-${'a'.repeat(17)}` };
    const contentType = 'application/vnd.atlas.2023-01-01+json';
    expect(validator.validate({ method: 'GET', path: '/api/atlas/v2/groups/{groupId}/peers/{peerId}', status: 200, contentType, body: peer })).not.toEqual([]);
    const service = { cloudProvider: 'AWS', id: 'b'.repeat(24), interfaceEndpoints: [], status: 'SLEEPING' };
    const path = '/api/atlas/v2/groups/{groupId}/privateEndpoint/{cloudProvider}/endpointService/{endpointServiceId}';
    expect(validator.validate({ method: 'GET', path, status: 200, contentType, body: service })).not.toEqual([]);
  });

  it('exercises every operation, its refusals included', async () => {
    const c = client(emu, OWNER);
    const reader = client(emu, READER);
    // Containers.
    const aws = await call(c, 'POST', '/containers', { body: { providerName: 'AWS', regionName: 'US_EAST_1', atlasCidrBlock: '192.168.248.0/21' } });
    await call(c, 'POST', '/containers', { body: { providerName: 'AWS', regionName: 'US_EAST_1', atlasCidrBlock: '192.168.240.0/21' } }); // 409
    await call(c, 'POST', '/containers', { body: { providerName: 'AWS', regionName: 'US_WEST_2', atlasCidrBlock: '8.8.8.0/21' } }); // 400 public
    await call(reader, 'POST', '/containers', { body: { providerName: 'AWS', regionName: 'US_WEST_2', atlasCidrBlock: '10.8.0.0/21' } }); // 401
    const azure = await call(c, 'POST', '/containers', { body: { providerName: 'AZURE', region: 'US_EAST_2', atlasCidrBlock: '10.8.0.0/21' } });
    const gcp = await call(c, 'POST', '/containers', { body: { providerName: 'GCP', atlasCidrBlock: '10.128.0.0/18', regions: ['EASTERN_US'] } });
    await call(c, 'GET', '/containers');
    await call(c, 'GET', '/containers?providerName=GCP');
    await call(c, 'GET', '/containers/all');
    await call(c, 'GET', `/containers/${aws.json.id}`);
    await call(c, 'GET', `/containers/${'f'.repeat(24)}`); // 404
    const spare = await call(c, 'POST', '/containers', { body: { providerName: 'AWS', regionName: 'EU_WEST_1', atlasCidrBlock: '10.9.0.0/24' } });
    await call(c, 'DELETE', `/containers/${spare.json.id}`); // 204
    // Peers on each provider.
    const awsPeer = await call(c, 'POST', '/peers', {
      body: { containerId: aws.json.id, providerName: 'AWS', accepterRegionName: 'us-east-1', awsAccountId: '123456789012', routeTableCidrBlock: '10.0.0.0/16', vpcId: `vpc-${'0a'.repeat(8)}1` },
    });
    await call(c, 'POST', '/peers', {
      body: { containerId: aws.json.id, providerName: 'AWS', accepterRegionName: 'us-east-1', awsAccountId: '12345678901', routeTableCidrBlock: '10.0.0.0/16', vpcId: `vpc-${'0a'.repeat(8)}1` },
    }); // 400
    await call(c, 'POST', '/peers', {
      body: {
        containerId: azure.json.id,
        providerName: 'AZURE',
        azureDirectoryId: '35f2fa72-7a34-44ea-9ea6-2e6c8cbad3fd',
        azureSubscriptionId: 'a2e0f7c5-03cf-4a0a-a0f1-05e1e5d8c1e4',
        resourceGroupName: 'app',
        vnetName: 'app-vnet',
      },
    });
    const gcpPeer = await call(c, 'POST', '/peers', { body: { containerId: gcp.json.id, providerName: 'GCP', gcpProjectId: 'my-app-project', networkName: 'app-net' } });
    await call(c, 'DELETE', `/containers/${aws.json.id}`); // 409: it has a peer
    await call(c, 'GET', `/peers/${awsPeer.json.id}`); // INITIATING
    clock.advance(T);
    await call(c, 'GET', `/peers/${awsPeer.json.id}`); // PENDING_ACCEPTANCE, with its connectionId
    await call(c, 'GET', `/peers/${gcpPeer.json.id}`); // WAITING_FOR_USER
    clock.advance(2 * T);
    await call(c, 'GET', '/peers');
    await call(c, 'GET', '/peers?providerName=AZURE');
    await call(c, 'GET', '/peers?providerName=GCP');
    await call(c, 'GET', '/peers?providerName=NOPE'); // 400
    await call(c, 'DELETE', `/peers/${gcpPeer.json.id}`); // 202
    await call(c, 'GET', `/peers/${gcpPeer.json.id}`); // DELETING
    clock.advance(T);
    await call(c, 'GET', `/peers/${gcpPeer.json.id}`); // 404

    // Endpoint services, their endpoints, the regionalized setting.
    const awsService = await call(c, 'POST', '/privateEndpoint/endpointService', { body: { providerName: 'AWS', region: 'eu-west-1' } }); // 201
    await call(c, 'POST', '/privateEndpoint/endpointService', { body: { providerName: 'AWS', region: 'EU_WEST_1' } }); // 400: one per region
    const azureService = await call(c, 'POST', '/privateEndpoint/endpointService', { body: { providerName: 'AZURE', region: 'southeastasia' } });
    const gcpService = await call(c, 'POST', '/privateEndpoint/endpointService', { body: { providerName: 'GCP', region: 'us-east4' } });
    await call(c, 'GET', `/privateEndpoint/AWS/endpointService/${awsService.json.id}`); // INITIATING, no name yet
    await call(c, 'POST', `/privateEndpoint/AWS/endpointService/${awsService.json.id}/endpoint`, { body: { id: `vpce-${'0b'.repeat(8)}2` } }); // 400: not AVAILABLE
    clock.advance(T);
    await call(c, 'GET', '/privateEndpoint/AWS/endpointService');
    await call(c, 'GET', '/privateEndpoint/AZURE/endpointService');
    await call(c, 'GET', '/privateEndpoint/GCP/endpointService');
    const vpce = `vpce-${'0b'.repeat(8)}2`;
    await call(c, 'POST', `/privateEndpoint/AWS/endpointService/${awsService.json.id}/endpoint`, { body: { id: vpce } });
    await call(c, 'POST', `/privateEndpoint/AWS/endpointService/${awsService.json.id}/endpoint`, { body: { id: vpce } }); // 409
    await call(c, 'POST', `/privateEndpoint/AZURE/endpointService/${azureService.json.id}/endpoint`, { body: { id: AZURE_ENDPOINT, privateEndpointIPAddress: '10.0.0.4' } });
    await call(c, 'POST', `/privateEndpoint/GCP/endpointService/${gcpService.json.id}/endpoint`, {
      body: { endpointGroupName: 'app-group', gcpProjectId: 'my-app-project', endpoints: [{ endpointName: 'app-rule-0', ipAddress: '10.0.0.5' }] },
    });
    await call(c, 'GET', `/privateEndpoint/GCP/endpointService/${gcpService.json.id}/endpoint/app-group`);
    clock.advance(2 * T);
    await call(c, 'GET', `/privateEndpoint/AWS/endpointService/${awsService.json.id}`);
    await call(c, 'GET', `/privateEndpoint/AZURE/endpointService/${azureService.json.id}`);
    await call(c, 'GET', `/privateEndpoint/GCP/endpointService/${gcpService.json.id}`);
    await call(c, 'GET', `/privateEndpoint/AWS/endpointService/${awsService.json.id}/endpoint/${vpce}`);
    await call(c, 'GET', `/privateEndpoint/AZURE/endpointService/${azureService.json.id}/endpoint/${encodeURIComponent(AZURE_ENDPOINT)}`);
    await call(c, 'GET', `/privateEndpoint/AWS/endpointService/${awsService.json.id}/endpoint/vpce-00000000000000000`); // 404
    await call(c, 'GET', '/privateEndpoint/regionalMode');
    await call(c, 'PATCH', '/privateEndpoint/regionalMode', { body: { enabled: true } }); // 202
    await call(c, 'PATCH', '/privateEndpoint/regionalMode', { body: { enabled: false } }); // 409: endpoints in three regions
    await call(c, 'DELETE', `/privateEndpoint/AWS/endpointService/${awsService.json.id}`); // 400: it has an endpoint
    await call(c, 'DELETE', `/privateEndpoint/AWS/endpointService/${awsService.json.id}/endpoint/${vpce}`); // 204
    await call(c, 'DELETE', `/privateEndpoint/GCP/endpointService/${gcpService.json.id}/endpoint/app-group`);
    clock.advance(T);
    await call(c, 'PATCH', '/privateEndpoint/regionalMode', { body: { enabled: false } }); // 202
    await call(c, 'DELETE', `/privateEndpoint/AWS/endpointService/${awsService.json.id}`); // 202 {}
    await call(c, 'GET', `/privateEndpoint/AWS/endpointService/${awsService.json.id}`); // DELETING
    const statuses = [...new Set(seen.map((s) => s.status))].sort();
    expect(statuses).toEqual([200, 201, 202, 204, 400, 401, 404, 409]);
  });

  it('validates every answer against the network subset', () => {
    expect(seen.length).toBeGreaterThan(50);
    const problems = seen.flatMap((s) => validator.validate(s).map((e) => `${s.method} ${s.path} ${s.status}: ${e}`));
    expect(problems).toEqual([]);
  });

  it('covered every operation of the subset the emulator serves with a success', () => {
    const spec = readOpenApi('v2-2026-08-network');
    const all = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    const succeeded = new Set(seen.filter((s) => s.status < 300).map((s) => `${s.method} ${s.path}`));
    expect(all.filter((op) => !succeeded.has(op) && !NOT_SERVED.includes(op))).toEqual([]);
  });
});
