// The fees of a same-nonce replacement for a gasless transaction not mined in time, within the submitter's cap, and
// of the cancel of one given up.

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

/** A plain transfer's gas: the cancel, a 0-value transfer to the submitter itself. */
export const CANCEL_GAS = 21_000n;

/**
 * The fees of a cancel (a 0-value self-transfer at the nonce of `sent`, whose gas limit is `sentGas`): bumpedFees
 * while that fits under `cap`. Past the cap it is still sent, at what the chain asks now (at least +10 % on each
 * field), as long as its whole cost stays within what the transaction it replaces could have cost
 * (`sentGas` × its maxFeePerGas): a cancel left unsent would hold every later transaction of the account at its
 * nonce. Undefined only when even +10 % passes that (a cancel replacing a cancel).
 */
export function cancelFees(sent: Fees, sentGas: bigint, now: Fees, cap: bigint): Fees | undefined {
  const withinCap = bumpedFees(sent, now, cap);
  if (withinCap) return withinCap;
  const bound = (sentGas * sent.maxFeePerGas) / CANCEL_GAS;
  const minFee = atLeastTenPercentMore(sent.maxFeePerGas);
  const minTip = atLeastTenPercentMore(sent.maxPriorityFeePerGas);
  if (minFee > bound || minTip > bound) return undefined;
  const wanted = max(minFee, now.maxFeePerGas);
  const maxFeePerGas = wanted > bound ? bound : wanted;
  const tip = max(minTip, now.maxPriorityFeePerGas);
  return { maxFeePerGas, maxPriorityFeePerGas: tip > maxFeePerGas ? maxFeePerGas : tip };
}
