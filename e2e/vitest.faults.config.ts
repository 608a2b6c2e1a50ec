import { defineConfig } from 'vitest/config';

// `pnpm test:faults`: long scenarios that kill and restart parts of the product, one file at a time
// (the machine is shared). Not part of `pnpm test`.
export default defineConfig({
  test: {
    include: ['faults/**/*.faults.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 240_000,
    reporters: ['default'],
  },
});
