// Validates responses against the published OpenAPI subsets in test/fixtures/reference/openapi,
// with ajv. $refs resolve from components. A few defects of the published description are
// patched before compiling; each patch below says what it fixes and why the live service
// (the recorded responses) proves it a defect rather than a rule.
import Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readOpenApi } from '../../helpers/reference.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function walk(node: unknown, visit: (n: Json) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, visit));
  else if (isObject(node)) {
    visit(node);
    Object.values(node).forEach((n) => walk(n, visit));
  }
}

/** The patches, applied to a deep copy of components.schemas. */
export const SCHEMA_PATCHES = [
  'discriminator: a subtype\'s allOf points back at its oneOf parent (infinite recursion); the parent dispatches on the discriminator instead',
  'oneOf without discriminator -> anyOf: the branches overlap (US_WEST_2 is an AWS, Azure and GCP region; M10 an AWS, Azure and GCP tier)',
  '"type: object" beside oneOf branches of string enums (regionName, BaseCloudProviderInstanceSize) contradicts them; the type is dropped',
  'biConnector.readPreference: the enum is upper-case, the live service answers "secondary" (every recorded cluster); both cases are accepted',
  'ApiError.parameters items: typed object, but the live service sends strings (recorded 404 CLUSTER_NOT_FOUND: ["cluster-712", "6a79…"])',
  'LegacyAtlasCluster.diskSizeGB minimum 10 is a request rule; live shared-tier clusters answer 0.5 (recorded v1.0 GET of cluster-801)',
  'nullable: true beside an enum admits null (OpenAPI 3.0.3); ajv reads the enum alone. The 2026-08 description\'s adaptiveCapacity is such a field, and every recorded 2024-08-05 cluster answers it null',
  'patterns escape ":" as "\\:", which JSON Schema\'s unicode regular expressions refuse (NetworkPermissionEntry.cidrBlock, 2026-08); the escape is dropped',
  'FreeComputeAutoScalingRules.{min,max}InstanceSize: typed string, but live shared-tier clusters answer null for both (recorded v1.0 GET of cluster-801)',
] as const;

/**
 * The network description's defects, patched only in it (a validator built with
 * `{ v2: 'v2-2026-08-network' }`), each proven by a recording or by the description itself.
 */
export const NETWORK_SCHEMA_PATCHES = [
  'endpoint services: errorMessage, endpointServiceName, privateLinkServiceName and privateLinkServiceResourceId are typed string, the live service answers null until set (every recorded-network service)',
  'AWSPrivateLinkConnection.interfaceEndpoints items: "24-hexadecimal" ids, but they are the VPC endpoint ids (vpce-...) that the endpoint path takes, as the description\'s own endpointId parameter says',
  'AwsNetworkPeeringConnectionSettings.routeTableCidrBlock: an address\'s pattern on a CIDR block (its description: "the VPC\'s subnet ... in CIDR notation"; every client sends one, e.g. 10.0.0.0/16)',
] as const;

function patchNetworkSchemas(schemas: Json): void {
  const props = (name: string): Json => (schemas[name] as Json).properties as Json;
  for (const [name, fields] of [
    ['AWSPrivateLinkConnection', ['errorMessage', 'endpointServiceName']],
    ['AzurePrivateLinkConnection', ['errorMessage', 'privateLinkServiceName', 'privateLinkServiceResourceId']],
    ['GCPEndpointService', ['errorMessage']],
    ['EndpointService', ['errorMessage']],
  ] as const) {
    for (const field of fields) (props(name)[field] as Json).nullable = true;
  }
  ((props('AWSPrivateLinkConnection').interfaceEndpoints as Json).items as Json).pattern = '^vpce-[0-9a-f]{17}$';
  delete (props('AwsNetworkPeeringConnectionSettings').routeTableCidrBlock as Json).pattern;
}

