import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertCrossChainSlippage, assertWithinSlippage, minAmountOut, slippagePpm } from './slippage';

describe('slippage arithmetic', () => {
  it('reads percent at 0.0001 % precision without float drift', () => {
    expect(slippagePpm(0.5)).toBe(5000n);
    expect(slippagePpm(0.57)).toBe(5700n); // 0.57 * 10000 is 5699.999… in floats
    expect(slippagePpm(0.0001)).toBe(1n);
    expect(slippagePpm(100)).toBe(1_000_000n);
    expect(slippagePpm(0)).toBe(0n);
  });

  it('min_amount_out is floor(amount_out × (1 − s)) exactly', () => {
    expect(minAmountOut(1000n, 5000n)).toBe(995n);
    expect(minAmountOut(999n, 5000n)).toBe(994n); // 994.005 rounds down
    expect(minAmountOut(10n ** 30n, 1_000_000n)).toBe(0n);
    fc.assert(
      fc.property(fc.bigInt(0n, 2n ** 256n - 1n), fc.bigInt(0n, 1_000_000n), (out, ppm) => {
        const min = minAmountOut(out, ppm);
        expect(min * 1_000_000n <= out * (1_000_000n - ppm)).toBe(true);
        expect((min + 1n) * 1_000_000n > out * (1_000_000n - ppm)).toBe(true);
      }),
    );
  });

  it('refuses a firm amount below indicative × (1 − s) with the details', () => {
    expect(() => assertWithinSlippage(10_000n, 9_950n, 5000n)).not.toThrow();
    expect(() => assertWithinSlippage(10_000n, 9_949n, 5000n)).toThrow(
      expect.objectContaining({
        type: 'SLIPPAGE_EXCEEDED',
        details: expect.objectContaining({ indicative_amount_out: '10000', amount_out: '9949', deviation_bps: 51, allowed_bps: 50 }),
      }),
    );
  });
});

describe('assertCrossChainSlippage', () => {
  it('accepts up to the cap and refuses above it with 400 naming slippage', () => {
    expect(() => assertCrossChainSlippage(slippagePpm(3), 300)).not.toThrow();
    expect(() => assertCrossChainSlippage(slippagePpm(0), 300)).not.toThrow();
    for (const pct of [3.0001, 5, 100]) {
      expect(() => assertCrossChainSlippage(slippagePpm(pct), 300)).toThrow(expect.objectContaining({ type: 'INVALID_ARGUMENT', details: { field: 'slippage' } }));
    }
    expect(() => assertCrossChainSlippage(slippagePpm(0.6), 50)).toThrow(/at most 0.5 % for a cross-chain quote \(got 0.6 %\)/);
  });
});
