import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK, getSqrtRatioAtTick, getTickAtSqrtRatio } from './tickMath';

describe('TickMath', () => {
  it('gives the contract constants at the ends and 2^96 at tick 0', () => {
    expect(getSqrtRatioAtTick(MIN_TICK)).toBe(MIN_SQRT_RATIO);
    expect(getSqrtRatioAtTick(MAX_TICK)).toBe(MAX_SQRT_RATIO);
    expect(getSqrtRatioAtTick(0)).toBe(2n ** 96n);
    expect(getTickAtSqrtRatio(MIN_SQRT_RATIO)).toBe(MIN_TICK);
    expect(getTickAtSqrtRatio(MAX_SQRT_RATIO - 1n)).toBe(MAX_TICK - 1);
    expect(() => getSqrtRatioAtTick(MAX_TICK + 1)).toThrow(RangeError);
    expect(() => getTickAtSqrtRatio(MAX_SQRT_RATIO)).toThrow(RangeError);
  });

  it('finds the greatest tick at or below a price, for every tick and the price just under it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_TICK + 1, max: MAX_TICK - 1 }), (tick) => {
        const at = getSqrtRatioAtTick(tick);
        expect(getTickAtSqrtRatio(at)).toBe(tick);
        expect(getTickAtSqrtRatio(at - 1n)).toBe(tick - 1);
        expect(getSqrtRatioAtTick(tick + 1) > at).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
