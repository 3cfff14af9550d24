// Part of `npm run build`: dist/cdba.cjs, the whole CLI as one function
// expression that bin/codeCache.js compiles with V8's code cache (hence ASCII,
// and the banner and footer). Through esbuild's API rather than its command
// line for the plugin (scripts/lazyBuiltins.mjs).
import { build } from 'esbuild';
import { resolve } from 'node:path';
import { lazyBuiltins } from './lazyBuiltins.mjs';

await build({
  absWorkingDir: resolve(import.meta.dirname, '..'),
  entryPoints: ['src/main.ts'],
  outfile: 'dist/cdba.cjs',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.18',
  supported: { 'dynamic-import': false },
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
  legalComments: 'none',
  logLevel: 'warning',
  charset: 'ascii',
  banner: { js: '(function (exports, require, module, __filename, __dirname) {' },
  footer: { js: '})' },
  plugins: [lazyBuiltins],
});
