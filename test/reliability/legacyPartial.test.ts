// Guarantee: a partial or ill-typed body in the older (v1.0 / 2023-01-01) shape
// never becomes a body with regionName "" and no provider.
// - `clusters patch --file` of a legacy body that changes only the tier
//   ({"providerSettings":{"instanceSizeName":"M20"}}) is merged with the current
//   cluster, as --tier is: every region config keeps its provider and region.
// - Any other legacy body that lacks the provider or region, or holds them
//   ill-typed, is refused before any write, naming the field: patch, create and
//   `clusters convert` ({"name":"x","providerSettings":"AWS"} exited 0).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cdba, tempDir } from '../helpers/inProcess.js';
import { withEmulator } from '../helpers/emulator.js';
import { digestEnv, expectOneErrorLine, knownSeed, SEEDED_CLUSTER } from './support.js';

function file(text: string): string {
  const path = join(tempDir('cdba-legacy-partial-'), 'body.json');
  writeFileSync(path, text);
  return path;
}

describe('a legacy body that changes only the tier', () => {
  it('patch --file is merged with the current cluster, as --tier is', async () => {
    const { emu } = await withEmulator({ seed: knownSeed() });
    try {
      const env = digestEnv(emu.url);
      const result = await cdba(['clusters', 'patch', SEEDED_CLUSTER, '--file', file('{"providerSettings":{"instanceSizeName":"M20"}}')], { env });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/changes only the legacy providerSettings\.instanceSizeName; applying M20 to the cluster's current specs/);
      const got = await cdba(['clusters', 'get', SEEDED_CLUSTER, '-o', 'json'], { env });
      const regions = (JSON.parse(got.stdout) as { replicationSpecs: Array<{ regionConfigs: Array<Record<string, unknown>> }> }).replicationSpecs.flatMap((s) => s.regionConfigs);
      expect(regions.length).toBeGreaterThan(0);
      for (const region of regions) {
        expect(region).toMatchObject({ providerName: 'AWS', regionName: 'US_EAST_1', electableSpecs: { instanceSize: 'M20' } });
      }
    } finally {
      await emu.stop();
    }
  });

  it('an unknown tier in it is refused before any write', async () => {
    const { emu } = await withEmulator({ seed: knownSeed() });
    try {
      const result = await cdba(['clusters', 'patch', SEEDED_CLUSTER, '--file', file('{"providerSettings":{"instanceSizeName":"M7"}}')], { env: digestEnv(emu.url) });
      expectOneErrorLine(result, 2, /providerSettings\.instanceSizeName: not an instance size/);
      expect(Object.keys(emu.stats().byPath ?? {}).filter((path) => path.startsWith('PATCH'))).toEqual([]);
    } finally {
      await emu.stop();
    }
  });
});

describe('a legacy body without what its conversion needs is refused, naming the field', () => {
  const BODIES: Array<[string, string, RegExp]> = [
    ['providerSettings a string', '{"name":"NAME","providerSettings":"AWS"}', /providerSettings \(an object, got a string\)/],
    ['no provider', '{"name":"NAME","providerSettings":{"regionName":"US_EAST_1","instanceSizeName":"M20"}}', /without providerSettings\.providerName\b/],
    ['no region', '{"name":"NAME","providerSettings":{"providerName":"AWS","instanceSizeName":"M20"}}', /without providerSettings\.regionName\b/],
    ['replicationSpecs an object', '{"name":"NAME","providerSettings":{"providerName":"AWS","regionName":"US_EAST_1"},"replicationSpecs":{}}', /replicationSpecs \(an array, got a object\)|replicationSpecs \(an array/],
  ];

  it.each(BODIES)('clusters convert, %s: exit 2', async (_what, text, pattern) => {
    const result = await cdba(['clusters', 'convert', '--file', file(text.replace('NAME', 'x')), '--to', '2024-10-23']);
    expectOneErrorLine(result, 2, pattern);
    expect(result.stdout).toBe('');
  });

  it.each([
    ['patch', (f: string): string[] => ['clusters', 'patch', SEEDED_CLUSTER, '--file', f]],
    ['create', (f: string): string[] => ['clusters', 'create', 'c9', '--file', f]],
  ])('clusters %s: exit 2, nothing written', async (_verb, argv) => {
    for (const [, text, pattern] of BODIES) {
      const { emu } = await withEmulator({ seed: knownSeed() });
      try {
        const verb = argv('x')[1];
        const result = await cdba(argv(file(text.replace('NAME', verb === 'create' ? 'c9' : SEEDED_CLUSTER))), { env: digestEnv(emu.url) });
        // create refuses a field of the wrong type as it is, before any conversion.
        expectOneErrorLine(result, 2, verb === 'create' && /an (object|array)/.test(pattern.source) ? /does not accept: providerSettings/ : pattern);
        const writes = Object.entries(emu.stats().byPath ?? {}).filter(([path]) => /^(PATCH|POST) /.test(path));
        expect(writes).toEqual([]);
      } finally {
        await emu.stop();
      }
    }
  });
});
