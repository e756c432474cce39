import { describe, expect, it } from 'vitest';
import { amountInToTarget, getAmountOut, sqrtBigint } from './v2Math';

describe('v2Math', () => {
  it('sqrtBigint is the integer floor of the square root, also beyond float precision', () => {
    for (const v of [2n, 3n, 4n, 15n, 16n, 17n, 10n ** 36n + 12345n, (2n ** 200n) - 1n]) {
      const r = sqrtBigint(v);
      expect(r * r <= v).toBe(true);
      expect((r + 1n) * (r + 1n) > v).toBe(true);
    }
  });

  it('getAmountOut keeps the 0.3 % fee of the Uniswap V2 library', () => {
    // 1 in against 1000/1000: 997 * 1000 / (1000 * 1000 + 997) rounded down.
    expect(getAmountOut(1000n, 1_000_000n, 1_000_000n)).toBe(996n);
  });

  it('amountInToTarget moves the pool price to the target and is 0 when the pool is already past it', () => {
    const rIn = 1_000n * 10n ** 18n;
    const rOut = 3_000_000n * 10n ** 6n;
    // Target 2900 out per in (cheaper out-token per in-token means selling more in): price goes down.
    const amountIn = amountInToTarget(rIn, rOut, 2_900n * 10n ** 6n, 10n ** 18n);
    const out = getAmountOut(amountIn, rIn, rOut);
    const price = Number(rOut - out) / 1e6 / (Number(rIn + amountIn) / 1e18);
    expect(price).toBeGreaterThan(2_895);
    expect(price).toBeLessThan(2_905);
    expect(amountInToTarget(rIn, rOut, 3_100n * 10n ** 6n, 10n ** 18n)).toBe(0n);
  });
});
