// The one interface every liquidity source's pool simulation implements: route search, split and pricing see only this.
import type { V3PoolState } from './v3/v3PoolState';

export type LiquiditySource = 'uniswap_v2' | 'uniswap_v3';
export const LIQUIDITY_SOURCES = ['uniswap_v2', 'uniswap_v3'] as const satisfies readonly LiquiditySource[];

export function isLiquiditySource(id: string): id is LiquiditySource {
  return (LIQUIDITY_SOURCES as readonly string[]).includes(id);
}

/** A Uniswap V2 pair: its reserves (the fee is always 0.3 %). */
export type V2PoolState = { readonly source: 'uniswap_v2'; readonly reserve0: bigint; readonly reserve1: bigint };

/** What a swap through the pool reads, at one block. */
export type PoolState = V2PoolState | V3PoolState;

/**
 * A float model of one pool for the split's allocation: `slots` numbers of mutable state at an offset of a shared
 * Float64Array (so trial allocations copy one array), plus whatever immutable data the pool's curve needs.
 */
export type FloatKernel = {
  readonly slots: number;
  load(state: Float64Array, at: number): void;
  /** Output of `x` in; with `apply`, the state moves as the swap moves it. */
  out(state: Float64Array, at: number, x: number, zeroForOne: boolean, apply: boolean): number;
  /** d out / d in at input `x` (the state is left as it is). */
  marginal(state: Float64Array, at: number, x: number, zeroForOne: boolean): number;
};

export type PoolSim<S extends PoolState> = {
  /** Exact output of `amountIn`, as the pool pays it; undefined when the pool cannot take the whole input. */
  amountOut(state: S, amountIn: bigint, zeroForOne: boolean): bigint | undefined;
  /** The same, with the pool's state after the swap (legs that share a pool are priced one after another). */
  swap(state: S, amountIn: bigint, zeroForOne: boolean): { amountOut: bigint; state: S } | undefined;
  /** Mid price, output per input before the fee, as an exact ratio. */
  midPrice(state: S, zeroForOne: boolean): readonly [numerator: bigint, denominator: bigint];
  /** Marginal output per unit of input at zero size, fee included (float: candidate ranking only). */
  spotRate(state: S, zeroForOne: boolean): number;
  /** Fee in millionths of the input. */
  feePpm(state: S): number;
  floatKernel(state: S): FloatKernel;
};
