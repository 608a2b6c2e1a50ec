import { defineConfig } from 'vitest/config';

// Service tests share one PostgreSQL and one Redis; each file gets its own database and key prefix,
// but files run one at a time so two cores are not oversubscribed by parallel migrations.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], fileParallelism: false, testTimeout: 30_000, hookTimeout: 60_000 },
});
