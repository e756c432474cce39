// Uniswap V3 pools behind the Pool interface: the exact swap loop, and for the split a float model that walks the
// same initialized ticks (a V3 pool's marginal price changes inside a range and jumps in depth across ticks).
import type { FloatKernel, PoolSim } from '../pool';
import { v3Swap } from './v3Swap';
import type { V3PoolState, V3Ticks } from './v3PoolState';

const Q96_FLOAT = 2 ** 96;
const Q192 = 2n ** 192n;

type FloatTicks = { sqrt: Float64Array; net: Float64Array };
const floatTicksOf = new WeakMap<V3Ticks, FloatTicks>();

/** The initialized ticks as floats (sqrt price, liquidityNet), computed once per tick set. */
function floatTicks(ticks: V3Ticks): FloatTicks {
  let found = floatTicksOf.get(ticks);
  if (!found) {
    const n = ticks.ticks.length;
    const sqrt = new Float64Array(n);
    const net = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      sqrt[i] = Math.sqrt(1.0001 ** (ticks.ticks[i] ?? 0));
      net[i] = Number(ticks.liquidityNet[i] ?? 0n);
    }
    found = { sqrt, net };
    floatTicksOf.set(ticks, found);
  }
  return found;
}

/** Index of the first initialized tick whose sqrt price is above `s`. */
function firstAbove(sqrt: Float64Array, s: number): number {
  let lo = 0;
  let hi = sqrt.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sqrt[mid] ?? 0) <= s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Slots: sqrt price, in-range liquidity, index of the first initialized tick above the price. A swap walks ranges:
 * within one the pool is a constant product of virtual reserves L/√P and L·√P; crossing a tick adds or removes its net.
 */
function kernel(state: V3PoolState): FloatKernel {
  const { sqrt, net } = floatTicks(state.ticks);
  const gamma = 1 - state.feePpm / 1e6;
  const s0 = Number(state.sqrtPriceX96) / Q96_FLOAT;
  const l0 = Number(state.liquidity);
  // Walks `x` of input (before the fee) through the ranges; returns the output and leaves the end state in `end`.
  const walk = (buf: Float64Array, at: number, x: number, zeroForOne: boolean, end: Float64Array | undefined): number => {
    let s = buf[at] ?? 0;
    let l = buf[at + 1] ?? 0;
    let i = buf[at + 2] ?? 0;
    let a = x * gamma;
    let out = 0;
    for (;;) {
      if (zeroForOne) {
        const boundary = i > 0 ? (sqrt[i - 1] ?? 0) : 0;
        // token0 in: 1/√P rises by a/L; reaching the boundary takes L·(1/b − 1/s).
        const need = boundary > 0 ? l * (1 / boundary - 1 / s) : Infinity;
        if (l > 0 && a < need) {
          const next = (l * s) / (l + a * s);
          out += l * (s - next);
          s = next;
          break;
        }
        if (boundary === 0) break;
        out += l * (s - boundary);
        a -= l > 0 ? need : 0;
        s = boundary;
        l -= net[i - 1] ?? 0;
        i -= 1;
      } else {
        const boundary = i < sqrt.length ? (sqrt[i] ?? Infinity) : Infinity;
        // token1 in: √P rises by a/L; reaching the boundary takes L·(b − s).
        const need = boundary < Infinity ? l * (boundary - s) : Infinity;
        if (l > 0 && a < need) {
          const next = s + a / l;
          out += l * (1 / s - 1 / next);
          s = next;
          break;
        }
        if (boundary === Infinity) break;
        out += l * (1 / s - 1 / boundary);
        a -= l > 0 ? need : 0;
        s = boundary;
        l += net[i] ?? 0;
        i += 1;
      }
      if (l < 0) l = 0;
    }
    if (end) {
      end[0] = s;
      end[1] = l;
      end[2] = i;
    }
    return out;
  };
  const scratch = new Float64Array(3);
  return {
    slots: 3,
    load(buf, at) {
      buf[at] = s0;
      buf[at + 1] = l0;
      buf[at + 2] = firstAbove(sqrt, s0);
    },
    out(buf, at, x, zeroForOne, apply) {
      const out = walk(buf, at, x, zeroForOne, apply ? scratch : undefined);
      if (apply) {
        buf[at] = scratch[0] ?? 0;
        buf[at + 1] = scratch[1] ?? 0;
        buf[at + 2] = scratch[2] ?? 0;
      }
      return out;
    },
    marginal(buf, at, x, zeroForOne) {
      walk(buf, at, x, zeroForOne, scratch);
      const s = scratch[0] ?? 0;
      if ((scratch[1] ?? 0) <= 0 || s <= 0) return 0;
      return gamma * (zeroForOne ? s * s : 1 / (s * s));
    },
  };
}

function amountOut(state: V3PoolState, amountIn: bigint, zeroForOne: boolean): bigint | undefined {
  // A pool created but not initialized has no price yet.
  if (state.sqrtPriceX96 === 0n) return undefined;
  if (amountIn <= 0n) return amountIn === 0n ? 0n : undefined;
  try {
    const result = v3Swap(state, amountIn, zeroForOne, false);
    // The pool stops at its price limit when it runs out of liquidity: it would take less than the whole input.
    return result.amountIn === amountIn ? result.amountOut : undefined;
  } catch {
    return undefined;
  }
}

export const v3Pool: PoolSim<V3PoolState> = {
  amountOut,
  swap(state, amountIn, zeroForOne) {
    if (amountIn <= 0n || state.sqrtPriceX96 === 0n) return undefined;
    try {
      const r = v3Swap(state, amountIn, zeroForOne);
      if (r.amountIn !== amountIn) return undefined;
      return { amountOut: r.amountOut, state: { ...state, sqrtPriceX96: r.sqrtPriceX96, tick: r.tick, liquidity: r.liquidity } };
    } catch {
      return undefined;
    }
  },
  midPrice: (state, zeroForOne) => {
    const p = state.sqrtPriceX96 * state.sqrtPriceX96;
    return zeroForOne ? [p, Q192] : [Q192, p];
  },
  spotRate: (state, zeroForOne) => {
    if (state.liquidity === 0n || state.sqrtPriceX96 === 0n) return 0;
    const s = Number(state.sqrtPriceX96) / Q96_FLOAT;
    return (1 - state.feePpm / 1e6) * (zeroForOne ? s * s : 1 / (s * s));
  },
  feePpm: (state) => state.feePpm,
  floatKernel: kernel,
};
