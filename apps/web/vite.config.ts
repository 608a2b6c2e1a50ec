import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In dev the Vite server proxies the API to the gateway, so the browser still sees one origin.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': { target: process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080', changeOrigin: false } } },
  // No source maps in the production build: they would publish the app's sources (issue 17).
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
  // testTimeout: vitest's 5 s default ran out for screens that render, wait and render again when the tests ran
  // beside other suites on a 2-core machine (load 15: shell and subscription-waits at 5.2-7.7 s); the services'
  // suites allow 30 s a test, and a passing test takes no longer for it.
  test: { environment: 'jsdom', include: ['test/**/*.test.{ts,tsx}'], setupFiles: ['test/setup.ts'], testTimeout: 30_000 },
} as any);
