// Slippage in exact integers: percent with a precision of 0.0001 % (1e-6 as a fraction), API.md §2 and §4.
import { DomainError } from '@/lib/domain/DomainError';

export const PPM = 1_000_000n;

/** Slippage percent → parts per million of the amount (0.5 % → 5000). */
export function slippagePpm(slippagePercent: number): bigint {
  return BigInt(Math.round(slippagePercent * 10_000));
}

/** `floor(amountOut × (1 − slippage/100))`. */
export function minAmountOut(amountOut: bigint, ppm: bigint): bigint {
  return (amountOut * (PPM - ppm)) / PPM;
}

/** 409 SLIPPAGE_EXCEEDED when the firm output falls below the indicative one by more than the slippage allows. */
export function assertWithinSlippage(indicativeAmountOut: bigint, amountOut: bigint, ppm: bigint): void {
  if (amountOut * PPM >= indicativeAmountOut * (PPM - ppm)) return;
  const deviationBps = Number(((indicativeAmountOut - amountOut) * 10_000n) / indicativeAmountOut);
  const allowedBps = Number(ppm) / 100;
  throw new DomainError(
    'SLIPPAGE_EXCEEDED',
    `amount_out ${amountOut} is ${deviationBps} bps below indicative_amount_out ${indicativeAmountOut}, more than the slippage allows (${allowedBps} bps)`,
    {
      field: 'indicative_amount_out',
      indicative_amount_out: indicativeAmountOut.toString(),
      amount_out: amountOut.toString(),
      deviation_bps: deviationBps,
      allowed_bps: allowedBps,
    },
  );
}

/**
 * 400 naming `slippage` when a cross-chain quote asks for more than `capBps`: the destination fill is open to any
 * filler, who could sandwich its swap down to the minimum, so the minimum must stay close to the quote.
 */
export function assertCrossChainSlippage(ppm: bigint, capBps: number): void {
  if (ppm <= BigInt(capBps) * 100n) return;
  throw new DomainError(
    'INVALID_ARGUMENT',
    `slippage must be at most ${capBps / 100} % for a cross-chain quote (got ${Number(ppm) / 10_000} %): the swap on the destination chain is open to any filler`,
    { field: 'slippage' },
  );
}
