import { describe, expect, it } from 'vitest';
import { createFillTimeEstimator, medianFillSeconds } from './fillTimeEstimator';

describe('fill time estimate', () => {
  it('is the median of the samples rounded up, or the default without samples', () => {
    expect(medianFillSeconds([], 12)).toBe(12);
    expect(medianFillSeconds([3, 1, 2], 12)).toBe(2);
    expect(medianFillSeconds([1, 2, 3, 10], 12)).toBe(3);
    expect(medianFillSeconds([0.2], 12)).toBe(1);
    expect(medianFillSeconds([Number.NaN, -1], 7)).toBe(7);
  });

  it('reads once, then refreshes in the background when older than refreshMs; a store failure keeps the last value until maxAgeMs', async () => {
    let clock = 0;
    const batches: (readonly number[] | Error)[] = [[4, 4, 4], [9, 9, 9], new Error('store down')];
    let reads = 0;
    const estimator = createFillTimeEstimator({
      readSamples: async () => {
        const next = batches[reads++];
        if (next instanceof Error) throw next;
        return next ?? [];
      },
      fallbackSec: 20,
      refreshMs: 1000,
      maxAgeMs: 5000,
      now: () => clock,
    });
    expect(await estimator.seconds()).toBe(4);
    clock = 500;
    expect(await estimator.seconds()).toBe(4);
    expect(reads).toBe(1);
    clock = 2000;
    // Stale: answered at once from memory while the next read runs.
    expect(await estimator.seconds()).toBe(4);
    await new Promise((r) => setTimeout(r, 0));
    expect(await estimator.seconds()).toBe(9);
    clock = 4000;
    await estimator.seconds();
    await new Promise((r) => setTimeout(r, 0));
    expect(await estimator.seconds()).toBe(9);
    expect(reads).toBe(3);
  });
});
