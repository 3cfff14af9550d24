// Facts about the cluster resource that both the emulator and the CLI check
// bodies against: providers, tiers, regions, database versions and the name rule.
// The tier and region names are the API's own enumerations.

export const CLOUD_PROVIDERS = ['AWS', 'AZURE', 'GCP'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];
/** TENANT is the shared tier (M0/M2/M5), hosted on a backing cloud provider. */
export const PROVIDERS = [...CLOUD_PROVIDERS, 'TENANT'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export const CLUSTER_TYPES = ['REPLICASET', 'SHARDED', 'GEOSHARDED'] as const;
export type ClusterType = (typeof CLUSTER_TYPES)[number];

export const STATE_NAMES = ['IDLE', 'CREATING', 'UPDATING', 'DELETING', 'REPAIRING'] as const;
export type StateName = (typeof STATE_NAMES)[number];

export const INSTANCE_SIZES: Record<ProviderName, readonly string[]> = {
  AWS: ['M10', 'M20', 'M30', 'M40', 'M50', 'M60', 'M80', 'M100', 'M140', 'M200', 'M300', 'R40', 'R50', 'R60', 'R80', 'R200', 'R300', 'R400', 'R700', 'M40_NVME', 'M50_NVME', 'M60_NVME', 'M80_NVME', 'M200_NVME', 'M400_NVME'],
  AZURE: ['M10', 'M20', 'M30', 'M40', 'M50', 'M60', 'M80', 'M90', 'M200', 'R40', 'R50', 'R60', 'R80', 'R200', 'R300', 'R400', 'M60_NVME', 'M80_NVME', 'M200_NVME', 'M300_NVME', 'M400_NVME', 'M600_NVME'],
  GCP: ['M10', 'M20', 'M30', 'M40', 'M50', 'M60', 'M80', 'M140', 'M200', 'M250', 'M300', 'M400', 'R40', 'R50', 'R60', 'R80', 'R200', 'R300', 'R400', 'R600'],
  TENANT: ['M0', 'M2', 'M5'],
};

export const REGIONS: Record<CloudProvider, readonly string[]> = {
  AWS: ['US_GOV_WEST_1', 'US_GOV_EAST_1', 'US_EAST_1', 'US_EAST_2', 'US_WEST_1', 'US_WEST_2', 'CA_CENTRAL_1', 'EU_NORTH_1', 'EU_WEST_1', 'EU_WEST_2', 'EU_WEST_3', 'EU_CENTRAL_1', 'EU_CENTRAL_2', 'AP_EAST_1', 'AP_NORTHEAST_1', 'AP_NORTHEAST_2', 'AP_NORTHEAST_3', 'AP_SOUTHEAST_1', 'AP_SOUTHEAST_2', 'AP_SOUTHEAST_3', 'AP_SOUTHEAST_4', 'AP_SOUTH_1', 'AP_SOUTH_2', 'SA_EAST_1', 'CN_NORTH_1', 'CN_NORTHWEST_1', 'ME_SOUTH_1', 'ME_CENTRAL_1', 'AF_SOUTH_1', 'EU_SOUTH_1', 'EU_SOUTH_2', 'IL_CENTRAL_1', 'CA_WEST_1', 'AP_SOUTHEAST_5', 'AP_SOUTHEAST_7', 'MX_CENTRAL_1', 'GLOBAL'],
  AZURE: ['US_CENTRAL', 'US_EAST', 'US_EAST_2', 'US_NORTH_CENTRAL', 'US_WEST', 'US_SOUTH_CENTRAL', 'EUROPE_NORTH', 'EUROPE_WEST', 'US_WEST_CENTRAL', 'US_WEST_2', 'US_WEST_3', 'CANADA_EAST', 'CANADA_CENTRAL', 'BRAZIL_SOUTH', 'BRAZIL_SOUTHEAST', 'AUSTRALIA_CENTRAL', 'AUSTRALIA_CENTRAL_2', 'AUSTRALIA_EAST', 'AUSTRALIA_SOUTH_EAST', 'GERMANY_WEST_CENTRAL', 'GERMANY_NORTH', 'SWEDEN_CENTRAL', 'SWEDEN_SOUTH', 'SWITZERLAND_NORTH', 'SWITZERLAND_WEST', 'UK_SOUTH', 'UK_WEST', 'NORWAY_EAST', 'NORWAY_WEST', 'INDIA_CENTRAL', 'INDIA_SOUTH', 'INDIA_WEST', 'CHINA_EAST', 'CHINA_NORTH', 'ASIA_EAST', 'JAPAN_EAST', 'JAPAN_WEST', 'ASIA_SOUTH_EAST', 'KOREA_CENTRAL', 'KOREA_SOUTH', 'FRANCE_CENTRAL', 'FRANCE_SOUTH', 'SOUTH_AFRICA_NORTH', 'SOUTH_AFRICA_WEST', 'UAE_CENTRAL', 'UAE_NORTH', 'QATAR_CENTRAL'],
  GCP: ['EASTERN_US', 'EASTERN_US_AW', 'US_EAST_4', 'US_EAST_4_AW', 'US_EAST_5', 'US_EAST_5_AW', 'US_WEST_2', 'US_WEST_2_AW', 'US_WEST_3', 'US_WEST_3_AW', 'US_WEST_4', 'US_WEST_4_AW', 'US_SOUTH_1', 'US_SOUTH_1_AW', 'CENTRAL_US', 'CENTRAL_US_AW', 'WESTERN_US', 'WESTERN_US_AW', 'NORTH_AMERICA_NORTHEAST_1', 'NORTH_AMERICA_NORTHEAST_2', 'NORTH_AMERICA_SOUTH_1', 'SOUTH_AMERICA_EAST_1', 'SOUTH_AMERICA_WEST_1', 'WESTERN_EUROPE', 'EUROPE_NORTH_1', 'EUROPE_WEST_2', 'EUROPE_WEST_3', 'EUROPE_WEST_4', 'EUROPE_WEST_6', 'EUROPE_WEST_8', 'EUROPE_WEST_9', 'EUROPE_WEST_10', 'EUROPE_WEST_12', 'EUROPE_SOUTHWEST_1', 'EUROPE_CENTRAL_2', 'MIDDLE_EAST_CENTRAL_1', 'MIDDLE_EAST_CENTRAL_2', 'MIDDLE_EAST_WEST_1', 'AUSTRALIA_SOUTHEAST_1', 'AUSTRALIA_SOUTHEAST_2', 'AFRICA_SOUTH_1', 'EASTERN_ASIA_PACIFIC', 'NORTHEASTERN_ASIA_PACIFIC', 'SOUTHEASTERN_ASIA_PACIFIC', 'ASIA_EAST_2', 'ASIA_NORTHEAST_2', 'ASIA_NORTHEAST_3', 'ASIA_SOUTH_1', 'ASIA_SOUTH_2', 'ASIA_SOUTHEAST_2'],
};

/** The newest patch release the service runs for each major version it offers. */
export const DATABASE_RELEASES: Record<string, string> = {
  '5.0': '5.0.31',
  '6.0': '6.0.26',
  '7.0': '7.0.40',
  '8.0': '8.0.29',
};
export const DEFAULT_MAJOR_VERSION = '8.0';

/** "7.0" -> "7.0.40"; undefined for a major version the service does not offer. */
export function fullVersionFor(major: string): string | undefined {
  return DATABASE_RELEASES[major];
}

/** Storage that comes with a tier when diskSizeGB is not given. */
export function defaultDiskSizeGB(instanceSize: string): number {
  const shared: Record<string, number> = { M0: 0.5, M2: 2, M5: 5 };
  if (instanceSize in shared) return shared[instanceSize]!;
  const tier = Number(/^[MR](\d+)/.exec(instanceSize)?.[1] ?? 10);
  const steps: Array<[number, number]> = [[10, 10], [20, 20], [30, 40], [40, 80], [50, 160], [60, 320], [80, 750]];
  return steps.find(([maxTier]) => tier <= maxTier)?.[1] ?? 1000;
}

export function isKnownRegion(provider: ProviderName, region: string, backingProvider?: string): boolean {
  const cloud = provider === 'TENANT' ? backingProvider : provider;
  if (!cloud || !(CLOUD_PROVIDERS as readonly string[]).includes(cloud)) return false;
  return REGIONS[cloud as CloudProvider].includes(region);
}

/** Names: ^[a-zA-Z0-9][a-zA-Z0-9-]*$, at most 64 characters, not ending in '-'. */
export function isValidClusterName(name: string): boolean {
  return name.length <= 64 && /^[a-zA-Z0-9][a-zA-Z0-9-]*$/.test(name) && !name.endsWith('-');
}
