import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  READ_ONLY_FIELDS,
  REMOVED_IN_2023_02_01,
  applyClusterPatch,
  checkClusterBody,
  createClusterModel,
  isValidClusterName,
  legacyToModern,
  modernToLegacy,
  renderLegacy,
  renderModern,
  shapeForVersion,
} from '../../../src/model/cluster.js';
import type { ClusterModel, ModelContext } from '../../../src/model/cluster.js';

let counter = 0;
const ctx: ModelContext = {
  groupId: 'a'.repeat(24),
  newId: () => (++counter).toString(16).padStart(24, '0'),
  now: '2026-08-10T09:00:00Z',
};
const extras = { links: [{ href: 'http://x/self', rel: 'self' }], connectionStrings: {} };

const legacyBody = {
  name: 'legacy1',
  clusterType: 'REPLICASET',
  providerSettings: { providerName: 'AWS', instanceSizeName: 'M30', regionName: 'EU_WEST_1' },
  numShards: 1,
  replicationFactor: 3,
  mongoDBMajorVersion: '7.0',
  diskSizeGB: 40,
  providerBackupEnabled: true,
  autoScaling: { diskGBEnabled: true },
};

const modernBody = {
  name: 'modern1',
  clusterType: 'REPLICASET',
  mongoDBMajorVersion: '7.0',
  diskSizeGB: 40,
  backupEnabled: true,
  replicationSpecs: [
    {
      regionConfigs: [
        {
          providerName: 'AWS',
          regionName: 'EU_WEST_1',
          priority: 7,
          electableSpecs: { instanceSize: 'M30', nodeCount: 3 },
          autoScaling: { diskGB: { enabled: true } },
        },
      ],
    },
  ],
};

function create(body: Record<string, unknown>, shape: 'legacy' | 'modern'): ClusterModel {
  const result = createClusterModel(body, shape, ctx);
  if (result.problem) throw new Error(`${result.problem.code} ${result.problem.field}`);
  return result.model;
}

/** A rendering without the ids and dates that differ between two creations. */
function comparable(doc: Record<string, unknown>): unknown {
  return JSON.parse(JSON.stringify(doc, (key, value) => (['id', 'zoneId', 'name', 'links'].includes(key) ? undefined : value)));
}

