// The fault suite (`npm run test:faults`): one file, one worker, long timeouts; it starts its own stack.
// Module resolution (the `@` alias, `server-only`) is the unit suite's.
import { defineConfig } from 'vitest/config';
import unit from './vitest.config';

export default defineConfig({
  resolve: unit.resolve,
  test: {
    include: ['test/faults/**/*.faults.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 300_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
