// The fault suite (`npm run test:faults`): one file, one worker, long timeouts; it starts its own stack.
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
    include: ['test/faults/**/*.faults.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 300_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
