import { defineConfig } from 'vitest/config';

// Journeys share nothing but the machine: each file starts its own stack on its own database and port.
export default defineConfig({
  test: { include: ['test/**/*.e2e.ts'], fileParallelism: false, testTimeout: 240_000, hookTimeout: 180_000 },
});
