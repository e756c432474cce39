// Decides the next simulated swap on a Uniswap V3 pool, as chooseTrade does for a V2 pair: an arbitrage towards the
// reference price when the pool has drifted (carrying a price limit, so it stops where the arbitrageur aims), otherwise
// retail flow of random size and side, now and then a large trade that crosses the narrow ranges.
import type { Prng } from './prng';

export type V3PoolState = {
  /** Whole quote tokens per whole base token now. */
  price: number;
  /** USD the pool was seeded with: trade sizes are shares of it. */
  tvlUsd: number;
  /** USD price of one whole base and one whole quote token now. */
  baseUsd: number;
  quoteUsd: number;
  baseDecimals: number;
  quoteDecimals: number;
};

/** `limitPrice` (whole quote per whole base): the swap stops there, taking only the input it needs to reach it. */
export type V3Trade = { baseIn: boolean; amountIn: bigint; limitPrice?: number };

const LARGE_TRADE_PROBABILITY = 0.03;
const LARGE_TRADE_SHARE = [0.01, 0.04] as const;
/** Log deviation from the reference price beyond which an arbitrageur steps in. */
const ARB_THRESHOLD = 0.002;
/** An arbitrage offers this share of the pool's value: the price limit, not the amount, ends it. */
const ARB_BUDGET_SHARE = 0.1;
const RETAIL_MEDIAN_SHARE = 0.0005;
const RETAIL_SHARE_BOUNDS = [0.00002, 0.005] as const;

function amountOf(pool: V3PoolState, baseIn: boolean, usd: number): bigint {
  const [tokenUsd, decimals] = baseIn ? [pool.baseUsd, pool.baseDecimals] : [pool.quoteUsd, pool.quoteDecimals];
  const units = BigInt(Math.floor((usd / tokenUsd) * 10 ** decimals));
  return units > 0n ? units : 1n;
}

export function chooseV3Trade(pool: V3PoolState, referencePrice: number, rng: Prng): V3Trade {
  const roll = rng.next();
  if (roll < LARGE_TRADE_PROBABILITY) {
    const baseIn = rng.next() < 0.5;
    return { baseIn, amountIn: amountOf(pool, baseIn, (pool.tvlUsd / 2) * rng.between(...LARGE_TRADE_SHARE)) };
  }
  if (Math.abs(Math.log(pool.price / referencePrice)) > ARB_THRESHOLD) {
    // Base is cheap here: buy it with quote, pushing the price up towards (rarely all the way to) the reference.
    const baseIn = pool.price > referencePrice;
    const limitPrice = pool.price + (referencePrice - pool.price) * rng.between(0.5, 1);
    return { baseIn, amountIn: amountOf(pool, baseIn, pool.tvlUsd * ARB_BUDGET_SHARE), limitPrice };
  }
  const baseIn = rng.next() < 0.5;
  const share = Math.min(RETAIL_SHARE_BOUNDS[1], Math.max(RETAIL_SHARE_BOUNDS[0], RETAIL_MEDIAN_SHARE * Math.exp(0.9 * rng.normal())));
  return { baseIn, amountIn: amountOf(pool, baseIn, (pool.tvlUsd / 2) * share) };
}
