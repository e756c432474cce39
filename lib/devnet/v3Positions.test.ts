import { describe, expect, it } from 'vitest';
import { alignTick, MAX_TICK, MIN_TICK, pairPrice, positionAmounts, rangeTicks, rawPrice, rawPriceOfSqrtX96, sqrtPriceX96Of, tickOf, type PoolSides } from './v3Positions';

// WETH (18) priced in USDC (6): either token may sort first.
const sides = (baseIsToken0: boolean): PoolSides => ({ price: 3_000, baseDecimals: 18, quoteDecimals: 6, baseIsToken0 });

describe('v3Positions', () => {
  it('turns a pair price into the pool\'s token1/token0 price and back, whichever token sorts first', () => {
    expect(rawPrice(sides(true))).toBeCloseTo(3_000e-12, 20);
    expect(rawPrice(sides(false))).toBeCloseTo(1 / 3_000e-12, 0);
    for (const first of [true, false]) {
      expect(pairPrice(sides(first), rawPrice(sides(first)))).toBeCloseTo(3_000, 6);
      expect(pairPrice(sides(first), rawPriceOfSqrtX96(sqrtPriceX96Of(rawPrice(sides(first)))))).toBeCloseTo(3_000, 6);
    }
  });

  it('aligns ticks to the spacing inside the usable range', () => {
    expect(alignTick(-195_431, 10, 'down')).toBe(-195_440);
    expect(alignTick(-195_431, 10, 'up')).toBe(-195_430);
    expect(alignTick(MIN_TICK, 60, 'down')).toBe(-887_220);
    expect(alignTick(MAX_TICK, 200, 'up')).toBe(887_200);
    expect(1.0001 ** tickOf(2.5)).toBeLessThanOrEqual(2.5);
    expect(1.0001 ** (tickOf(2.5) + 1)).toBeGreaterThan(2.5);
  });

  it('puts a range around, above or below the price on the right side of the pool\'s tick, for either token order', () => {
    for (const first of [true, false]) {
      const s = sides(first);
      const tick = tickOf(rawPrice(s));
      const around = rangeTicks(s, { lower: 0.98, upper: 1.02, share: 1 }, 10);
      expect(around.tickLower).toBeLessThanOrEqual(tick);
      expect(around.tickUpper).toBeGreaterThan(tick);
      expect(around.tickUpper - around.tickLower).toBeGreaterThanOrEqual(390);
      expect(around.tickUpper - around.tickLower).toBeLessThanOrEqual(420);
      // Base dearer than now: above the tick when base is token0 (token1 per token0 rises), below it otherwise.
      const dearer = rangeTicks(s, { lower: 1.05, upper: 1.3, share: 1 }, 10);
      if (first) expect(dearer.tickLower).toBeGreaterThan(tick);
      else expect(dearer.tickUpper).toBeLessThan(tick);
      expect(rangeTicks(s, { lower: 0, upper: Infinity, share: 1 }, 60)).toEqual({ tickLower: -887_220, tickUpper: 887_220 });
    }
  });

  it('splits a position\'s value between the tokens by where the price sits in its range', () => {
    const raw = rawPrice(sides(true));
    const usd = { token0: 3_000 / 1e18, token1: 1 / 1e6 };
    const ticks = rangeTicks(sides(true), { lower: 0.98, upper: 1.02, share: 1 }, 10);
    const inside = positionAmounts(raw, ticks, usd, 1_000_000);
    const value = Number(inside.amount0) * usd.token0 + Number(inside.amount1) * usd.token1;
    expect(value).toBeGreaterThan(999_999);
    expect(value).toBeLessThan(1_000_001);
    expect(inside.amount0).toBeGreaterThan(0n);
    expect(inside.amount1).toBeGreaterThan(0n);
    // Out of range: all token0 above the price, all token1 below it.
    const above = positionAmounts(raw, rangeTicks(sides(true), { lower: 1.05, upper: 1.3, share: 1 }, 10), usd, 1_000);
    expect(above.amount1).toBe(0n);
    expect(Number(above.amount0) * usd.token0).toBeCloseTo(1_000, 0);
    const below = positionAmounts(raw, rangeTicks(sides(true), { lower: 0.7, upper: 0.95, share: 1 }, 10), usd, 1_000);
    expect(below.amount0).toBe(0n);
    expect(Number(below.amount1) * usd.token1).toBeCloseTo(1_000, 0);
  });
});
