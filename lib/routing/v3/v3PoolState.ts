// The state of one Uniswap V3 pool that a swap reads: slot0's price and tick, in-range liquidity and the initialized ticks.

/** Initialized ticks in ascending order with their liquidityNet; shared by every state until a Mint or Burn changes them. */
export type V3Ticks = {
  readonly ticks: Int32Array;
  readonly liquidityNet: readonly bigint[];
};

export type V3PoolState = {
  readonly source: 'uniswap_v3';
  /** The pool's fee in millionths (100, 500, 3000, 10000). */
  readonly feePpm: number;
  readonly tickSpacing: number;
  readonly sqrtPriceX96: bigint;
  readonly tick: number;
  readonly liquidity: bigint;
  readonly ticks: V3Ticks;
};

/** Liquidity referencing one tick: `gross` > 0 makes it initialized (a swap stops there), `net` is added when crossed upward. */
export type TickLiquidity = { gross: bigint; net: bigint };

/** Ticks from a map of tick → liquidity; ticks with no gross liquidity are uninitialized and left out. */
export function v3Ticks(liquidity: ReadonlyMap<number, TickLiquidity>): V3Ticks {
  const entries = [...liquidity].filter(([, l]) => l.gross > 0n).sort(([a], [b]) => a - b);
  return { ticks: Int32Array.from(entries.map(([t]) => t)), liquidityNet: entries.map(([, l]) => l.net) };
}
