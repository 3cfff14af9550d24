// `cdba clusters convert`, in-process: legacy bodies of every kind become 2023-02-01
// bodies that validate against the published 2023-02-01 schema, describe the same
// topology, and have every moved or dropped field reported on stderr.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runClustersConvert } from '../../../../src/cli/clusters/convert.js';
import { Context, type GlobalOptions } from '../../../../src/core/context.js';
import { UsageError } from '../../../../src/base/errors.js';
import { IO, type TestIO } from '../../../../src/base/io.js';
import { checkClusterBody, createClusterModel, REMOVED_IN_2023_02_01, renderLegacy, type ClusterModel } from '../../../../src/model/cluster.js';
import { readRecorded } from '../../../helpers/reference.js';
import { OpenApiValidator } from '../../emulator/openapiValidator.js';
import { tempDir } from '../../../helpers/cli.js';

type Doc = Record<string, unknown>;

const modelContext = { groupId: 'a'.repeat(24), newId: (() => { let n = 0; return () => (++n).toString(16).padStart(24, '0'); })(), now: '2026-08-10T00:00:00Z' };

/** A cluster as the legacy API renders it, built by the model from a 2023-02-01 create body. */
function legacyRendering(body: Doc): { model: ClusterModel; legacy: Doc } {
  const result = createClusterModel(body, 'modern', modelContext);
  if (!result.model) throw new Error(`bad fixture: ${JSON.stringify(result.problem)}`);
  const legacy = renderLegacy(result.model, {
    links: [{ href: 'http://localhost/x', rel: 'self' }],
    connectionStrings: { standard: 'mongodb://h-shard-00-00.abc.mongodb.net:27017/?ssl=true', standardSrv: 'mongodb+srv://h.abc.mongodb.net' },
  });
  return { model: result.model, legacy };
}

const region = (regionName: string, priority: number, extra: Doc = {}): Doc => ({
  providerName: 'AWS',
  regionName,
  priority,
  electableSpecs: { instanceSize: 'M30', nodeCount: 3 },
  ...extra,
});

