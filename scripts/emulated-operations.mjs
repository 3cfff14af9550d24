// `npm run emulated-operations`: writes the README's list of the operations the emulator
// serves (between its markers), from the emulator's modules: test/helpers/emulatedOperations.ts,
// bundled here with esbuild so that it reads the modules as the product has them. The
// freshness test (test/unit/emulator/emulatedOperations.test.ts) fails while it is stale.
/* global console, Buffer */
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '..');
const result = await build({
  absWorkingDir: REPO,
  entryPoints: ['test/helpers/emulatedOperations.ts'],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.12',
  write: false,
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/impl/parser.js' },
  logLevel: 'warning',
});
const code = result.outputFiles[0].text;
const { emulatedSection, withSection } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
const file = join(REPO, 'README.md');
const before = readFileSync(file, 'utf8');
const after = withSection(before, await emulatedSection());
writeFileSync(file, after);
console.log(after === before ? 'emulated-operations: README.md is current' : 'emulated-operations: README.md section rewritten');
