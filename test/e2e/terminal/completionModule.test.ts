// A command group declares its own completion, and nothing shared names it: the
// fixture group of test/fixtures/gizmos/ (an argument completed by its lookup, a
// second argument and a flag completed by a lookup of the first) added to the tree
// of a cdba bundled here, whose generated scripts offer its values in real bash, zsh
// and fish. No file of src/ names the group or its lookups. A missing shell is skipped, with a note.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../../helpers/cli.js';
import { commandWorks, missingTool } from '../../helpers/tools.js';

type Shell = 'bash' | 'zsh' | 'fish';
const SHELLS = (['bash', 'zsh', 'fish'] as const).map((shell) => ({ shell, present: !missingTool(shell, commandWorks(shell), 'its completion tests are') }));

let dir: string;
beforeAll(async () => {
  dir = tempDir('cdba-completion-module-');
  mkdirSync(join(dir, 'bin'));
  mkdirSync(join(dir, 'config'), { mode: 0o700 });
  const bundle = join(dir, 'cdba-gizmos.mjs');
  await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: ['test/fixtures/gizmos/main.ts'],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    outfile: bundle,
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/impl/parser.js' },
    banner: { js: "import { createRequire as __cdbaCreateRequire } from 'node:module'; const require = __cdbaCreateRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  writeFileSync(join(dir, 'bin', 'cdba'), `#!/bin/sh\nexec node ${bundle} "$@"\n`, { mode: 0o755 });
  await execa(join(dir, 'bin', 'cdba'), ['profile', 'set', 'p1', 'apiVersion', 'v1.0'], { env: { CDBA_CONFIG_DIR: join(dir, 'config') } });
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    const script = await execa(join(dir, 'bin', 'cdba'), ['completion', shell], { env: { CDBA_CONFIG_DIR: join(dir, 'config') } });
    writeFileSync(join(dir, `cdba.${shell}`), script.stdout);
  }
}, 120_000);

const q = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;

/** What `shell` offers for `line` with the cursor at its end (as test/e2e/terminal/completionSuite.ts (completion.<shell>.test.ts) drives them). */
async function offered(shell: Shell, line: string): Promise<string[]> {
  const words = line.split(' ');
  const script = join(dir, `cdba.${shell}`);
  const args =
    shell === 'bash'
      ? ['--norc', '--noprofile', '-c', [`source ${script}`, `COMP_WORDS=(${words.map(q).join(' ')})`, `COMP_CWORD=${words.length - 1}`, '_cdba', 'printf "%s\\n" "${COMPREPLY[@]}"'].join('\n')]
      : shell === 'zsh'
        ? ['-f', '-c', [
            "compdef() { [[ ${@[-1]} == cdba ]] || print -u2 -- \"compdef for ${@[-1]}\" }",
            `source ${script}`,
            'compadd() { local seen=0 a; for a in "$@"; do if (( seen )); then print -r -- "$a"; elif [[ $a == - ]]; then seen=1; fi; done }',
            `words=(${words.map(q).join(' ')})`,
            `CURRENT=${words.length}`,
            '_bash_complete -F _cdba',
          ].join('\n')]
        : ['--no-config', '-c', `source ${script}; complete -C ${q(line)}`];
  const result = await execa(shell, args, {
    env: { PATH: `${join(dir, 'bin')}:${process.env.PATH}`, CDBA_CONFIG_DIR: join(dir, 'config'), HOME: dir, LANG: 'C.UTF-8', CDBA_COMPLETE_TIMEOUT: '100s' },
    extendEnv: false,
    reject: false,
    timeout: 30_000,
  });
  expect(result.stderr).toBe('');
  return [...new Set(result.stdout.split('\n').map((l) => l.split('\t')[0]!).filter(Boolean))].sort();
}

describe.each(SHELLS)('a fixture group\'s completion in $shell', ({ shell, present }) => {
  it.skipIf(!present)('its argument offers what its lookup answers, asked with the -P on the line', async () => {
    expect(await offered(shell, 'cdba -P p1 gizmos get ')).toEqual(['cog', 'of-p1', 'sprocket']);
  });

  it.skipIf(!present)('its second argument and its flag: the lookup of the first argument\'s value, and the words besides', async () => {
    expect(await offered(shell, 'cdba gizmos part cog ')).toEqual(['cog-axle', 'cog-wheel']);
    expect(await offered(shell, 'cdba gizmos paint sprocket --part ')).toEqual(['all', 'sprocket-axle', 'sprocket-wheel']);
  });
});

it('no file of src/ names the fixture group or its lookups', () => {
  const files = (readdirSync(join(REPO_ROOT, 'src'), { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; parentPath: string; name: string }>)
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  expect(files.length).toBeGreaterThan(100);
  expect(files.filter((file) => /gizmo/i.test(readFileSync(file, 'utf8')))).toEqual([]);
});
