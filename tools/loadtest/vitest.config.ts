import { defineConfig } from 'vitest/config';

// The pure rules of the load tools (arguments, percentiles, the exactly-once check): fast, no services.
export default defineConfig({ test: { include: ['test/**/*.test.ts'] } });
