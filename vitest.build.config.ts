import { defineConfig } from 'vitest/config';

/**
 * Tests that run whole builds and publishes (tests/build/): one file at a time, since astro
 * build writes the content collections' types into the working directory's .astro/.
 */
export default defineConfig({
  test: {
    include: ['tests/build/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
