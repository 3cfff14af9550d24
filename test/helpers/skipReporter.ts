// Names every test that was skipped, so a skip is never silent, lists the ten
// slowest files (where the suite's time goes), and ends the run with one plain
// closing line ("tests: N passed, N failed, N skipped").
// Skips for a missing program fail under CDBA_TEST_REQUIRE_ALL=1
// (test/helpers/tools.ts); what is left is what depends on who runs the suite.
import type { Reporter, TestModule } from 'vitest/node';

export default class SkipReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0 };
    const skipped: string[] = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed') count[state]++;
        if (state === 'skipped') {
          count.skipped++;
          skipped.push(`  ${testModule.relativeModuleId} > ${test.fullName}`);
        }
      }
    }
    const slowest = testModules
      .map((testModule) => ({ file: testModule.relativeModuleId, ms: testModule.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10)
      .map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
    const lines = [...(slowest.length > 1 ? ['slowest files (time in their tests):', ...slowest] : []), ...(skipped.length > 0 ? [`skipped (${skipped.length}):`, ...skipped] : [])];
    process.stdout.write(`\n${[...lines, `tests: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`].join('\n')}\n`);
  }
}
