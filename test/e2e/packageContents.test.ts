// What `npm pack` would put in the tarball, against what the README says of it:
// one bundle (dist/cdba.cjs, which bin/codeCache.js loads), the launcher, the man
// pages, and the README's "about N kB (M MB unpacked, K files)" true within 10%.
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

  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
  const figures = /the tarball, about (\d+) kB \(([\d.]+) MB unpacked, (\d+) files\)/.exec(readme);
  expect(figures, 'the README states the tarball as "about N kB (M MB unpacked, K files)"').not.toBeNull();
  const [kB, unpackedMB, files] = [Number(figures![1]), Number(figures![2]), Number(figures![3])];
  const within = (stated: number, actual: number): boolean => Math.abs(stated - actual) <= actual * 0.1;
  expect(within(kB * 1000, pack.size), `README says ${kB} kB; npm pack says ${Math.round(pack.size / 1000)} kB`).toBe(true);
  expect(within(unpackedMB * 1e6, pack.unpackedSize), `README says ${unpackedMB} MB; npm pack says ${(pack.unpackedSize / 1e6).toFixed(1)} MB`).toBe(true);
  expect(files, 'the README gives the exact file count').toBe(pack.entryCount);
});
