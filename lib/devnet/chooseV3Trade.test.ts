import { describe, expect, it } from 'vitest';
import { chooseV3Trade, type V3PoolState } from './chooseV3Trade';
import { prng } from './prng';

const pool = (price = 3_000): V3PoolState => ({ price, tvlUsd: 10_000_000, baseUsd: price, quoteUsd: 1, baseDecimals: 18, quoteDecimals: 6 });

describe('chooseV3Trade', () => {
  it('sends a drifted pool back towards the reference price, stopping between it and the pool price', () => {
    const rng = prng(42);
    let arbitrages = 0;
    for (let i = 0; i < 200; i++) {
      for (const reference of [3_150, 2_850]) {
        const trade = chooseV3Trade(pool(), reference, rng);
        if (trade.limitPrice === undefined) continue;
        arbitrages++;
        // Buying base (quote in) raises the price: only when base is cheaper here than the reference.
        expect(trade.baseIn).toBe(reference < 3_000);
        expect(Math.abs(trade.limitPrice - 3_000)).toBeLessThanOrEqual(Math.abs(reference - 3_000));
        expect(Math.abs(trade.limitPrice - 3_000)).toBeGreaterThanOrEqual(Math.abs(reference - 3_000) / 2);
      }
    }
    // Only the occasional large random trade (3 %) goes without a limit.
    expect(arbitrages).toBeGreaterThan(0.9 * 400);
  });

  it('trades both ways in small sizes without a limit when the pool is at the reference price', () => {
    const rng = prng(7);
    const trades = Array.from({ length: 300 }, () => chooseV3Trade(pool(), 3_000, rng));
    expect(trades.every((t) => t.limitPrice === undefined)).toBe(true);
    expect(trades.filter((t) => t.baseIn).length).toBeGreaterThan(100);
    expect(trades.filter((t) => !t.baseIn).length).toBeGreaterThan(100);
    // Under 1 % of the pool's value, bar the few large trades.
    const usd = (t: { baseIn: boolean; amountIn: bigint }) => (t.baseIn ? (Number(t.amountIn) / 1e18) * 3_000 : Number(t.amountIn) / 1e6);
    expect(trades.filter((t) => usd(t) < 100_000).length).toBeGreaterThan(0.9 * 300);
    expect(trades.every((t) => t.amountIn > 0n)).toBe(true);
  });

  it('is reproducible for a seed', () => {
    const a = prng(5);
    const b = prng(5);
    for (let i = 0; i < 20; i++) expect(chooseV3Trade(pool(), 3_010, a)).toEqual(chooseV3Trade(pool(), 3_010, b));
  });
});
