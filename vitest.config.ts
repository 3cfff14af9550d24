import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/helpers/sequencer.js';

// Most command tests run main() in-process (test/helpers/inProcess.ts); the
// process-level ones spawn the built bin/cdba.js, so `npm test` builds first.
//
// Much of the suite's time is spent waiting (child processes, sockets,
// deliberate deadlines and Retry-After waits), not computing: three workers per
// core keep the cores busy (on 2 cores, 4/5/6/8 workers: 38/33.5/32.5/36.7 s).
// Test files share their worker's module cache (isolate: false) instead of
// importing src/ again for each of ~140 files; no test mocks a module or leaves
// a global changed, which that needs (docs/ARCHITECTURE.md, "How the suite runs").
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Hang-stoppers only: no test asserts on time. A test that starts a few
    // processes in a row needs far more than 30 s at a load of 25-30 (seen).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ['test/helpers/globalSetup.ts'],
    // The default summary, then every skipped test by name and a plain closing line.
    reporters: ['default', './test/helpers/skipReporter.ts'],
    // The longest files first, also in a fresh clone (test/helpers/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    pool: 'forks',
    isolate: false,
    maxWorkers: Math.min(16, Math.max(2, 3 * availableParallelism())), // capped: each worker holds its own modules
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
    },
  },
});
