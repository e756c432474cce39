// estimated_fill_time_sec: the median of recently measured fills (deposit mined → fill mined), with a configured
// default until there are some. Kept in memory and refreshed in the background; never used older than `maxAgeMs`.
import { backgroundValue } from '@/lib/chainstate/backgroundValue';

export type FillTimeEstimator = {
  /** The current estimate in whole seconds (rounded up); the first call waits for the first read. */
  seconds(): Promise<number>;
};

/** The median of `samples` rounded up to whole seconds (at least 1), or `fallbackSec` without samples. */
export function medianFillSeconds(samples: readonly number[], fallbackSec: number): number {
  const valid = samples.filter((s) => Number.isFinite(s) && s >= 0).sort((a, b) => a - b);
  if (valid.length === 0) return fallbackSec;
  const mid = valid.length >> 1;
  const median = valid.length % 2 === 1 ? (valid[mid] ?? 0) : ((valid[mid - 1] ?? 0) + (valid[mid] ?? 0)) / 2;
  return Math.max(1, Math.ceil(median));
}

export function createFillTimeEstimator(options: {
  /** Recent fill durations in seconds, newest first. */
  readSamples: () => Promise<readonly number[]>;
  fallbackSec: number;
  refreshMs: number;
  maxAgeMs: number;
  now?: () => number;
}): FillTimeEstimator {
  const value = backgroundValue({
    read: async () => medianFillSeconds(await options.readSamples(), options.fallbackSec),
    refreshMs: options.refreshMs,
    maxAgeMs: options.maxAgeMs,
    now: options.now,
  });
  return { seconds: () => value.get() };
}
