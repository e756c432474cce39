// Decides the next simulated swap on a pool: an arbitrage towards the reference price when the pool has drifted,
// otherwise retail flow of random size and side, now and then a large trade that moves the market.
import { amountInToTarget } from './v2Math';
import type { Prng } from './prng';

export type PoolState = { reserveBase: bigint; reserveQuote: bigint; baseDecimals: number; quoteDecimals: number };
export type Trade = { baseIn: boolean; amountIn: bigint };

const LARGE_TRADE_PROBABILITY = 0.03;
const LARGE_TRADE_SHARE = [0.01, 0.04] as const;
/** Log deviation from the reference price beyond which an arbitrageur steps in. */
const ARB_THRESHOLD = 0.002;
const RETAIL_MEDIAN_SHARE = 0.0005;
const RETAIL_SHARE_BOUNDS = [0.00002, 0.005] as const;
/** Fixed-point scale for turning a float price into a ratio of bigints. */
const PRICE_SCALE = 10n ** 15n;

/** Pool price of one whole base token in whole quote tokens; floats are fine here, it only steers the simulation. */
export function poolPrice(pool: PoolState): number {
  return (Number(pool.reserveQuote) / 10 ** pool.quoteDecimals) / (Number(pool.reserveBase) / 10 ** pool.baseDecimals);
}

function share(reserve: bigint, fraction: number): bigint {
  return (reserve * BigInt(Math.round(fraction * 1e9))) / 1_000_000_000n;
}

/** The whole trade that moves the pool's price to `target` (whole quote per whole base); amountIn 0n when it is there. */
export function tradeToPrice(pool: PoolState, target: number): Trade {
  const baseCheap = poolPrice(pool) < target;
  // Output per input in base units, as num/den: buying base pays quote, so the target is base per quote.
  const scaled = (x: number) => BigInt(Math.max(1, Math.round(x * Number(PRICE_SCALE))));
  const baseUnit = 10n ** BigInt(pool.baseDecimals);
  const quoteUnit = 10n ** BigInt(pool.quoteDecimals);
  const full = baseCheap
    ? amountInToTarget(pool.reserveQuote, pool.reserveBase, PRICE_SCALE * baseUnit, scaled(target) * quoteUnit)
    : amountInToTarget(pool.reserveBase, pool.reserveQuote, scaled(target) * quoteUnit, PRICE_SCALE * baseUnit);
  return { baseIn: !baseCheap, amountIn: full };
}

function arbitrage(pool: PoolState, target: number, rng: Prng): Trade {
  const full = tradeToPrice(pool, target);
  // Arbitrageurs in the history rarely close the whole gap in one go.
  return { baseIn: full.baseIn, amountIn: share(full.amountIn, rng.between(0.5, 1)) };
}

export function chooseTrade(pool: PoolState, referencePrice: number, rng: Prng): Trade {
  const roll = rng.next();
  if (roll < LARGE_TRADE_PROBABILITY) {
    const baseIn = rng.next() < 0.5;
    return { baseIn, amountIn: share(baseIn ? pool.reserveBase : pool.reserveQuote, rng.between(...LARGE_TRADE_SHARE)) };
  }
  if (Math.abs(Math.log(poolPrice(pool) / referencePrice)) > ARB_THRESHOLD) {
    const trade = arbitrage(pool, referencePrice, rng);
    if (trade.amountIn > 0n) return trade;
  }
  const baseIn = rng.next() < 0.5;
  const fraction = Math.min(RETAIL_SHARE_BOUNDS[1], Math.max(RETAIL_SHARE_BOUNDS[0], RETAIL_MEDIAN_SHARE * Math.exp(0.9 * rng.normal())));
  const amountIn = share(baseIn ? pool.reserveBase : pool.reserveQuote, fraction);
  return { baseIn, amountIn: amountIn > 0n ? amountIn : 1n };
}
