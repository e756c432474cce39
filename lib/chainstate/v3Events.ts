// The Uniswap V3 factory and pool events the quote engine follows, and how each changes a pool's state.
import { parseAbiItem } from 'viem';
import type { TickLiquidity } from '@/lib/routing/v3/v3PoolState';

export const POOL_CREATED = parseAbiItem('event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)');
export const V3_INITIALIZE = parseAbiItem('event Initialize(uint160 sqrtPriceX96, int24 tick)');
export const V3_SWAP = parseAbiItem(
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
);
export const V3_MINT = parseAbiItem(
  'event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
);
export const V3_BURN = parseAbiItem(
  'event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
);
export const V3_POOL_EVENTS = [V3_INITIALIZE, V3_SWAP, V3_MINT, V3_BURN] as const;

/** Adds `delta` of a position's liquidity to its two ticks, as the pool's `_updatePosition` does. */
export function applyPositionDelta(ticks: Map<number, TickLiquidity>, tickLower: number, tickUpper: number, delta: bigint): void {
  const lower = ticks.get(tickLower) ?? { gross: 0n, net: 0n };
  ticks.set(tickLower, { gross: lower.gross + delta, net: lower.net + delta });
  const upper = ticks.get(tickUpper) ?? { gross: 0n, net: 0n };
  ticks.set(tickUpper, { gross: upper.gross + delta, net: upper.net - delta });
}