describe('legacyToModern', () => {
  it('moves providerSettings, replicationFactor and autoScaling into regionConfigs and reports each move', () => {
    const { body, changes } = legacyToModern(legacyBody);
    expect(body.backupEnabled).toBe(true);
    expect(body).not.toHaveProperty('providerSettings');
    expect(body).not.toHaveProperty('numShards');
    expect(body.replicationSpecs).toEqual([
      {
        numShards: 1,
        regionConfigs: [
          {
            providerName: 'AWS',
            regionName: 'EU_WEST_1',
            priority: 7,
            electableSpecs: { instanceSize: 'M30', nodeCount: 3 },
            readOnlySpecs: { instanceSize: 'M30', nodeCount: 0 },
            analyticsSpecs: { instanceSize: 'M30', nodeCount: 0 },
            autoScaling: { compute: { enabled: false, scaleDownEnabled: false }, diskGB: { enabled: true } },
          },
        ],
      },
    ]);
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'providerBackupEnabled', action: 'moved', to: 'backupEnabled' },
        { field: 'providerSettings', action: 'moved', to: 'replicationSpecs.regionConfigs' },
        { field: 'numShards', action: 'moved', to: 'replicationSpecs.numShards' },
        { field: 'replicationFactor', action: 'moved', to: 'replicationSpecs.regionConfigs.electableSpecs.nodeCount' },
        { field: 'autoScaling', action: 'moved', to: 'replicationSpecs.regionConfigs.autoScaling' },
      ]),
    );
    // The converted body is a valid 2023-02-01 create body.
    expect(checkClusterBody(body, 'modern', 'create')).toBeUndefined();
  });

  it('turns regionsConfig of several regions into regionConfigs ordered by priority, and drops read-only fields', () => {
    const { body, changes } = legacyToModern({
      name: 'multi',
      providerSettings: { providerName: 'GCP', instanceSizeName: 'M10' },
      replicationSpecs: [
        {
          id: 'b'.repeat(24),
          numShards: 1,
          zoneName: 'Zone A',
          regionsConfig: {
            WESTERN_EUROPE: { electableNodes: 1, priority: 6, readOnlyNodes: 0, analyticsNodes: 0 },
            CENTRAL_US: { electableNodes: 2, priority: 7, readOnlyNodes: 1, analyticsNodes: 0 },
          },
        },
      ],
      mongoURI: 'mongodb://x',
      srvAddress: 'mongodb+srv://x',
      stateName: 'IDLE',
    });
    const spec = (body.replicationSpecs as Array<Record<string, unknown>>)[0]!;
    expect(spec.zoneName).toBe('Zone A');
    expect(spec).not.toHaveProperty('id');
    expect((spec.regionConfigs as Array<Record<string, unknown>>).map((r) => [r.regionName, r.priority])).toEqual([
      ['CENTRAL_US', 7],
      ['WESTERN_EUROPE', 6],
    ]);
    expect(body).not.toHaveProperty('mongoURI');
    expect(body).not.toHaveProperty('stateName');
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'replicationSpecs.regionsConfig', action: 'moved', to: 'replicationSpecs.regionConfigs' },
        { field: 'replicationSpecs.id', action: 'dropped' },
        { field: 'mongoURI', action: 'dropped' },
        { field: 'srvAddress', action: 'dropped' },
        { field: 'stateName', action: 'dropped' },
      ]),
    );
  });

  it('keeps a shared-tier cluster as a TENANT region config with its backing provider', () => {
    const { body } = legacyToModern({
      name: 'free',
      providerSettings: { providerName: 'TENANT', backingProviderName: 'AWS', instanceSizeName: 'M0', regionName: 'US_EAST_1' },
    });
    expect((body.replicationSpecs as unknown[])[0]).toEqual({
      numShards: 1,
      regionConfigs: [
        { providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0' } },
      ],
    });
  });
});

describe('modernToLegacy', () => {
  it('is the inverse of legacyToModern for what legacy can express', () => {
    const there = legacyToModern(legacyBody).body;
    const back = modernToLegacy(there).body;
    expect(back.providerSettings).toEqual({ providerName: 'AWS', instanceSizeName: 'M30', regionName: 'EU_WEST_1' });
    expect(back.numShards).toBe(1);
    expect(back.providerBackupEnabled).toBe(true);
    expect(back.autoScaling).toEqual({ compute: { enabled: false, scaleDownEnabled: false }, diskGBEnabled: true });
    expect(back.replicationSpecs).toEqual([
      { numShards: 1, regionsConfig: { EU_WEST_1: { analyticsNodes: 0, electableNodes: 3, priority: 7, readOnlyNodes: 0 } } },
    ]);
    expect(checkClusterBody(back, 'legacy', 'create')).toBeUndefined();
  });

  it('reports per-region tiers and providers that legacy cannot express as dropped', () => {
    const { changes } = modernToLegacy({
      name: 'mixed',
      replicationSpecs: [
        {
          regionConfigs: [
            { providerName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M30', nodeCount: 2 } },
            { providerName: 'GCP', regionName: 'CENTRAL_US', priority: 6, electableSpecs: { instanceSize: 'M40', nodeCount: 1 } },
          ],
        },
      ],
    });
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'replicationSpecs.regionConfigs.providerName', action: 'dropped' },
        { field: 'replicationSpecs.regionConfigs.electableSpecs.instanceSize', action: 'dropped' },
      ]),
    );
  });
});

