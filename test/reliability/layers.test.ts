// Guarantee: the import boundaries of docs/ARCHITECTURE.md are enforced. Lint
// (eslint-plugin-boundaries, configured in eslint.config.js) fails on a
// forbidden import between layers (or between command groups: another group is reached
// only through its public.ts; src/cli/shared holds what every group uses) and passes the allowed ones; the source tree
// as it is lints clean of boundary errors. src/api names settings, not flags:
// the CLI words the remedy.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { cdba, REPO_ROOT } from '../helpers/inProcess.js';
import { digestEnv, expectOneErrorLine, testServer } from './support.js';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

/** The boundary errors ESLint reports for `code` as if it were the file at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO_ROOT, path) });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['api imports the CLI', 'src/api/fixture.ts', "import { App } from '../cli/command.js';\nexport const a = App;\n"],
    ['api imports the IO object (api never prints)', 'src/api/fixture.ts', "import type { IO } from '../base/io.js';\nexport type A = IO;\n"],
    ['api imports the context', 'src/api/fixture.ts', "export const load = () => import('../core/context.js');\n"],
    ['a command reaches into api internals', 'src/cli/clusters/fixture.ts', "import { asListPage } from '../../api/pagination.js';\nexport const a = asListPage;\n"],
    ['connstring (pure) imports config', 'src/connstring/fixture.ts', "import { ConfigStore } from '../config/store.js';\nexport const a = ConfigStore;\n"],
    ['config imports output', 'src/config/fixture.ts', "export { render } from '../output/render.js';\n"],
    ['output imports api', 'src/output/fixture.ts', "import type { ApiClient } from '../api/client.js';\nexport type A = ApiClient;\n"],
    ['the model imports the emulator', 'src/model/fixture.ts', "import { startEmulator } from '../emulator/index.js';\nexport const a = startEmulator;\n"],
    ['the emulator imports the client side of auth', 'src/emulator/fixture.ts', "import { DigestScheme } from '../auth/scheme.js';\nexport const a = DigestScheme;\n"],
    ['the emulator imports the CLI', 'src/emulator/fixture.ts', "import { App } from '../cli/command.js';\nexport const a = App;\n"],
    ['a command group reaches into another group', 'src/cli/env/fixture.ts', "import { showCluster } from '../clusters/view.js';\nexport const a = showCluster;\n"],
    ['a command group loads another group\'s file when it runs', 'src/cli/conn-string/fixture.ts', "export const load = () => import('../clusters/watch.js');\n"],
    ['what the groups share imports a group', 'src/cli/shared/fixture.ts', "import { showCluster } from '../clusters/view.js';\nexport const a = showCluster;\n"],
    ['a command group imports a private file of another group (not its public.ts)', 'src/cli/env/fixture.ts', "import { findSnapshot } from '../backups/snapshots.js';\nexport const a = findSnapshot;\n"],
    ['a command group loads a private file of another group when it runs', 'src/cli/env/fixture.ts', "export const load = () => import('../search-indexes/waitForIndex.js');\n"],
    ['what the groups share imports a group\'s public face', 'src/cli/shared/fixture.ts', "import { findSnapshot } from '../backups/public.js';\nexport const a = findSnapshot;\n"],
    ['a file beside program.ts imports a group', 'src/cli/fixture.ts', "import { registerClusters } from './clusters/index.js';\nexport const a = registerClusters;\n"],
  ])('forbidden: %s', async (_label, path, code) => {
    const errors = await boundaryErrors(path, code);
    expect(errors).toHaveLength(1);
  });

  it.each([
    ['a command uses an api resource module', 'src/cli/clusters/fixture.ts', "import { getCluster } from '../../api/resources/clusters.js';\nexport const a = getCluster;\n"],
    ['core builds the client', 'src/core/fixture.ts', "export const load = () => import('../api/client.js');\n"],
    ['api uses auth and config', 'src/api/fixture.ts', "import { DigestSession } from '../auth/digestSession.js';\nimport type { Settings } from '../config/settings.js';\nexport type A = Settings;\nexport const b = DigestSession;\n"],
    ['the emulator shares the digest maths, the operations table and the model', 'src/emulator/fixture.ts', "import { parseChallenge } from '../auth/digest.js';\nimport { OPERATIONS } from '../api/operations.js';\nexport * from '../model/cluster.js';\nexport const a = [parseChallenge, OPERATIONS];\n"],
    ['every layer uses the errors', 'src/connstring/fixture.ts', "import { UsageError } from '../base/errors.js';\nexport const a = UsageError;\n"],
    ['a command group uses its own files, the shared helpers and the plumbing', 'src/cli/env/fixture.ts', "import { checkEnvName } from './names.js';\nimport { readCache } from '../shared/completionCache.js';\nimport { withExamples } from '../command.js';\nexport const a = [checkEnvName, readCache, withExamples];\n"],
    ['a command group imports another group\'s public face', 'src/cli/env/fixture.ts', "import { findSnapshot } from '../backups/public.js';\nexport const a = findSnapshot;\n"],
    ['a command group loads another group\'s public face when it runs', 'src/cli/env/fixture.ts', "export const load = () => import('../search-indexes/public.js');\n"],
    ['program.ts registers the groups', 'src/cli/program.ts', "import { registerClusters } from './clusters/index.js';\nexport const a = registerClusters;\n"],
  ])('allowed: %s', async (_label, path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([]);
  });

  it('a command may use every API resource module, and the lint config names none: a new one needs no lint edit', async () => {
    const modules = readdirSync(join(REPO_ROOT, 'src/api/resources')).filter((name) => name.endsWith('.ts'));
    expect(modules.length).toBeGreaterThanOrEqual(8);
    const config = readFileSync(join(REPO_ROOT, 'eslint.config.js'), 'utf8');
    for (const name of modules) {
      const module = name.replace(/\.ts$/, '');
      expect(config).not.toMatch(new RegExp(`\\b${module}\\.(ts|js)\\b`));
      const code = `import * as resource from '../../api/resources/${module}.js';\nexport const a = resource;\n`;
      expect(await boundaryErrors('src/cli/clusters/fixture.ts', code), name).toEqual([]);
      expect(await boundaryErrors('src/core/fixture.ts', code.replace('../../', '../')), name).toEqual([]);
    }
  });

  // The tree itself is checked by `npm test`'s `eslint .`, which fails on any
  // boundary error; linting it again here cost the suite 2 s of a core.
});

describe('src/api never prints and never speaks CLI', () => {
  /** String literals on code lines (comments left out) of every src/api and src/auth module. */
  function apiStrings(): Array<{ file: string; text: string }> {
    return ['api', 'auth'].flatMap((layer) => strings(join(REPO_ROOT, 'src', layer)));
  }
  function strings(dir: string): Array<{ file: string; text: string }> {
    return (readdirSync(dir, { recursive: true }) as string[]) // the resource modules are in src/api/resources
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) =>
        readFileSync(join(dir, name), 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
          .flatMap((line) => [...line.matchAll(/'[^']*'|"[^"]*"|`[^`]*`/g)].map((m) => ({ file: name, text: m[0] }))),
      );
  }

  it('no message of src/api or src/auth names a flag, a cdba command or a CDBA_ variable (the CLI words the remedy)', () => {
    const offenders = apiStrings().filter(({ text }) => /\s--[a-z]|\bcdba (clusters|profile|api|conn-string|private-ip|emulator)\b|CDBA_(PUBLIC|PRIVATE|CLIENT|PROJECT|BASE|API|OUTPUT|PROFILE|CONFIG|DEBUG)_?/.test(text));
    expect(offenders).toEqual([]);
  });

  it('the CLI turns the remedy into its flag: a 410 ends with "use --api-version <newest>"', async () => {
    const server = await testServer((_req, res) => {
      res.writeHead(410, { 'content-type': 'application/json' });
      res.end('{"error":410,"errorCode":"VERSION_GONE","detail":"gone"}');
    });
    try {
      const result = await cdba(['clusters', 'get', 'c1', '--api-version', '2023-01-01'], { env: digestEnv(server.url) });
      expectOneErrorLine(result, 1, /^cdba: API version 2023-01-01 of clusters has been removed \(VERSION_GONE, HTTP 410\); use --api-version 2024-08-05\n$/);
    } finally {
      await server.close();
    }
  });
});

describe('shared primitives live once, at the bottom', () => {
  it('isObject and asObject are defined only in src/base/object.ts', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
    const definers = files(join(REPO_ROOT, 'src'))
      .filter((file) => /(function|const)\s+(isObject|asObject)\b/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(REPO_ROOT.length + 1));
    expect(definers).toEqual(['src/base/object.ts']);
  });
});

describe('no import cycles', () => {
  // src/emulator included: its modules name the contract's types (src/emulator/contract.ts),
  // which imports nothing from them nor from the shared files that loop over them (issue 44).
  it('no module of src imports itself through others (type-only imports count: a cycle of types is still two files that each need the other)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /(?<!\.d)\.ts$/.test(e.name) ? [join(dir, e.name)] : []));
    const imports = new Map(
      files(join(REPO_ROOT, 'src')).map((file) => [
        file,
        [...readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)\.js'/g)].map((m) => join(dirname(file), `${m[1]}.ts`)),
      ]),
    );
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done' || !imports.has(file)) return;
      if (state.get(file) === 'open') {
        cycles.push(path.slice(path.indexOf(file)).concat(file).map((f) => relative(REPO_ROOT, f)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of imports.get(file)!) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of imports.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
