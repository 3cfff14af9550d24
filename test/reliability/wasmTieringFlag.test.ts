// src/api/undiciFlags.ts holds undici's wasm parser on Liftoff by a V8 flag, set
// only while undici makes the parser: V8 checks every code cache (Node's own for
// its built-in modules, the launcher's for the bundle) against a hash of its flags,
// and refuses one made under other values. A fresh process (esbuild bundles the
// probe, tieringProbe.ts, so it starts with no undici loaded) watches that hash through a vm
// code cache made at start: refused only between the first connection's start
// and its end, accepted again after, and never touched by a later connection.
import { build } from 'esbuild';
import { execa } from 'execa';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../helpers/cli.js';

describe("undici's wasm tiering flag", () => {
  it('differs from V8 default only while the first connection is made', async () => {
    const dir = tempDir('cdba-tiering-');
    const probe = join(dir, 'probe.mjs');
    await build({ entryPoints: [join(REPO_ROOT, 'test/reliability/tieringProbe.ts')], bundle: true, platform: 'node', format: 'esm', outfile: probe, logLevel: 'error', banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" } });
    const result = await execa(process.execPath, [probe], { reject: false });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      ['start', true],
      ['beforeConnect', false],
      ['connected', true],
      ['answer 1: ok', true],
      ['beforeConnect', true],
      ['connected', true],
      ['answer 2: ok', true],
    ]);
  });

  it("puts back this Node's own default", async () => {
    const { DEFAULT_WASM_TIERING_BUDGET } = await import('../../src/api/undiciFlags.js');
    const options = await execa(process.execPath, ['--v8-options']);
    expect(options.stdout).toContain(`default: --wasm-tiering-budget=${DEFAULT_WASM_TIERING_BUDGET}\n`);
  });
});