const KINDS: Record<string, Doc> = {
  'replica set, two regions with read-only and analytics nodes, auto-scaling': {
    name: 'multi',
    replicationSpecs: [
      {
        regionConfigs: [
          region('US_EAST_1', 7, { analyticsSpecs: { instanceSize: 'M30', nodeCount: 1 }, autoScaling: { compute: { enabled: true, scaleDownEnabled: true, minInstanceSize: 'M30', maxInstanceSize: 'M60' }, diskGB: { enabled: true } } }),
          region('US_WEST_2', 6, { electableSpecs: { instanceSize: 'M30', nodeCount: 2 }, readOnlySpecs: { instanceSize: 'M30', nodeCount: 2 }, autoScaling: { compute: { enabled: true, scaleDownEnabled: true, minInstanceSize: 'M30', maxInstanceSize: 'M60' }, diskGB: { enabled: true } } }),
        ],
      },
    ],
    backupEnabled: true,
    tags: [{ key: 'env', value: 'prod' }],
  },
  'sharded on GCP': {
    name: 'shards',
    clusterType: 'SHARDED',
    mongoDBMajorVersion: '7.0',
    replicationSpecs: [{ numShards: 3, regionConfigs: [{ providerName: 'GCP', regionName: 'CENTRAL_US', priority: 7, electableSpecs: { instanceSize: 'M40', nodeCount: 5 } }] }],
  },
  'global: two zones': {
    name: 'geo',
    clusterType: 'GEOSHARDED',
    replicationSpecs: [
      { zoneName: 'America', numShards: 1, regionConfigs: [region('US_EAST_1', 7)] },
      { zoneName: 'Europe', numShards: 2, regionConfigs: [region('EU_WEST_1', 7)] },
    ],
  },
  'shared tier': {
    name: 'free',
    replicationSpecs: [{ regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AZURE', regionName: 'EUROPE_WEST', priority: 7, electableSpecs: { instanceSize: 'M2' } }] }],
  },
};

/** The topology a model holds, without the ids the service assigns. */
function topology(model: ClusterModel): unknown {
  return { clusterType: model.clusterType, specs: model.replicationSpecs.map(({ id: _id, zoneId: _zone, ...rest }) => rest) };
}

function context(io: TestIO, globals: GlobalOptions = {}): Context {
  return new Context(io, { CDBA_CONFIG_DIR: tempDir('cdba-convert-') }, 'test', globals);
}

async function convert(input: unknown, options: { tty?: boolean; globals?: GlobalOptions } = {}): Promise<{ out: string; err: string; body: Doc }> {
  const io = IO.test({ stdin: typeof input === 'string' ? input : JSON.stringify(input), outIsTTY: options.tty ?? false });
  await runClustersConvert(context(io, options.globals), { file: '-', to: '2023-02-01' });
  return { out: io.stdout, err: io.stderr, body: JSON.parse(io.stdout) as Doc };
}

let validator: OpenApiValidator;
beforeAll(() => {
  validator = new OpenApiValidator();
});

function expectValid2023(body: Doc): void {
  for (const field of REMOVED_IN_2023_02_01.filter((f) => !f.includes('.'))) expect(body).not.toHaveProperty(field);
  expect(checkClusterBody(body, 'modern', 'patch')).toBeUndefined();
  const validate = validator.component('v2', 'AdvancedClusterDescription');
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

describe.each(Object.entries(KINDS))('convert the legacy rendering of: %s', (_kind, createBody) => {
  it('gives a valid 2023-02-01 body with the same topology, and reports each change', async () => {
    const { model, legacy } = legacyRendering(createBody);
    const { body, err } = await convert(legacy);
    expectValid2023(body);
    // Created from the converted body, the cluster has the topology it had.
    const again = createClusterModel(body, 'modern', modelContext);
    expect(again.problem).toBeUndefined();
    expect(topology(again.model!)).toEqual(topology(model));
    expect(again.model!.backupEnabled).toBe(model.backupEnabled);
    const lines = err.trimEnd().split('\n');
    expect(lines).toContain('cdba: moved providerSettings to replicationSpecs.regionConfigs');
    expect(lines).toContain('cdba: moved providerBackupEnabled to backupEnabled');
    expect(lines).toContain('cdba: moved replicationSpecs.regionsConfig to replicationSpecs.regionConfigs');
    for (const dropped of ['mongoURI', 'mongoURIWithOptions', 'srvAddress', 'id', 'groupId', 'links', 'connectionStrings', 'stateName', 'createDate', 'mongoDBVersion']) {
      expect(lines).toContain(`cdba: dropped ${dropped} (read-only)`);
    }
    expect(lines.every((l) => /^cdba: (moved \S+ to \S+|dropped \S+ \(.+\))$/.test(l))).toBe(true);
  });
});

describe('convert', () => {
  it('a hand-written legacy create body: exactly the 2023-02-01 body', async () => {
    const { body, err } = await convert({
      name: 'c1',
      providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1', volumeType: 'PROVISIONED', diskIOPS: 4000 },
      replicationFactor: 5,
      providerBackupEnabled: true,
      autoScaling: { diskGBEnabled: true, compute: { enabled: false, scaleDownEnabled: false } },
    });
    const hardware = (nodeCount: number): Doc => ({ instanceSize: 'M10', nodeCount, diskIOPS: 4000, ebsVolumeType: 'PROVISIONED' });
    expect(body).toEqual({
      name: 'c1',
      backupEnabled: true,
      replicationSpecs: [
        {
          numShards: 1,
          regionConfigs: [
            {
              providerName: 'AWS',
              regionName: 'US_EAST_1',
              priority: 7,
              electableSpecs: hardware(5),
              readOnlySpecs: hardware(0),
              analyticsSpecs: hardware(0),
              autoScaling: { compute: { enabled: false, scaleDownEnabled: false }, diskGB: { enabled: true } },
            },
          ],
        },
      ],
    });
    expect(err).toBe(
      [
        'cdba: moved providerBackupEnabled to backupEnabled',
        'cdba: moved providerSettings to replicationSpecs.regionConfigs',
        'cdba: moved replicationFactor to replicationSpecs.regionConfigs.electableSpecs.nodeCount',
        'cdba: moved autoScaling to replicationSpecs.regionConfigs.autoScaling',
        '',
      ].join('\n'),
    );
    expectValid2023(body);
  });

  it('TENANT: backingProviderName and bare electable specs', async () => {
    const { body } = await convert({ name: 'f', providerSettings: { providerName: 'TENANT', backingProviderName: 'GCP', instanceSizeName: 'M0', regionName: 'CENTRAL_US' } });
    expect(body.replicationSpecs).toEqual([{ numShards: 1, regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'GCP', regionName: 'CENTRAL_US', priority: 7, electableSpecs: { instanceSize: 'M0' } }] }]);
    expectValid2023(body);
  });

  it('fields 2023-02-01 does not have are dropped and named', async () => {
    const { body, err } = await convert({ name: 'x', providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' }, deleteAfterDate: '2026-01-01T00:00:00Z' });
    expect(body).not.toHaveProperty('deleteAfterDate');
    expect(err).toContain('cdba: dropped deleteAfterDate (not a cluster field)\n');
  });

  it('output: compact in a pipe, pretty on a TTY, -o json and --query respected', async () => {
    const legacy = { name: 'c', providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1' } };
    const pipe = await convert(legacy);
    expect(pipe.out).toBe(`${JSON.stringify(pipe.body)}\n`);
    const tty = await convert(legacy, { tty: true });
    expect(tty.out).toBe(`${JSON.stringify(pipe.body, null, 2)}\n`);
    const json = await convert(legacy, { tty: true, globals: { output: 'json' } });
    expect(json.out).toBe(pipe.out);
    const io = IO.test({ stdin: JSON.stringify(legacy) });
    await runClustersConvert(context(io, { query: 'replicationSpecs[0].regionConfigs[0].regionName' }), { file: '-' });
    expect(io.stdout).toBe('"US_EAST_1"\n');
  });

  it('reads a file', async () => {
    const dir = tempDir('cdba-convert-');
    const file = join(dir, 'legacy.json');
    writeFileSync(file, JSON.stringify({ name: 'c', providerSettings: { providerName: 'AZURE', instanceSizeName: 'M20', regionName: 'EUROPE_WEST' } }));
    const io = IO.test();
    await runClustersConvert(context(io), { file });
    expect(JSON.parse(io.stdout).replicationSpecs[0].regionConfigs[0].providerName).toBe('AZURE');
  });

  it('refuses a body that is already 2023-02-01, and bad JSON', async () => {
    await expect(convert({ name: 'c', replicationSpecs: [{ regionConfigs: [] }] })).rejects.toThrow(
      new UsageError('stdin is already a 2023-02-01 body; nothing to convert to 2023-02-01'),
    );
    await expect(convert('{"name": }')).rejects.toThrow(/^stdin: invalid JSON at line 1, column 10/);
    await expect(convert('[1]')).rejects.toThrow(/expected a JSON object, got an array/);
  });

  it('refuses legacy values 2023-02-01 cannot take', async () => {
    await expect(convert({ name: 'c', providerSettings: { providerName: 'AWS', instanceSizeName: 'M10', regionName: 'US_EAST_1', volumeType: 'FAST' } })).rejects.toThrow(
      /the converted body is not a valid 2023-02-01 body: replicationSpecs\.regionConfigs\.electableSpecs\.ebsVolumeType/,
    );
  });
});

describe('convert the recorded legacy (v1.0) answer', () => {
  it('validates against the 2023-02-01 schema; the schema check itself can fail', async () => {
    const recorded = readRecorded().filter((r) => r.file.includes('_v1.0_') && r.status === 200);
    expect(recorded.length).toBeGreaterThan(0);
    for (const r of recorded) {
      const { body } = await convert(JSON.parse(r.body));
      expectValid2023(body);
      expect(body.replicationSpecs).toEqual([
        { numShards: 1, zoneName: 'Zone 1', regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', priority: 7, electableSpecs: { instanceSize: 'M0' } }] },
      ]);
    }
    const validate = validator.component('v2', 'AdvancedClusterDescription');
    expect(validate({ replicationSpecs: [{ regionConfigs: [{ providerName: 'AWS', regionName: 'NOWHERE', electableSpecs: { instanceSize: 'M10' } }] }] })).toBe(false);
    expect(validate({ replicationSpecs: [{ regionConfigs: [{ providerName: 'TENANT', backingProviderName: 'AWS', regionName: 'US_EAST_1', electableSpecs: { instanceSize: 'M77' } }] }] })).toBe(false);
  });
});
