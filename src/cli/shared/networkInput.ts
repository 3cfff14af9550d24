// What the private-networking commands check before any request: regions in either
// spelling (US_EAST_1 or us-east-1), a container's CIDR block (RFC 1918, the provider's
// sizes), and the ids a peer or an endpoint names, with the same rules the emulator
// applies at the service's place (src/connstring/privateNetwork.ts).
import { UsageError } from '../../base/errors.js';
import {
  atlasCidrProblem,
  NETWORK_PATTERNS,
  networkRegion,
  parseIpv4Block,
  providerRegionName,
  regionExamples,
  type NetworkProvider,
} from '../../connstring/privateNetwork.js';

const shown = (value: string): string => JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}...` : value);

/** The API's name of a region of the provider, given in either spelling; a usage error names an unknown one. */
export function regionOf(provider: NetworkProvider, text: string, flag = '--region'): { api: string; own: string } {
  const api = networkRegion(provider, text);
  if (api === undefined) throw new UsageError(`unknown ${flag} ${shown(text)} for ${provider}: expected one of its regions, such as ${regionExamples(provider)}`);
  return { api, own: providerRegionName(provider, api) };
}

export function atlasCidr(provider: NetworkProvider, text: string): string {
  const problem = atlasCidrProblem(provider, text);
  if (problem) throw new UsageError(`invalid --atlas-cidr ${shown(text)}: it ${problem}`);
  return text;
}

/** A CIDR block of the customer's network (any IPv4 block, no bits set past the prefix). */
export function routeTableCidr(text: string): string {
  if (!parseIpv4Block(text)) throw new UsageError(`invalid --route-table-cidr ${shown(text)}: expected your VPC's IPv4 CIDR block, such as 10.0.0.0/16 (no bits set past the prefix)`);
  return text;
}

type Rule = keyof typeof NETWORK_PATTERNS;
const EXPECTED: Readonly<Record<Rule, string>> = {
  awsAccountId: 'a 12-digit AWS account ID',
  vpcId: 'vpc- and 17 hexadecimal digits',
  vpcEndpointId: 'vpce- and 17 hexadecimal digits',
  azureName: 'letters, digits, -, _, ., ( and )',
  uuid: 'a UUID such as 35f2fa72-7a34-44ea-9ea6-2e6c8cbad3fd',
  gcpProjectId: 'a GCP project ID: 6 to 30 lowercase letters, digits and hyphens, starting with a letter',
  gcpNetworkName: 'a GCP network name: lowercase letters, digits and hyphens, starting with a letter, at most 63',
  azureEndpointId: "an Azure private endpoint's resource ID: /subscriptions/<uuid>/resourceGroups/<group>/providers/Microsoft.Network/privateEndpoints/<name>",
  ipv4: 'an IPv4 address such as 10.0.0.4',
};

/** `value` if it matches the rule, else a usage error naming the flag and what it takes. */
export function checked(flag: string, value: string, rule: Rule): string {
  if (!NETWORK_PATTERNS[rule].test(value)) throw new UsageError(`invalid ${flag} ${shown(value)}: expected ${EXPECTED[rule]}`);
  return value;
}

/** Flags of other providers refused, so that a forgotten --provider never sends half a body. */
export function refuseOthers(provider: NetworkProvider, given: Readonly<Record<string, unknown>>, owners: Readonly<Record<string, NetworkProvider>>): void {
  for (const [flag, owner] of Object.entries(owners)) {
    if (given[flag] !== undefined && owner !== provider) throw new UsageError(`${flag} is for ${owner}, not ${provider}`);
  }
}

/** Each flag the provider needs, given. */
export function requireFlags(provider: NetworkProvider, given: Readonly<Record<string, unknown>>, flags: readonly string[]): void {
  const missing = flags.filter((flag) => given[flag] === undefined);
  if (missing.length > 0) throw new UsageError(`${provider} needs ${missing.join(', ')}`);
}

/** A 24-hex identifier the service gave (a peer, a container, an endpoint service). */
export function objectIdArg(value: string, what: string): string {
  if (!/^[0-9a-f]{24}$/.test(value)) throw new UsageError(`invalid ${what} ID ${shown(value)}: expected the 24 hexadecimal digits the service gave it`);
  return value;
}
