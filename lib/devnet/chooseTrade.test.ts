import { describe, expect, it } from 'vitest';
import { chooseTrade, poolPrice, type PoolState } from './chooseTrade';
import { prng } from './prng';
import { getAmountOut } from './v2Math';

const pool = (): PoolState => ({ reserveBase: 1_000n * 10n ** 18n, reserveQuote: 3_000_000n * 10n ** 6n, baseDecimals: 18, quoteDecimals: 6 });

function apply(p: PoolState, baseIn: boolean, amountIn: bigint): PoolState {
  return baseIn
    ? { ...p, reserveBase: p.reserveBase + amountIn, reserveQuote: p.reserveQuote - getAmountOut(amountIn, p.reserveBase, p.reserveQuote) }
    : { ...p, reserveQuote: p.reserveQuote + amountIn, reserveBase: p.reserveBase - getAmountOut(amountIn, p.reserveQuote, p.reserveBase) };
}

describe('chooseTrade', () => {
  it('pulls a pool that drifted from the reference price back towards it, most of the time', () => {
    const rng = prng(42);
    let closer = 0;
    for (let i = 0; i < 200; i++) {
      for (const reference of [3_150, 2_850]) {
        const start = pool();
        const trade = chooseTrade(start, reference, rng);
        const after = apply(start, trade.baseIn, trade.amountIn);
        if (Math.abs(poolPrice(after) - reference) < Math.abs(poolPrice(start) - reference)) closer++;
      }
    }
    // Only the occasional large random trade (3 %) may push the other way.
    expect(closer).toBeGreaterThan(0.9 * 400);
  });

  it('trades both ways in small sizes when the pool is at the reference price', () => {
    const rng = prng(7);
    const trades = Array.from({ length: 300 }, () => chooseTrade(pool(), 3_000, rng));
    expect(trades.filter((t) => t.baseIn).length).toBeGreaterThan(100);
    expect(trades.filter((t) => !t.baseIn).length).toBeGreaterThan(100);
    const small = trades.filter((t) => (t.baseIn ? t.amountIn * 100n < pool().reserveBase : t.amountIn * 100n < pool().reserveQuote));
    expect(small.length).toBeGreaterThan(0.9 * 300);
  });

  it('is reproducible for a seed', () => {
    const a = prng(5);
    const b = prng(5);
    for (let i = 0; i < 20; i++) expect(chooseTrade(pool(), 3_010, a)).toEqual(chooseTrade(pool(), 3_010, b));
  });
});
