// Converts a generated quantity in whole tokens (a float from the market simulation) to base units.
import { parseUnits } from 'viem';

/** Rounds to 6 significant decimals first: simulated sizes carry no meaningful precision beyond that. */
export function wholeUnits(amount: number, decimals: number): bigint {
  if (!Number.isFinite(amount) || amount < 0) throw new Error(`wholeUnits: bad amount ${amount}`);
  const digits = Math.max(0, Math.min(decimals, 6 - Math.floor(Math.log10(Math.max(amount, 1e-18)))));
  return parseUnits(amount.toFixed(Math.min(digits, 20)), decimals);
}
