// The gas fee of a gasless quote: what the submitter will pay to send swapPermit2 (same-chain) or openFor
// (cross-chain), converted to the input token at the quote's own prices, so the fee inside amount_out repays it.
import type { Address } from 'viem';
import { DomainError } from '@/lib/domain/DomainError';
import type { PoolGraph } from '@/lib/routing/poolGraph';
import { quoteExactIn, type QuoteLeg } from '@/lib/quote/quoteExactIn';

/** Gas of swapPermit2 beside its hops: calldata, two signature checks, Permit2's transfer, the fee and output transfers. */
export const GASLESS_BASE_GAS = 200_000n;
/** Gas per leg beside its hops: the leg's checks, its input transfer and its share of the output accounting. */
export const GASLESS_LEG_GAS = 50_000n;
/** Gas per pool hop: a V2 pair swap, or a V3 pool swap with its callback (a few ticks crossed). */
export const GASLESS_HOP_GAS = { uniswap_v2: 80_000n, uniswap_v3: 140_000n } as const;
const PCT = 100n;

/**
 * Gas of openFor beside its source legs' hops: calldata carrying the signed quote, two signature checks, Permit2's
 * transfer, the quote and escrow written to fresh storage and the Open event (269,807 measured without legs).
 */
export const GASLESS_OPEN_BASE_GAS = 320_000n;

/** The submitter's gas estimate for swapPermit2 along `legs` (measured against real sends in the gasless tests). */
export function gaslessGasEstimate(legs: readonly QuoteLeg[], base: bigint = GASLESS_BASE_GAS): bigint {
  return legs.reduce((gas, leg) => gas + GASLESS_LEG_GAS + leg.hops.reduce((g, hop) => g + GASLESS_HOP_GAS[hop.source], 0n), base);
}

/** The submitter's gas estimate for openFor with the source legs `legs` (none when the input is the bridge asset). */
export function gaslessOpenGasEstimate(legs: readonly QuoteLeg[]): bigint {
  return gaslessGasEstimate(legs, GASLESS_OPEN_BASE_GAS);
}

/**
 * `gas × gasPrice × marginPct / 100` wei of native coin in `tokenIn` base units, priced by selling that much WETH
 * into `tokenIn` on `graph` (no service fee): the quote's own block and pools.
 */
export function gaslessGasFee(graph: PoolGraph, tokenIn: Address, gas: bigint, gasPrice: bigint, marginPct: number): { gasWei: bigint; fee: bigint } {
  const gasWei = (gas * gasPrice * BigInt(marginPct)) / PCT;
  const weth = graph.topology.weth;
  if (tokenIn.toLowerCase() === weth.toLowerCase()) return { gasWei, fee: gasWei };
  try {
    const priced = quoteExactIn(graph, { tokenIn: weth, tokenOut: tokenIn, amountIn: gasWei, feeBps: 0, maxLegs: 1 });
    // Rounded up: the submitter is never paid a wei short.
    return { gasWei, fee: priced.amountOut + 1n };
  } catch (error: unknown) {
    if (error instanceof DomainError && (error.type === 'NO_ROUTE' || error.type === 'INSUFFICIENT_LIQUIDITY' || error.type === 'AMOUNT_TOO_SMALL')) {
      throw new DomainError('NO_ROUTE', `gasless: no pool prices the native coin in token_in ${tokenIn}, so the gas fee cannot be taken from it`, { field: 'gasless' });
    }
    throw error;
  }
}
