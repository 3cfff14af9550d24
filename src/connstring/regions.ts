// Region names as they appear in private-link hostnames: each provider's own
// region name (AWS "us-east-1", Azure "eastus2"), never the API's US_EAST_1 form.
// The provider of a hostname region is told apart by its spelling:
//   AWS   two letters, hyphenated words, a number: us-east-1, us-gov-west-1, ap-southeast-2
//   Azure one hyphen-free word, optionally ending in digits: eastus2, westeurope, australiacentral2
import type { PrivateLinkProvider } from './shapes.js';

const AWS_REGION = /^[a-z]{2}(?:-[a-z]+)+-\d+$/;
const AWS_REGION_WITH_AZ = /^([a-z]{2}(?:-[a-z]+)+-\d+)([a-z])$/;
const AZURE_REGION = /^[a-z]+\d*$/;

/** The API's Azure region names and the provider's own names, from the OpenAPI regionName enum. */
export const AZURE_REGIONS: Readonly<Record<string, string>> = {
  US_CENTRAL: 'centralus',
  US_EAST: 'eastus',
  US_EAST_2: 'eastus2',
  US_NORTH_CENTRAL: 'northcentralus',
  US_WEST: 'westus',
  US_SOUTH_CENTRAL: 'southcentralus',
  EUROPE_NORTH: 'northeurope',
  EUROPE_WEST: 'westeurope',
  US_WEST_CENTRAL: 'westcentralus',
  US_WEST_2: 'westus2',
  US_WEST_3: 'westus3',
  CANADA_EAST: 'canadaeast',
  CANADA_CENTRAL: 'canadacentral',
  BRAZIL_SOUTH: 'brazilsouth',
  BRAZIL_SOUTHEAST: 'brazilsoutheast',
  AUSTRALIA_CENTRAL: 'australiacentral',
  AUSTRALIA_CENTRAL_2: 'australiacentral2',
  AUSTRALIA_EAST: 'australiaeast',
  AUSTRALIA_SOUTH_EAST: 'australiasoutheast',
  GERMANY_WEST_CENTRAL: 'germanywestcentral',
  GERMANY_NORTH: 'germanynorth',
  SWEDEN_CENTRAL: 'swedencentral',
  SWEDEN_SOUTH: 'swedensouth',
  SWITZERLAND_NORTH: 'switzerlandnorth',
  SWITZERLAND_WEST: 'switzerlandwest',
  UK_SOUTH: 'uksouth',
  UK_WEST: 'ukwest',
  NORWAY_EAST: 'norwayeast',
  NORWAY_WEST: 'norwaywest',
  INDIA_CENTRAL: 'centralindia',
  INDIA_SOUTH: 'southindia',
  INDIA_WEST: 'westindia',
  CHINA_EAST: 'chinaeast',
  CHINA_NORTH: 'chinanorth',
  ASIA_EAST: 'eastasia',
  JAPAN_EAST: 'japaneast',
  JAPAN_WEST: 'japanwest',
  ASIA_SOUTH_EAST: 'southeastasia',
  KOREA_CENTRAL: 'koreacentral',
  KOREA_SOUTH: 'koreasouth',
  FRANCE_CENTRAL: 'francecentral',
  FRANCE_SOUTH: 'francesouth',
  SOUTH_AFRICA_NORTH: 'southafricanorth',
  SOUTH_AFRICA_WEST: 'southafricawest',
  UAE_CENTRAL: 'uaecentral',
  UAE_NORTH: 'uaenorth',
  QATAR_CENTRAL: 'qatarcentral',
};

const AZURE_BY_HOST_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(AZURE_REGIONS).map(([api, host]) => [host, api]),
);

export function isAwsRegion(region: string): boolean {
  return AWS_REGION.test(region);
}

export function isAzureRegion(region: string): boolean {
  return AZURE_REGION.test(region);
}

/** Splits "us-east-1a" into region and availability-zone letter; undefined when it is not that shape. */
export function splitAwsZone(text: string): { region: string; az: string } | undefined {
  const m = AWS_REGION_WITH_AZ.exec(text);
  return m ? { region: m[1] as string, az: m[2] as string } : undefined;
}

/** The provider a hostname region belongs to, or undefined when its spelling fits neither. */
export function providerOfRegion(region: string): PrivateLinkProvider | undefined {
  if (isAwsRegion(region)) return 'AWS';
  if (isAzureRegion(region)) return 'AZURE';
  return undefined;
}

/**
 * The hostname form of a region given either way: the API's name (US_EAST_1, EUROPE_WEST)
 * or the provider's own (us-east-1, westeurope). Undefined when it is neither for that provider.
 */
export function hostRegion(provider: PrivateLinkProvider, region: string): string | undefined {
  if (provider === 'AWS') {
    const lower = /^[A-Z0-9_]+$/.test(region) ? region.toLowerCase().replace(/_/g, '-') : region;
    return isAwsRegion(lower) ? lower : undefined;
  }
  const fromApi = AZURE_REGIONS[region];
  if (fromApi) return fromApi;
  return isAzureRegion(region) ? region : undefined;
}

/** The API's region name (as in endpoints[].region) for a hostname region. */
export function apiRegion(provider: PrivateLinkProvider, host: string): string {
  if (provider === 'AWS') return host.toUpperCase().replace(/-/g, '_');
  // An Azure name missing from the table is upper-cased: the best guess without the table.
  return AZURE_BY_HOST_NAME.get(host) ?? host.toUpperCase();
}
