import { describe, expect, it } from 'vitest';
import { NOISE_MAX_SHARE, NOISE_MIN_SHARE, noiseTradeShare } from './noiseTradeShare';
import { prng } from './prng';

const percentile = (xs: number[], p: number) => xs[Math.floor((xs.length * p) / 100)] ?? Number.NaN;

describe('noiseTradeShare', () => {
  it('draws mostly small trades with a heavy tail, within the bounds of the pair kind', () => {
    const rng = prng(3);
    const shares = Array.from({ length: 20_000 }, () => noiseTradeShare('volatile', rng)).sort((a, b) => a - b);
    expect(shares[0]).toBeGreaterThanOrEqual(NOISE_MIN_SHARE);
    expect(shares.at(-1)).toBeLessThanOrEqual(NOISE_MAX_SHARE.volatile);
    // A lognormal like the history's retail flow has p99/p50 ≈ 8; a Pareto tail of index 1.3 about 25.
    expect(percentile(shares, 99) / percentile(shares, 50)).toBeGreaterThan(15);
    const stable = Array.from({ length: 2_000 }, () => noiseTradeShare('stable', rng));
    expect(Math.max(...stable)).toBeLessThanOrEqual(NOISE_MAX_SHARE.stable);
  });
});
