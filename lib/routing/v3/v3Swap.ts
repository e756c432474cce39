// Uniswap V3's exact-input swap loop (UniswapV3Pool.swap) over a pool's state in memory: the same steps, the same
// word-boundary stops of the tick bitmap, the same rounding, so its output equals the pool's to the wei.
import { computeSwapStep } from './computeSwapStep';
import { MAX_SQRT_RATIO, MAX_TICK, MIN_SQRT_RATIO, MIN_TICK, getSqrtRatioAtTick, getTickAtSqrtRatio } from './tickMath';
import type { V3PoolState } from './v3PoolState';

export type V3SwapResult = {
  /** Input the pool takes (less than asked when the price limit stops it: the pool ran out of liquidity). */
  amountIn: bigint;
  amountOut: bigint;
  sqrtPriceX96: bigint;
  tick: number;
  liquidity: bigint;
  /** Initialized ticks crossed. */
  ticksCrossed: number;
};

/** sqrt ratios of the ticks a swap stops at (initialized ticks and bitmap word boundaries), memoised: a pure function. */
const sqrtAtTick = new Map<number, bigint>();
const SQRT_CACHE_MAX = 200_000;

function sqrtRatioAt(tick: number): bigint {
  let value = sqrtAtTick.get(tick);
  if (value === undefined) {
    if (sqrtAtTick.size >= SQRT_CACHE_MAX) sqrtAtTick.clear();
    value = getSqrtRatioAtTick(tick);
    sqrtAtTick.set(tick, value);
  }
  return value;
}

/** Index of the first entry of `sorted` greater than `value`. */
function upperBound(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Swaps `amountIn` of token0 (`zeroForOne`) or token1 into the pool, as `swap` with no price limit of the caller's.
 * Without `finalTick` the tick of a price that stops inside a range is not derived (a search that reads only the
 * output skips a log2 in bigint): `tick` is then the last range's.
 */
export function v3Swap(state: V3PoolState, amountIn: bigint, zeroForOne: boolean, finalTick = true): V3SwapResult {
  const { ticks, liquidityNet } = state.ticks;
  const spacing = state.tickSpacing;
  const fee = BigInt(state.feePpm);
  const limit = zeroForOne ? MIN_SQRT_RATIO + 1n : MAX_SQRT_RATIO - 1n;
  let remaining = amountIn;
  let out = 0n;
  let sqrtPrice = state.sqrtPriceX96;
  let tick = state.tick;
  let liquidity = state.liquidity;
  let crossed = 0;
  // zeroForOne: the largest initialized tick at or below the current one; else the smallest above it.
  let cursor = zeroForOne ? upperBound(ticks, tick) - 1 : upperBound(ticks, tick);
  while (remaining !== 0n && sqrtPrice !== limit) {
    const start = sqrtPrice;
    const compressed = Math.floor(tick / spacing);
    let tickNext: number;
    let initialized: boolean;
    // With no liquidity in range the pool's stops at bitmap word boundaries move the price and nothing else (every
    // amount of such a step is zero): going straight to the next initialized tick ends in the same state.
    const empty = liquidity === 0n;
    if (zeroForOne) {
      const wordStart = empty ? -Infinity : (compressed & ~255) * spacing;
      const candidate = cursor >= 0 ? (ticks[cursor] as number) : -Infinity;
      initialized = cursor >= 0 && candidate >= wordStart;
      tickNext = initialized ? candidate : wordStart;
    } else {
      const wordEnd = empty ? Infinity : (((compressed + 1) & ~255) + 255) * spacing;
      const candidate = cursor < ticks.length ? (ticks[cursor] as number) : Infinity;
      initialized = cursor < ticks.length && candidate <= wordEnd;
      tickNext = initialized ? candidate : wordEnd;
    }
    if (tickNext < MIN_TICK) tickNext = MIN_TICK;
    else if (tickNext > MAX_TICK) tickNext = MAX_TICK;
    const sqrtNext = sqrtRatioAt(tickNext);
    const target = (zeroForOne ? sqrtNext < limit : sqrtNext > limit) ? limit : sqrtNext;
    const step = computeSwapStep(sqrtPrice, target, liquidity, remaining, fee);
    sqrtPrice = step.sqrtRatioNextX96;
    remaining -= step.spent;
    out += step.amountOut;
    if (sqrtPrice === sqrtNext) {
      if (initialized) {
        const net = liquidityNet[cursor] ?? 0n;
        liquidity = zeroForOne ? liquidity - net : liquidity + net;
        cursor += zeroForOne ? -1 : 1;
        crossed++;
      }
      tick = zeroForOne ? tickNext - 1 : tickNext;
    } else if (sqrtPrice !== start && finalTick) {
      // Only the last step stops inside a range (the input is spent, or the price limit is reached).
      tick = getTickAtSqrtRatio(sqrtPrice);
    }
  }
  return { amountIn: amountIn - remaining, amountOut: out, sqrtPriceX96: sqrtPrice, tick, liquidity, ticksCrossed: crossed };
}
