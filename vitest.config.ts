import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'server/**/*.test.ts',
      'publisher/**/*.test.ts',
      'web/**/*.test.ts',
      'stack/**/*.test.ts',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/unit/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    // The proof-of-work bot check at 8 bits: a token costs about 256 hashes, not production's
    // 262,000 (shared/env.ts), so the account tests stay fast on the same code path.
    env: { BOT_CHECK_DIFFICULTY: '8' },
  },
});
