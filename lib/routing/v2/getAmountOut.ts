// Uniswap V2's exact integer swap formula (UniswapV2Library.getAmountOut), so a quote never disagrees with the chain.

/** Largest reserve a V2 pair can hold: `_update` requires balances to fit in uint112. */
export const MAX_RESERVE = 2n ** 112n - 1n;

/**
 * Output of swapping `amountIn` into a pool holding `reserveIn` / `reserveOut`, with the 0.3 % LP fee.
 * Returns 0n where the pair would revert (empty reserves, zero input) so callers can treat it as "no output".
 */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const amountInWithFee = amountIn * 997n;
  return (amountInWithFee * reserveOut) / (reserveIn * 1000n + amountInWithFee);
}

/** True when the pair can accept `amountIn` at all: its input balance must still fit in uint112. */
export function fitsPool(amountIn: bigint, reserveIn: bigint): boolean {
  return reserveIn + amountIn <= MAX_RESERVE;
}
