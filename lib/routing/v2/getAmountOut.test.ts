import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_RESERVE, fitsPool, getAmountOut } from './getAmountOut';

describe('getAmountOut', () => {
  it('matches the V2 formula on a worked example', () => {
    // 1 token into 100 / 300000: 997e18 * 300000e6 / (100e18 * 1000 + 997e18)
    expect(getAmountOut(10n ** 18n, 100n * 10n ** 18n, 300_000n * 10n ** 6n)).toBe(2_961_474_103n);
  });

  it('answers 0 where the pair would revert', () => {
    expect(getAmountOut(0n, 10n, 10n)).toBe(0n);
    expect(getAmountOut(1n, 0n, 10n)).toBe(0n);
    expect(getAmountOut(1n, 10n, 0n)).toBe(0n);
  });

  it('never drains the pool and grows with the input', () => {
    fc.assert(
      fc.property(fc.bigInt(1n, 2n ** 100n), fc.bigInt(1n, 2n ** 100n), fc.bigInt(1n, 2n ** 100n), (a, rIn, rOut) => {
        const out = getAmountOut(a, rIn, rOut);
        expect(out).toBeLessThan(rOut);
        expect(getAmountOut(a + 1n, rIn, rOut)).toBeGreaterThanOrEqual(out);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses inputs that push a reserve past uint112', () => {
    expect(fitsPool(1n, MAX_RESERVE - 1n)).toBe(true);
    expect(fitsPool(2n, MAX_RESERVE - 1n)).toBe(false);
  });
});
