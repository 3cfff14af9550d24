// Part of `npm run build`: dist/cdba.cjs, the whole CLI as one function
// expression that bin/codeCache.js compiles with V8's code cache (hence ASCII,
// and the banner and footer). Through esbuild's API rather than its command
// line for the plugin (scripts/lazyBuiltins.mjs). Its last line is the SHA-256
// of the text before it, the bundle's identity that a code cache is bound to,
// so that no run hashes 2 MB to learn it (4 ms of CPU a call, RESULTS.md).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lazyBuiltins } from './lazyBuiltins.mjs';

await build({
  absWorkingDir: resolve(import.meta.dirname, '..'),
  entryPoints: ['src/main.ts'],
  outfile: 'dist/cdba.cjs',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node22.12',
  supported: { 'dynamic-import': false },
  // Its parser, all cdba uses (scripts/build-sea.mjs says why).
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/impl/parser.js' },
  legalComments: 'none',
  logLevel: 'warning',
  charset: 'ascii',
  // Every run reads the whole text in (a Buffer, then a string: two copies), and on
  // this 2-core VM each fresh 4 KB page costs ~12.6 us: 3.55 -> 2.32 MB is ~690 page
  // faults and ~7% of a `clusters list`'s CPU (test/bench/RESULTS.md). No keepNames:
  // its __name() calls cost more faults than the names save; nothing reads a
  // function's or class's name (errors set theirs).
  minify: true,
  banner: { js: '(function (exports, require, module, __filename, __dirname) {' },
  footer: { js: '})' },
  plugins: [lazyBuiltins],
});

const bundle = resolve(import.meta.dirname, '..', 'dist', 'cdba.cjs');
appendFileSync(bundle, `\n//# cdbaBundleSha256=${createHash('sha256').update(readFileSync(bundle)).digest('hex')}\n`);
