// The load generator signs with the CLI's own digest maths: src/auth/digest.ts,
// compiled on the fly with esbuild (a dev dependency) because plain node cannot
// import TypeScript. Nothing is re-implemented here.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export async function loadDigestModule(repoRoot, outDir) {
  const outfile = join(outDir, 'digest.mjs');
  await build({
    entryPoints: [join(repoRoot, 'src', 'auth', 'digest.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    outfile,
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}