function patchSchemas(spec: Json): Json {
  const schemas = structuredClone((spec.components as Json).schemas as Json);
  const ref = (name: string): string => `#/components/schemas/${name}`;
  if (schemas.AWSPrivateLinkConnection) patchNetworkSchemas(schemas);

  // 1. Discriminated unions: split each parent into a Base (its own properties) and a dispatcher.
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || !isObject(schema.discriminator) || !Array.isArray(schema.oneOf)) continue;
    const { discriminator, oneOf: _oneOf, ...base } = schema;
    const baseName = `${name}__Base`;
    schemas[baseName] = base;
    const property = (discriminator as Json).propertyName as string;
    const mapping = (discriminator as Json).mapping as Record<string, string>;
    schemas[name] = {
      allOf: [
        { $ref: ref(baseName) },
        ...Object.entries(mapping).map(([value, target]) => ({
          if: { properties: { [property]: { const: value } }, required: [property] },
          then: { $ref: target },
        })),
      ],
    };
    for (const target of Object.values(mapping)) {
      const sub = schemas[target.split('/').pop()!] as Json;
      if (Array.isArray(sub.allOf)) {
        sub.allOf = sub.allOf.map((part) => (isObject(part) && part.$ref === ref(name) ? { $ref: ref(baseName) } : part));
      }
    }
  }
  // 2. Overlapping oneOf branches.
  walk(schemas, (node) => {
    if (Array.isArray(node.oneOf)) {
      node.anyOf = node.oneOf;
      delete node.oneOf;
    }
  });
  // 3. String enums typed as object.
  walk(schemas, (node) => {
    const branches = node.anyOf;
    if (node.type === 'object' && Array.isArray(branches) && branches.every((b) => isObject(b) && b.type === 'string')) delete node.type;
  });
  // (A resource's own cut of the description may lack the schemas a patch is about.)
  const bi = ((schemas.BiConnector as Json | undefined)?.properties as Json | undefined)?.readPreference as Json | undefined;
  if (bi) bi.enum = [...(bi.enum as string[]), ...(bi.enum as string[]).map((v) => v.toLowerCase())];
  // 4. Error parameters are strings on the wire.
  const parameters = ((schemas.ApiError as Json).properties as Json).parameters as Json;
  parameters.items = {};
  // 7. "\:" in patterns (a needless escape, an error in unicode mode).
  walk(schemas, (node) => {
    if (typeof node.pattern === 'string') node.pattern = node.pattern.replaceAll('\\:', ':');
  });
  // 5. Shared-tier disk size in legacy responses.
  const legacyDisk = ((schemas.LegacyAtlasCluster as Json | undefined)?.properties as Json | undefined)?.diskSizeGB as Json | undefined;
  if (legacyDisk) delete legacyDisk.minimum;
  // 9. A shared tier's tier limits are null on the wire.
  const free = schemas.FreeComputeAutoScalingRules as Json | undefined;
  for (const limit of Object.values((free?.properties ?? {}) as Record<string, Json>)) {
    limit.type = ['string', 'null'];
    limit.enum = [...(limit.enum as unknown[]), null];
  }
  // 6. Nullable enums.
  walk(schemas, (node) => {
    if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...(node.enum as unknown[]), null];
  });
  return schemas;
}

/**
 * Statuses the 2026-08 description gets wrong for an operation, each proven by a recording:
 * createGroup and createGroupAccessListEntry list 200, the live service answers 201 with
 * the same document (recorded-resources: TestAccessList__POST_api_atlas_v2_groups_1,
 * TestAccessList__Create_Forever__POST_..._accessList_1).
 */
export const STATUS_PATCHES: ReadonlyArray<{ method: string; path: string; status: number; as: number }> = [
  { method: 'POST', path: '/api/atlas/v2/groups', status: 201, as: 200 },
  { method: 'POST', path: '/api/atlas/v2/groups/{groupId}/accessList', status: 201, as: 200 },
  // deleteGroup lists 204; the live service answers 202 with {} (recorded-backup TestRestores__DELETE_api_atlas_v2_groups_*_1).
  { method: 'DELETE', path: '/api/atlas/v2/groups/{groupId}', status: 202, as: 204 },
  // The network description's: a service create answers 201, its delete 202 with {}, the regionalized toggle 202 (recorded-network).
  { method: 'POST', path: '/api/atlas/v2/groups/{groupId}/privateEndpoint/endpointService', status: 201, as: 200 },
  { method: 'DELETE', path: '/api/atlas/v2/groups/{groupId}/privateEndpoint/{cloudProvider}/endpointService/{endpointServiceId}', status: 202, as: 204 },
  { method: 'PATCH', path: '/api/atlas/v2/groups/{groupId}/privateEndpoint/regionalMode', status: 202, as: 200 },
];

export interface ResponseCheck {
  method: string;
  /** The OpenAPI path, e.g. /api/atlas/v2/groups/{groupId}/clusters */
  path: string;
  status: number;
  contentType: string;
  body: unknown;
}

/** Which description: the versioned API's is the service's of 2026-08-21 (it alone has flex clusters, users, projects). */
type Which = 'v1.0' | 'v2';
const descriptionOf = (path: string): Which => (path.startsWith('/api/atlas/v2') ? 'v2' : 'v1.0');

export class OpenApiValidator {
  private readonly ajv: Ajv;
  private readonly specs: Record<Which, Json>;
  private readonly compiled = new Map<string, ValidateFunction>();

