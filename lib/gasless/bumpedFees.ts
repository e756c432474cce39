// The fees of a same-nonce replacement for a gasless transaction not mined in time, within the submitter's cap.

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/** Nodes take a same-nonce replacement only at this share or more of the fees it replaces, on both fields (geth: +10 %). */
const REPLACEMENT_MIN_PCT = 110n;

const atLeastTenPercentMore = (v: bigint) => (v * REPLACEMENT_MIN_PCT + 99n) / 100n;
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * The higher of "+10 % on each field" and what the chain asks now, with maxFeePerGas held at `cap`;
 * undefined when even the +10 % would exceed the cap (the transaction is left as it is).
 */
export function bumpedFees(sent: Fees, now: Fees, cap: bigint): Fees | undefined {
  const minFee = atLeastTenPercentMore(sent.maxFeePerGas);
  const minTip = atLeastTenPercentMore(sent.maxPriorityFeePerGas);
  if (minFee > cap || minTip > cap) return undefined;
  const maxFeePerGas = max(minFee, now.maxFeePerGas) > cap ? cap : max(minFee, now.maxFeePerGas);
  const tip = max(minTip, now.maxPriorityFeePerGas);
  return { maxFeePerGas, maxPriorityFeePerGas: tip > maxFeePerGas ? maxFeePerGas : tip };
}
