// The service fee of API.md §4: taken from the input on-chain, rounded down.

export const BPS = 10_000n;

/** `floor(amountIn × feeBps / 10000)`; the pools swap `amountIn − fee`. */
export function serviceFee(amountIn: bigint, feeBps: number): bigint {
  return (amountIn * BigInt(feeBps)) / BPS;
}
