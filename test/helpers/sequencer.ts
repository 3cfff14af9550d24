// The order files start in. Vitest starts the files that took longest in its
// last run first (its cache, in node_modules/.vite), so none is the run's tail;
// a fresh clone has no cache, so these, the longest (npm test prints its ten
// slowest), start first there too. A name no longer here costs nothing.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const LONGEST_FIRST = [
  'test/e2e/readme.test.ts',
  'test/e2e/install.test.ts',
  'test/e2e/env/run.test.ts',
  'test/e2e/terminal/completion.bash.test.ts',
  'test/e2e/terminal/completion.zsh.test.ts',
  'test/e2e/terminal/completion.fish.test.ts',
  'test/e2e/backups/flow.test.ts',
  'test/e2e/sea.test.ts',
  'test/e2e/action.test.ts',
  'test/reliability/readonlyHome.test.ts',
  'test/reliability/digestSession.test.ts',
  'test/e2e/env/env.test.ts',
  'test/e2e/env/gc.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const at = LONGEST_FIRST.indexOf(relative(this.ctx.config.root, spec.moduleId));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    // Only without a last run's durations: with them, Vitest's own order is better informed.
    const known = sorted.every((spec) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`));
    return known ? sorted : [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
