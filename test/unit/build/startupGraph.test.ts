// What every run evaluates before its command starts: the static import graph
// of src/main.ts (issue 27, target 5). `cdba --version` loads none of it (the
// launcher answers first); `clusters list` and every other command load all of
// it, then what their run function imports. So a new command's API module,
// model and libraries must be imported in its run function (`await import(...)`),
// as clusters' are, or every command pays for them. esbuild splits the bundle
// at dynamic imports, as the build does; the graph is the entry chunk and the
// chunks it imports statically.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';

async function startupGraph(): Promise<{ modules: string[]; bundled: string[] }> {
  const result = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: { main: 'src/main.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    outdir: 'dist/startup-graph', // nothing is written
    write: false,
    metafile: true,
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/impl/parser.js' },
    logLevel: 'silent',
  });
  const outputs: Metafile['outputs'] = result.metafile.outputs;
  const entry = Object.keys(outputs).find((name) => outputs[name]!.entryPoint === 'src/main.ts')!;
  const reached = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const output = pending.pop()!;
    if (reached.has(output)) continue;
    reached.add(output);
    for (const imported of outputs[output]!.imports) if (imported.kind === 'import-statement' && !imported.external) pending.push(imported.path);
  }
  const inputsOf = (names: Iterable<string>): string[] => [...names].flatMap((name) => Object.keys(outputs[name]!.inputs)).sort();
  return { modules: inputsOf(reached), bundled: inputsOf(Object.keys(outputs)) };
}

/** The package a node_modules path belongs to (the last node_modules/ in it: node_modules may be a link). */
const packageOf = (path: string): string => {
  const parts = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
};

// What a command's run function should import, not its registration: API
// modules, models, auth, output formatting, the emulator, connection strings.
// Today's graph holds these; growing it is a decision: measure `npm run bench`
// figure 2 first, and say why in test/bench/RESULTS.md. (src/base, src/core and
// src/config are the small shared helpers option parsing uses, and not listed.)
const RUN_TIME_DIRS = /^src\/((api|model|auth|output|emulator|connstring)\/|cli\/completion\/(?!index\.ts))/; // completion's registration is not
const ALLOWED_RUN_TIME = [
  'src/api/resources/clusters.ts', 'src/api/errors.ts', 'src/api/operations.ts', 'src/api/pagination.ts', 'src/api/resources/privateIpMode.ts',
  'src/api/redact.ts', 'src/api/resources/root.ts', 'src/api/versions.ts',
  'src/cli/completion/scripts.ts',
  'src/model/catalog.ts', 'src/model/cluster.ts', 'src/model/clusterConvert.ts', 'src/model/clusterFields.ts', 'src/model/clusterShapes.ts',
  'src/model/flexCluster.ts',
  'src/output/form.ts', 'src/output/jsonStream.ts', 'src/output/render.ts',
];
// Data only: each resource's operations of the table (src/api/operations/), which
// operations.ts registers; they import nothing but an entry's type (held below).
const OPERATION_FILES = /^src\/api\/operations\/[A-Za-z]+\.ts$/;
// Data only: the options of \`cdba emulator\` that emulator modules declare, each in its
// module's options file, listed by src/emulator/resources/options.ts, which the command's
// registration imports; they import nothing but types and, the list, those files (held below).
const MODULE_OPTION_FILES = /^src\/emulator\/resources\/([A-Za-z]+\/)?options\.ts$/;
const ALLOWED_PACKAGES = ['@commander-js/extra-typings', 'chalk', 'commander', 'jsonc-parser'];

describe('the start-up graph (what every command evaluates before it runs)', async () => {
  const { modules, bundled } = await startupGraph();

  it('is computed from the real bundle: the emulator is bundled but outside it, its command inside', () => {
    expect(bundled).toContain('src/emulator/index.ts');
    expect(modules).not.toContain('src/emulator/index.ts');
    expect(modules).toContain('src/cli/emulator.ts');
    expect(modules).toContain('src/cli/clusters/list.ts');
  });

  it('holds no API module, model or formatter beyond today\'s: a new command imports those when it runs', () => {
    const added = modules.filter((m) => RUN_TIME_DIRS.test(m) && !ALLOWED_RUN_TIME.includes(m) && !OPERATION_FILES.test(m) && !MODULE_OPTION_FILES.test(m));
    expect(added).toEqual([]);
  });

  it('the operations files it holds are data: each imports nothing but the type of an entry', () => {
    const files = modules.filter((m) => OPERATION_FILES.test(m));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const imports = [...readFileSync(join(REPO_ROOT, file), 'utf8').matchAll(/^(import|export)\b[^;]*\bfrom\s*'([^']+)'/gm)].map((m) => m[0]);
      expect(imports.every((line) => /^import type \{[^}]*\} from '\.\/entry\.js'$/.test(line)), `${file}: ${imports.join('; ')}`).toBe(true);
    }
  });

  it("the emulator modules' option files it holds are data: each imports nothing but types, and the list only those files", () => {
    const files = modules.filter((m) => MODULE_OPTION_FILES.test(m));
    expect(files).toContain('src/emulator/resources/options.ts');
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const imports = [...readFileSync(join(REPO_ROOT, file), 'utf8').matchAll(/^(import|export)\b[^;]*\bfrom\s*'([^']+)'/gm)].map((m) => m[0]);
      const data = (line: string): boolean => /^import type \{[^}]*\} from '[./]+contract\.js'$/.test(line) || /^import \{ [A-Z_]+ \} from '\.\/[A-Za-z]+\/options\.js'$/.test(line);
      expect(imports.every(data), `${file}: ${imports.join('; ')}`).toBe(true);
    }
  });

  it('holds no package beyond commander, chalk and jsonc-parser', () => {
    const packages = [...new Set(modules.filter((m) => m.includes('node_modules/')).map(packageOf))].sort();
    expect(packages).toEqual(ALLOWED_PACKAGES);
  });
});
