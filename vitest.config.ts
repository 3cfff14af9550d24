import { defineConfig } from 'vitest/config';

// Most command tests run main() in-process (test/helpers/inProcess.ts); the
// process-level ones spawn the built bin/cdba.js, so `npm test` builds first.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
    },
  },
});
