// The "true" USD price of each devnet token over time: a geometric random walk (stablecoins pulled back to
// 1 USD), which the simulated traders and arbitrageurs push every pool towards.
import { tokenSpec } from './devnetMarkets';
import type { Prng } from './prng';

export type PriceWalk = {
  usd(symbol: string): number;
  /** Moves every price by `days` of simulated time. */
  advance(days: number): void;
  snapshot(): Record<string, number>;
};

/** Daily rate at which a pegged token's deviation from 1 USD decays. */
const PEG_PULL_PER_DAY = 3;

export function priceWalk(symbols: readonly string[], rng: Prng, start?: Record<string, number>): PriceWalk {
  const prices = new Map(symbols.map((s) => [s, start?.[s] ?? tokenSpec(s).usd]));
  return {
    usd(symbol) {
      const price = prices.get(symbol);
      if (price === undefined) throw new Error(`no price for ${symbol}`);
      return price;
    },
    advance(days) {
      if (days <= 0) return;
      for (const [symbol, price] of prices) {
        const spec = tokenSpec(symbol);
        if (spec.dailyVol === 0) continue;
        const shock = spec.dailyVol * Math.sqrt(days) * rng.normal();
        if (spec.pegged) {
          const deviation = (price - 1) * Math.exp(-PEG_PULL_PER_DAY * days) + shock;
          prices.set(symbol, 1 + Math.max(-0.01, Math.min(0.01, deviation)));
        } else {
          prices.set(symbol, price * Math.exp(shock - (spec.dailyVol * spec.dailyVol * days) / 2));
        }
      }
    },
    snapshot: () => Object.fromEntries(prices),
  };
}
