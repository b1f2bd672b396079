import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores on CI: parallel files keep the suite short without starving real-socket tests.
    pool: 'forks',
  },
});
