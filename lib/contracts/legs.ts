// Route legs as SwapRouter and DestinationSettler execute them: `amountIn` of path[0] swapped along `path`.
import type { Address } from 'viem';

/** One leg (Solidity `Leg`): legs run in array order; each path has 2–4 ERC20s (WETH stands for a native end). */
export type Leg = { amountIn: bigint; path: readonly Address[] };

/** The most legs one quote may carry (`V2LegSwapper.MAX_LEGS`). */
export const MAX_LEGS = 4;
/** The longest leg (`V2LegSwapper.MAX_HOPS`): a path of at most this many + 1 tokens. */
export const MAX_HOPS = 3;

/** EIP-712 type of a leg, exactly as `SwapRouter.LEG_TYPEHASH`. */
export const LEG_TYPE = [
  { name: 'amountIn', type: 'uint256' },
  { name: 'path', type: 'address[]' },
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
export function abiLegs(legs: readonly Leg[]): { amountIn: bigint; path: Address[] }[] {
  return legs.map((leg) => ({ amountIn: leg.amountIn, path: [...leg.path] }));
}
