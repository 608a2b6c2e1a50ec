import { configDefaults, defineConfig } from 'vitest/config';

// Service tests share one PostgreSQL and one Redis; each file gets its own database and key prefix,
// but files run one at a time so two cores are not oversubscribed by parallel migrations.
// test/long holds suites too slow for CI (vitest.long.config.ts, `pnpm test:clips`).
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, 'test/long/**'], fileParallelism: false, testTimeout: 30_000, hookTimeout: 60_000 },
});
