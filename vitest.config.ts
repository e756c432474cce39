import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      'server-only': path.resolve(import.meta.dirname, 'test/empty.ts'),
    },
  },
  test: {
    include: ['{lib,components,contracts,scripts,app}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // The server's logger is created when a file first imports it, often before a test points the env at its own
    // data folder: silent unless TEST_LOG_LEVEL asks for more, so failures are not buried in job logs.
    env: { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Integration tests start their own anvil chains; two cores do not gain from more workers.
    maxWorkers: 2,
  },
});
