import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Most command tests run main() in-process (test/helpers/inProcess.ts); the
// process-level ones spawn the built bin/cdba.js, so `npm test` builds first.
//
// Most of the suite's time is spent waiting (child processes, sockets,
// deliberate deadlines and Retry-After waits), not computing: twice as many
// workers as cores keeps the cores busy. Test files share their worker's module
// cache (isolate: false) instead of importing src/ again for each of ~140
// files; no test mocks a module or leaves a global changed, which that needs.
// On the 2-core machine: 79.5 s -> 39 s (docs/ARCHITECTURE.md, "Tests").
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup: ['test/helpers/globalSetup.ts'],
    pool: 'forks',
    isolate: false,
    maxWorkers: Math.max(2, 2 * availableParallelism()),
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
    },
  },
});