describe('field rules', () => {
  it('lists the legacy-only fields removed at 2023-02-01 and rejects each of them there, naming the field', () => {
    expect(REMOVED_IN_2023_02_01).toEqual(
      expect.arrayContaining(['providerSettings', 'numShards', 'replicationFactor', 'replicationSpec', 'autoScaling', 'mongoURI', 'srvAddress']),
    );
    for (const field of REMOVED_IN_2023_02_01) {
      if (field.includes('.')) continue;
      expect(checkClusterBody({ name: 'x', [field]: field === 'numShards' ? 1 : {} }, 'modern', 'patch')).toEqual({ code: 'INVALID_ATTRIBUTE', field });
    }
    const nested = { replicationSpecs: [{ regionsConfig: {} }] };
    expect(checkClusterBody(nested, 'modern', 'patch')).toEqual({ code: 'INVALID_ATTRIBUTE', field: 'replicationSpecs.regionsConfig' });
  });

  it('names read-only fields, unknown fields, wrong types and missing required fields', () => {
    expect(READ_ONLY_FIELDS.legacy).toEqual(expect.arrayContaining(['id', 'stateName', 'mongoURI', 'srvAddress', 'providerSettings.effectiveInstanceSizeName']));
    expect(READ_ONLY_FIELDS.modern).toEqual(expect.arrayContaining(['id', 'createDate', 'mongoDBVersion', 'connectionStrings']));
    expect(READ_ONLY_FIELDS.modern).not.toContain('mongoURI');
    expect(checkClusterBody({ stateName: 'IDLE' }, 'modern', 'patch')).toEqual({ code: 'ATTRIBUTE_READ_ONLY', field: 'stateName' });
    expect(checkClusterBody({ mongoURI: 'x' }, 'legacy', 'patch')).toEqual({ code: 'ATTRIBUTE_READ_ONLY', field: 'mongoURI' });
    expect(checkClusterBody({ bogus: 1 }, 'legacy', 'patch')).toEqual({ code: 'INVALID_ATTRIBUTE', field: 'bogus' });
    expect(checkClusterBody({ paused: 'yes' }, 'modern', 'patch')).toEqual({ code: 'INVALID_ATTRIBUTE', field: 'paused' });
    expect(checkClusterBody({ biConnector: { enabled: true, colour: 'red' } }, 'modern', 'patch')).toEqual({
      code: 'INVALID_ATTRIBUTE',
      field: 'biConnector.colour',
    });
    expect(checkClusterBody({ name: 'x' }, 'modern', 'create')).toEqual({ code: 'MISSING_ATTRIBUTE', field: 'replicationSpecs' });
    expect(checkClusterBody({ name: 'x' }, 'legacy', 'create')).toEqual({ code: 'MISSING_ATTRIBUTE', field: 'providerSettings' });
    expect(checkClusterBody({ replicationSpecs: [] }, 'modern', 'create')).toEqual({ code: 'MISSING_ATTRIBUTE', field: 'name' });
  });

  it('validates cluster names: pattern, 64 characters, no trailing hyphen', () => {
    expect(isValidClusterName('Cluster0')).toBe(true);
    expect(isValidClusterName('a'.repeat(64))).toBe(true);
    expect(isValidClusterName('a'.repeat(65))).toBe(false);
    expect(isValidClusterName('bad-')).toBe(false);
    expect(isValidClusterName('-bad')).toBe(false);
    expect(isValidClusterName('bad_name')).toBe(false);
  });

  it('maps API versions to shapes', () => {
    expect(shapeForVersion('v1.0')).toBe('legacy');
    expect(shapeForVersion('2023-01-01')).toBe('legacy');
    expect(shapeForVersion('2023-02-01')).toBe('modern');
  });
});

