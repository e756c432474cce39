import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertWithinSlippage, minAmountOut, slippagePpm } from './slippage';

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
