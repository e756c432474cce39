// Route legs as SwapRouter and DestinationSettler execute them: `amountIn` of path[0] swapped along `path`, each hop
// through the pool its fee names (0 the Uniswap V2 pair, otherwise the Uniswap V3 pool of that fee tier).
import type { Address } from 'viem';
import type { LiquiditySource } from '@/lib/routing/pool';

/**
 * One leg (Solidity `Leg`): legs run in array order; each path has 2–4 ERC20s (WETH stands for a native end). `fees`
 * has one entry per hop, 0 for the V2 pair and the fee in millionths for a V3 pool; absent or empty, every hop is V2.
 */
export type Leg = { amountIn: bigint; path: readonly Address[]; fees?: readonly number[] };

/** The most legs one quote may carry (`LegSwapper.MAX_LEGS`). */
export const MAX_LEGS = 4;
/** The longest leg (`LegSwapper.MAX_HOPS`): a path of at most this many + 1 tokens. */
export const MAX_HOPS = 3;

/** EIP-712 type of a leg, exactly as `SwapRouter.LEG_TYPEHASH`. */
export const LEG_TYPE = [
  { name: 'amountIn', type: 'uint256' },
  { name: 'path', type: 'address[]' },
  { name: 'fees', type: 'uint24[]' },
] as const;

/** The whole input on one path: today's single-route quote. */
export function singleLeg(amountIn: bigint, path: readonly Address[]): Leg[] {
  return [{ amountIn, path: [...path] }];
}

/** What the legs spend together; the contracts require it to equal the amount after the fee. */
export function legsTotal(legs: readonly Leg[]): bigint {
  return legs.reduce((sum, leg) => sum + leg.amountIn, 0n);
}

/** Mutable copies, as viem's ABI encoder and EIP-712 signer take them. */
export function abiLegs(legs: readonly Leg[]): { amountIn: bigint; path: Address[]; fees: number[] }[] {
  return legs.map((leg) => ({ amountIn: leg.amountIn, path: [...leg.path], fees: [...(leg.fees ?? [])] }));
}

/** Legs as decoded from calldata: `fees` only where some hop is not V2's, as the quote engine builds them. */
export function fromAbiLegs(legs: readonly { amountIn: bigint; path: readonly Address[]; fees: readonly number[] }[]): Leg[] {
  return legs.map((leg) => (leg.fees.some((fee) => fee !== 0) ? { amountIn: leg.amountIn, path: [...leg.path], fees: [...leg.fees] } : { amountIn: leg.amountIn, path: [...leg.path] }));
}

/** What a quoted leg says of each hop: the pool's source and fee tier. */
type QuotedLeg = { amountIn: bigint; path: readonly Address[]; hops: readonly { source: LiquiditySource; feePpm: number }[] };

/** A quoted leg as the contracts execute it: a V3 hop names its pool by fee tier, a V2 hop by 0 (all V2: no fees). */
export function contractLeg(leg: QuotedLeg): Leg {
  const fees = leg.hops.map((hop) => (hop.source === 'uniswap_v3' ? hop.feePpm : 0));
  return fees.some((fee) => fee !== 0) ? { amountIn: leg.amountIn, path: [...leg.path], fees } : { amountIn: leg.amountIn, path: [...leg.path] };
}