describe('the canonical model', () => {
  it('fills the defaults the service fills, and mongoDBVersion follows the major version', () => {
    const model = create(modernBody, 'modern');
    expect(model.stateName).toBe('CREATING');
    expect(model.mongoDBVersion).toBe('7.0.40');
    expect(model.createDate).toBe(ctx.now);
    const region = model.replicationSpecs[0]!.regionConfigs[0]!;
    expect(region.electableSpecs).toEqual({ instanceSize: 'M30', nodeCount: 3, diskIOPS: 3000, ebsVolumeType: 'STANDARD' });
    expect(region.readOnlySpecs?.nodeCount).toBe(0);
    expect(model.replicationSpecs[0]!.zoneName).toBe('Zone 1');
    expect(model.settings.biConnector).toEqual({ enabled: false, readPreference: 'secondary' });
    expect(create({ ...modernBody, mongoDBMajorVersion: '8.0' }, 'modern').mongoDBVersion).toBe('8.0.29');
  });

  it('reads the same whether created through the legacy or the 2023-02-01 shape', () => {
    const fromLegacy = create(legacyBody, 'legacy');
    const fromModern = create(modernBody, 'modern');
    expect(comparable(renderModern(fromLegacy, extras))).toEqual(comparable(renderModern(fromModern, extras)));
    expect(comparable(renderLegacy(fromLegacy, extras))).toEqual(comparable(renderLegacy(fromModern, extras)));
    const legacy = renderLegacy(fromModern, extras);
    expect(legacy.providerSettings).toEqual({ providerName: 'AWS', instanceSizeName: 'M30', regionName: 'EU_WEST_1', diskIOPS: 3000, volumeType: 'STANDARD' });
    expect(legacy.replicationFactor).toBe(3);
    expect(legacy.replicationSpec).toEqual({ EU_WEST_1: { analyticsNodes: 0, electableNodes: 3, priority: 7, readOnlyNodes: 0 } });
    expect(renderModern(fromLegacy, extras)).not.toHaveProperty('providerSettings');
  });

  it('derives mongoURI, mongoURIWithOptions and srvAddress from the issued strings in legacy renderings only', () => {
    const model = { ...create(modernBody, 'modern'), mongoURIUpdated: '2026-08-10T09:00:02Z' };
    const strings = {
      standard: 'mongodb://a-shard-00-00.abcde.mongodb.net:27017,a-shard-00-01.abcde.mongodb.net:27017/?ssl=true&authSource=admin',
      standardSrv: 'mongodb+srv://a.abcde.mongodb.net',
    };
    const legacy = renderLegacy(model, { ...extras, connectionStrings: strings });
    expect(legacy.mongoURI).toBe('mongodb://a-shard-00-00.abcde.mongodb.net:27017,a-shard-00-01.abcde.mongodb.net:27017');
    expect(legacy.mongoURIWithOptions).toBe(strings.standard);
    expect(legacy.srvAddress).toBe(strings.standardSrv);
    expect(legacy.mongoURIUpdated).toBe('2026-08-10T09:00:02Z');
    const modern = renderModern(model, { ...extras, connectionStrings: strings });
    for (const field of ['mongoURI', 'mongoURIWithOptions', 'srvAddress', 'mongoURIUpdated']) expect(modern).not.toHaveProperty(field);
  });

  it('rejects tiers, regions and node counts the provider does not have, naming the field in the caller\'s shape', () => {
    const withRegion = (region: Record<string, unknown>) => ({ ...modernBody, replicationSpecs: [{ regionConfigs: [{ ...modernBody.replicationSpecs[0]!.regionConfigs[0], ...region }] }] });
    expect(createClusterModel(withRegion({ electableSpecs: { instanceSize: 'M90' } }), 'modern', ctx).problem).toEqual({
      code: 'INVALID_ATTRIBUTE',
      field: 'replicationSpecs.regionConfigs.electableSpecs.instanceSize',
    });
    expect(createClusterModel(withRegion({ regionName: 'MARS_1' }), 'modern', ctx).problem?.field).toBe('replicationSpecs.regionConfigs.regionName');
    expect(createClusterModel(withRegion({ electableSpecs: { instanceSize: 'M30', nodeCount: 4 } }), 'modern', ctx).problem?.field).toBe(
      'replicationSpecs.regionConfigs.electableSpecs.nodeCount',
    );
    const badLegacy = { ...legacyBody, providerSettings: { ...legacyBody.providerSettings, instanceSizeName: 'M90' } };
    expect(createClusterModel(badLegacy, 'legacy', ctx).problem).toEqual({ code: 'INVALID_ATTRIBUTE', field: 'providerSettings.instanceSizeName' });
    expect(createClusterModel({ ...modernBody, mongoDBMajorVersion: '3.2' }, 'modern', ctx).problem?.field).toBe('mongoDBMajorVersion');
  });

  it('applies a legacy PATCH of the tier to every region, keeping ids, and a 2023-02-01 PATCH of replicationSpecs', () => {
    const model = create(modernBody, 'modern');
    const legacyPatch = applyClusterPatch(model, { providerSettings: { instanceSizeName: 'M40' }, mongoDBMajorVersion: '8.0' }, 'legacy', ctx);
    const patched = legacyPatch.model!;
    expect(patched.replicationSpecs[0]!.id).toBe(model.replicationSpecs[0]!.id);
    expect(patched.replicationSpecs[0]!.regionConfigs[0]!.electableSpecs.instanceSize).toBe('M40');
    expect(patched.replicationSpecs[0]!.regionConfigs[0]!.readOnlySpecs!.instanceSize).toBe('M40');
    expect(patched.mongoDBVersion).toBe('8.0.29');
    expect(patched.id).toBe(model.id);

    const spec = renderModern(model, extras).replicationSpecs as Array<Record<string, unknown>>;
    const regions = spec[0]!.regionConfigs as Array<Record<string, unknown>>;
    const modernPatch = applyClusterPatch(
      model,
      { replicationSpecs: [{ regionConfigs: [{ ...regions[0], electableSpecs: { instanceSize: 'M50', nodeCount: 5 }, readOnlySpecs: { instanceSize: 'M50', nodeCount: 0 } }] }] },
      'modern',
      ctx,
    );
    expect(modernPatch.model!.replicationSpecs[0]!.regionConfigs[0]!.electableSpecs).toMatchObject({ instanceSize: 'M50', nodeCount: 5 });
    // Base nodes (electable and read-only) of a shard share one size: the old read-only size with a new electable one is refused.
    expect(
      applyClusterPatch(model, { replicationSpecs: [{ regionConfigs: [{ ...regions[0], electableSpecs: { instanceSize: 'M50', nodeCount: 5 } }] }] }, 'modern', ctx).problem,
    ).toEqual({ code: 'INVALID_ATTRIBUTE', field: 'replicationSpecs.regionConfigs.readOnlySpecs.instanceSize' });
    // Left out, it follows the electable size.
    const { readOnlySpecs: _given, ...withoutReadOnly } = regions[0]!;
    const follows = applyClusterPatch(model, { replicationSpecs: [{ regionConfigs: [{ ...withoutReadOnly, electableSpecs: { instanceSize: 'M50', nodeCount: 5 } }] }] }, 'modern', ctx);
    expect(follows.model!.replicationSpecs[0]!.regionConfigs[0]!.readOnlySpecs!.instanceSize).toBe('M50');
    expect(modernPatch.model!.replicationSpecs[0]!.id).toBe(model.replicationSpecs[0]!.id);
    // Spec ids are read-only (matched by position): sending one is refused, never ignored.
    expect(applyClusterPatch(model, { replicationSpecs: [{ id: 'x'.repeat(24), regionConfigs: [regions[0]] }] }, 'modern', ctx).problem).toEqual({ code: 'ATTRIBUTE_READ_ONLY', field: 'replicationSpecs.id' });
    expect(applyClusterPatch(model, { name: 'other' }, 'modern', ctx).problem).toEqual({ code: 'INVALID_ATTRIBUTE', field: 'name' });
  });

  it('keeps a legacy round trip stable for any single-region dedicated cluster (property)', () => {
    const providers = fc.constantFrom(
      { providerName: 'AWS', regionName: 'US_EAST_1', instanceSizeName: 'M10' },
      { providerName: 'GCP', regionName: 'CENTRAL_US', instanceSizeName: 'M20' },
      { providerName: 'AZURE', regionName: 'US_EAST_2', instanceSizeName: 'M30' },
    );
    fc.assert(
      fc.property(providers, fc.constantFrom(3, 5, 7), fc.integer({ min: 10, max: 4096 }), fc.boolean(), (settings, factor, disk, backup) => {
        const body = { name: 'p', providerSettings: settings, replicationFactor: factor, diskSizeGB: disk, providerBackupEnabled: backup };
        const legacy = renderLegacy(create(body, 'legacy'), extras);
        expect(legacy.providerSettings).toMatchObject(settings);
        expect(legacy.replicationFactor).toBe(factor);
        expect(legacy.diskSizeGB).toBe(disk);
        expect(legacy.providerBackupEnabled).toBe(backup);
        const modern = renderModern(create(body, 'legacy'), extras);
        expect(modern.backupEnabled).toBe(backup);
      }),
      { numRuns: 60 },
    );
  });
});
