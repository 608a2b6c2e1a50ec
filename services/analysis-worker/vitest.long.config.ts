import { defineConfig } from 'vitest/config';

// Suites too slow for CI, run on their own (`pnpm test:clips`): each says in its header how long it takes.
export default defineConfig({
  test: { include: ['test/long/**/*.test.ts'], fileParallelism: false, testTimeout: 30_000, hookTimeout: 60_000 },
});
