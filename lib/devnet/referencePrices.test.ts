import { describe, expect, it } from 'vitest';
import { tokenSpec } from './devnetMarkets';
import { referencePrices } from './referencePrices';

describe('referencePrices', () => {
  const window = { start: 1_000_000, end: 1_000_000 + 30 * 86_400, seed: 7 };

  it('ends every path at the nominal price and wanders before that', () => {
    const prices = referencePrices(['WETH', 'WBTC', 'USDC'], window);
    expect(prices.usdAt('WETH', window.end)).toBeCloseTo(tokenSpec('WETH').usd, 6);
    expect(prices.usdAt('WETH', window.start)).not.toBeCloseTo(tokenSpec('WETH').usd, 0);
    expect(prices.usdAt('USDC', window.start)).toBe(1);
  });

  it('gives a token the same path whatever other tokens share the chain, so both devnets agree', () => {
    const a = referencePrices(['WETH', 'UNI'], window);
    const b = referencePrices(['AAVE', 'WETH'], window);
    for (const t of [window.start, window.start + 12_345, window.end - 999]) expect(a.usdAt('WETH', t)).toBe(b.usdAt('WETH', t));
  });

  it('keeps pegged stablecoins within 1 % of a dollar', () => {
    const prices = referencePrices(['DAI'], window);
    for (let t = window.start; t <= window.end; t += 3_600) expect(Math.abs(prices.usdAt('DAI', t) - 1)).toBeLessThanOrEqual(0.01);
  });
});
