// `npm run action`: writes the GitHub Action's inputs from env up's options, declared once
// (src/cli/env/options.ts and each env step's envStep.ts): action.yml's inputs block and
// action/env-up-inputs.json, the table action/main.cjs hands env up by. The product's env
// steps are registered as every command tree has them (src/cli/program.ts); the derivation
// is src/cli/env/action.ts, which test/e2e/action.test.ts holds the committed files to.
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'cdba-gen-action-'));
try {
  const outfile = join(dir, 'gen.mjs');
  await build({
    absWorkingDir: root,
    stdin: {
      contents: "import './src/cli/program.ts';\nexport * from './src/cli/env/action.ts';\n",
      resolveDir: root,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/impl/parser.js' },
    banner: { js: "import { createRequire as __cdbaCreateRequire } from 'node:module'; const require = __cdbaCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const { ACTION_INPUTS_FILE, envUpInputsJson, withGeneratedInputs } = await import(pathToFileURL(outfile).href);
  const yml = join(root, 'action.yml');
  writeFileSync(yml, withGeneratedInputs(readFileSync(yml, 'utf8')));
  writeFileSync(join(root, ACTION_INPUTS_FILE), envUpInputsJson());
  process.stdout.write(`wrote action.yml's inputs and ${ACTION_INPUTS_FILE}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
