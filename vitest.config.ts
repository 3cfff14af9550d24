import { defineConfig } from 'vitest/config';

// e2e tests spawn the built bin/cdba.js; the build runs before vitest in `npm test`.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
