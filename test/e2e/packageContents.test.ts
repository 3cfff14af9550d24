// What `npm pack` would put in the tarball, against what the README says of it:
// one bundle (dist/cdba.cjs, which bin/codeCache.js loads), the launcher, the man
// pages, and the README's table of its size (written by `npm run size`) current.
// --ignore-scripts: the suite runs on the dist/ that `npm test` built; a prepack
// rebuild here would swap it under the other test files.
import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

interface Packed {
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string; size: number }[];
}

async function packed(): Promise<Packed> {
  const result = await execa('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO_ROOT, reject: false });
  expect(result.exitCode, String(result.stderr)).toBe(0);
  return (JSON.parse(String(result.stdout)) as Packed[])[0]!;
}

it('the tarball holds one bundle, dist/cdba.cjs, and the README gives its size and file count', async () => {
  const pack = await packed();
  const paths = pack.files.map((f) => f.path).sort();
  expect(paths.filter((p) => p.startsWith('dist/'))).toEqual(['dist/cdba.cjs']);
  expect(paths).toEqual(expect.arrayContaining(['bin/cdba.js', 'bin/codeCache.js', 'man/cdba.1', 'README.md', 'LICENSE', 'package.json']));
  expect(paths.filter((p) => !/^(bin\/|man\/cdba[\w-]*\.1$|dist\/cdba\.cjs$|README\.md$|LICENSE$|package\.json$)/.test(p))).toEqual([]);

  // Issue 43, item 15: the figures are a measured table (scripts/package-size.mjs), not prose that drifts.
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const { table, START, END } = (await import(join(REPO_ROOT, 'scripts', 'package-size.mjs'))) as {
    table: (pack: Pick<Packed, 'size' | 'unpackedSize' | 'entryCount'>) => string;
    START: string;
    END: string;
  };
  const written = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
  expect(written, 'the README has the package-size table').toMatch(/^<!-- package-size/);
  expect(written, 'the README\'s table is current: run `npm run size`').toBe(table(pack));
  expect(readme.replace(written, ''), 'no figure of the tarball outside the table').not.toMatch(/\b\d+ kB \(/);
});
