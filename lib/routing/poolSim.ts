// Dispatches a pool state to its source's simulation.
import type { FloatKernel, PoolState } from './pool';
import { v2Pool } from './v2/v2Pool';
import { v3Pool } from './v3/v3Pool';

export function amountOutOf(state: PoolState, amountIn: bigint, zeroForOne: boolean): bigint | undefined {
  return state.source === 'uniswap_v2' ? v2Pool.amountOut(state, amountIn, zeroForOne) : v3Pool.amountOut(state, amountIn, zeroForOne);
}

export function swapOf(state: PoolState, amountIn: bigint, zeroForOne: boolean): { amountOut: bigint; state: PoolState } | undefined {
  return state.source === 'uniswap_v2' ? v2Pool.swap(state, amountIn, zeroForOne) : v3Pool.swap(state, amountIn, zeroForOne);
}

export function midPriceOf(state: PoolState, zeroForOne: boolean): readonly [bigint, bigint] {
  return state.source === 'uniswap_v2' ? v2Pool.midPrice(state, zeroForOne) : v3Pool.midPrice(state, zeroForOne);
}

export function spotRateOf(state: PoolState, zeroForOne: boolean): number {
  return state.source === 'uniswap_v2' ? v2Pool.spotRate(state, zeroForOne) : v3Pool.spotRate(state, zeroForOne);
}

/** Kernels by state: a state is immutable (a block's update replaces it), and every quote at that block reads it. */
const kernels = new WeakMap<PoolState, FloatKernel>();

export function floatKernelOf(state: PoolState): FloatKernel {
  let kernel = kernels.get(state);
  if (!kernel) {
    kernel = state.source === 'uniswap_v2' ? v2Pool.floatKernel(state) : v3Pool.floatKernel(state);
    kernels.set(state, kernel);
  }
  return kernel;
}