  /**
   * `v2`: which cut of the 2026-08 description stands for the versioned API (a resource's own
   * subset: network for peering and private endpoints, search); `patch`: that resource's own
   * patches of its schemas, each named by its test.
   */
  constructor(options: { v2?: 'v2-2026-08' | 'v2-2026-08-network' | 'v2-2026-08-search' | 'v2-2026-08-backup' | 'v2-2026-08-diagnostics'; patch?: (schemas: Json) => void } = {}) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.specs = { 'v1.0': readOpenApi('v1.0'), v2: readOpenApi(options.v2 ?? 'v2-2026-08') };
    for (const [which, spec] of Object.entries(this.specs)) {
      const schemas = patchSchemas(spec);
      if (which === 'v2') options.patch?.(schemas);
      this.ajv.addSchema({ $id: `openapi-${which}`, components: { schemas } });
    }
  }

  /** The validator for a named component schema. */
  component(which: Which, name: string): ValidateFunction {
    const key = `${which}#${name}`;
    let fn = this.compiled.get(key);
    if (!fn) {
      fn = this.ajv.compile({ $ref: `openapi-${which}#/components/schemas/${name}` });
      this.compiled.set(key, fn);
    }
    return fn;
  }

  /** Every operation of the v1.0 and v2 descriptions with the media types of its success response. */
  operations(): Array<{ method: string; path: string; mediaTypes: string[] }> {
    const out: Array<{ method: string; path: string; mediaTypes: string[] }> = [];
    for (const which of ['v1.0', 'v2'] as const) {
      const paths = this.specs[which].paths as Record<string, Record<string, Json>>;
      for (const [path, operations] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const responses = operation.responses as Record<string, Json>;
          const success = Object.entries(responses).find(([status]) => status.startsWith('2'));
          const content = (success?.[1].content ?? {}) as Json;
          const mediaTypes = Object.keys(content);
          out.push({ method: method.toUpperCase(), path, mediaTypes: mediaTypes.length > 0 ? mediaTypes : ['application/json'] });
        }
      }
    }
    return out;
  }

  /**
   * The description's path of a request path (/api/atlas/v2/groups/6a…/clusters/c1 ->
   * /api/atlas/v2/groups/{groupId}/clusters/{clusterName}); where two match, the one with
   * more literal segments (/groups/byName/{groupName} before /groups/{groupId}/...).
   */
  pathOf(requestPath: string): string | undefined {
    const bare = requestPath.split('?')[0]!.replace(/\/$/, '');
    const which = descriptionOf(bare);
    const literal = (path: string): number => path.split('/').filter((part) => part !== '' && !part.startsWith('{')).length;
    return Object.keys(this.specs[which].paths as Json)
      .filter((path) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare))
      .sort((a, b) => literal(b) - literal(a))[0];
  }

  /** The schema name the description gives for this response, or undefined when it gives none. */
  schemaFor(check: Omit<ResponseCheck, 'body'>): { which: Which; name: string } | 'none' | undefined {
    const which = descriptionOf(check.path);
    const paths = this.specs[which].paths as Record<string, Record<string, Json>>;
    const operation = paths[check.path]?.[check.method.toLowerCase()];
    if (!operation) return undefined;
    const patched = STATUS_PATCHES.find((p) => p.method === check.method && p.path === check.path && p.status === check.status);
    let response = (operation.responses as Json)[String(patched?.as ?? check.status)] as Json | undefined;
    if (response && typeof response.$ref === 'string') {
      const name = response.$ref.split('/').pop()!;
      response = ((this.specs[which].components as Json).responses as Json)[name] as Json;
    }
    const mediaType = check.contentType.split(';')[0]!.trim();
    const content = response?.content as Record<string, Json> | undefined;
    const schema = content?.[mediaType]?.schema as Json | undefined;
    const target = typeof schema?.$ref === 'string' ? schema.$ref : undefined;
    if (target) return { which, name: target.split('/').pop()! };
    // The operation lists this status without a schema for it (DELETE 202).
    if (response && (content === undefined || Object.keys(content).length === 0 || content[mediaType])) return 'none';
    return undefined;
  }

  /**
   * Errors of one response: [] when valid. Error documents of statuses the description does not
   * list for the operation (405, 406, 410, 415, 429, 503) are checked against ApiError.
   */
  validate(check: ResponseCheck): string[] {
    const found = this.schemaFor(check);
    if (found === 'none') return [];
    const isError = check.status >= 400;
    const target = found ?? (isError ? { which: descriptionOf(check.path), name: 'ApiError' } : undefined);
    if (!target) return [`no schema in the description for ${check.method} ${check.path} ${check.status} ${check.contentType}`];
    const fn = this.component(target.which, target.name);
    if (fn(check.body)) return [];
    return (fn.errors ?? []).map((e: ErrorObject) => `${target.name}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  }
}
