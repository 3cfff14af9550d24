// The GitHub Action (action.yml) runs bin/cdba.js from the commit a workflow names,
// with no install step: the bundle it loads, dist/cdba.cjs, is committed. It must be
// the one this commit's sources build (`npm test` builds first): after changing a
// source, `npm run build` and commit dist/cdba.cjs with it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { commandWorks, missingTool } from '../helpers/tools.js';

const inGit = !missingTool('git', commandWorks('git', ['-C', REPO_ROOT, 'rev-parse', 'HEAD']), 'the committed-bundle check is');
// While sources have uncommitted changes (a developer mid-change), HEAD's bundle is not
// theirs to match: the check skips, by name. A clone, as CI's, never has any.
const sourcesChanged = inGit && !commandWorks('git', ['-C', REPO_ROOT, 'diff', '--quiet', 'HEAD', '--', 'src', 'scripts', 'package.json', 'package-lock.json']);

describe.skipIf(!inGit)('the committed bundle the Action runs', () => {
  it.skipIf(sourcesChanged)('is tracked by git, and equals the bundle this commit builds (run npm run build and commit dist/cdba.cjs)', () => {
    const tracked = execFileSync('git', ['-C', REPO_ROOT, 'ls-files', 'dist'], { encoding: 'utf8' }).trim().split('\n');
    expect(tracked).toEqual(['dist/cdba.cjs']);
    const committed = execFileSync('git', ['-C', REPO_ROOT, 'show', 'HEAD:dist/cdba.cjs'], { maxBuffer: 64 * 1024 * 1024 });
    const built = readFileSync(join(REPO_ROOT, 'dist', 'cdba.cjs'));
    // One line on failure, not 2 MB of diff.
    expect(committed.length === built.length && committed.equals(built), 'dist/cdba.cjs is stale: npm run build, then commit it').toBe(true);
  });
});
