// Exact rational prices of a pair in the asked orientation, from trade amounts (base units) and decimals.
import type { MarketPairsTable } from '@/lib/db/schema';
import type { Fill } from './candleAgg';
import { ratioString } from './decimalString';

export type Ratio = { n: bigint; d: bigint };

/** Human-unit price (quote per base, or base per quote when inverted) of a fill. */
export function fillPrice(pair: MarketPairsTable, inverted: boolean, fill: Fill): Ratio {
  const baseScale = 10n ** BigInt(pair.base_decimals);
  const quoteScale = 10n ** BigInt(pair.quote_decimals);
  return inverted ? { n: fill.b * quoteScale, d: fill.q * baseScale } : { n: fill.q * baseScale, d: fill.b * quoteScale };
}

export const ratioText = (r: Ratio) => (r.d === 0n ? '0' : ratioString(r.n, r.d));
export const mulRatio = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.n, d: a.d * b.d });
