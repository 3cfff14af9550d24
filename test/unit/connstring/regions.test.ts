import { describe, expect, it } from 'vitest';
import { AZURE_REGIONS, apiRegion, hostRegion, isAwsRegion, isAzureRegion, providerOfRegion } from '../../../src/connstring/index.js';
import { readOpenApi } from '../../helpers/reference.js';

describe('region names in hostnames', () => {
  it('converts the API names both ways', () => {
    expect(hostRegion('AWS', 'US_EAST_1')).toBe('us-east-1');
    expect(hostRegion('AWS', 'us-gov-west-1')).toBe('us-gov-west-1');
    expect(hostRegion('AZURE', 'EUROPE_WEST')).toBe('westeurope');
    expect(hostRegion('AZURE', 'eastus2')).toBe('eastus2');
    expect(hostRegion('AWS', 'eastus2')).toBeUndefined();
    expect(hostRegion('AZURE', 'us-east-1')).toBeUndefined();
    expect(apiRegion('AWS', 'ap-southeast-2')).toBe('AP_SOUTHEAST_2');
    expect(apiRegion('AZURE', 'southeastasia')).toBe('ASIA_SOUTH_EAST');
  });

  it('tells the provider by spelling', () => {
    expect(providerOfRegion('eu-central-2')).toBe('AWS');
    expect(providerOfRegion('australiacentral2')).toBe('AZURE');
    expect(providerOfRegion('us-east-1a')).toBeUndefined();
    expect(providerOfRegion('foo-bar')).toBeUndefined();
    for (const name of Object.values(AZURE_REGIONS)) {
      expect(isAzureRegion(name)).toBe(true);
      expect(isAwsRegion(name)).toBe(false);
    }
  });
});

describe('region names against the OpenAPI regionName enums', () => {
  const enumOf = (schema: string): string[] => {
    const doc = readOpenApi('v2') as { components: { schemas: Record<string, unknown> } };
    const settings = doc.components.schemas[schema] as { allOf: { properties?: { regionName?: { enum: string[] } } }[] };
    return settings.allOf.flatMap((part) => part.properties?.regionName?.enum ?? []);
  };

  it('every Azure region has a hostname name, and back', () => {
    const names = enumOf('AzureCloudProviderSettings');
    expect(names.length).toBeGreaterThan(40);
    expect(Object.keys(AZURE_REGIONS).sort()).toEqual([...names].sort());
    for (const name of names) expect(apiRegion('AZURE', hostRegion('AZURE', name) as string)).toBe(name);
  });

  it('every AWS region converts to a hostname name, and back', () => {
    const names = enumOf('AWSCloudProviderSettings').filter((n) => n !== 'GLOBAL');
    expect(names.length).toBeGreaterThan(30);
    for (const name of names) {
      const host = hostRegion('AWS', name);
      expect(host && isAwsRegion(host)).toBe(true);
      expect(apiRegion('AWS', host as string)).toBe(name);
    }
  });
});
