// USD figures beside amounts: a token's USD price from an indicative quote into the chain's USD stablecoin (its
// bridge asset), taken at the route's mid price (fee and price impact added back); floats only for display.
import type { IndicativeQuote } from './quoteTypes';

/** USD per whole token from a quote of some of it into a USD stablecoin with `usdDecimals`; undefined when empty. */
export function usdPerToken(quote: Pick<IndicativeQuote, 'amount_in' | 'amount_out' | 'fee_amount' | 'price_impact_bps'>, tokenDecimals: number, usdDecimals: number): number | undefined {
  const swapped = Number(BigInt(quote.amount_in) - BigInt(quote.fee_amount)) / 10 ** tokenDecimals;
  const out = Number(BigInt(quote.amount_out)) / 10 ** usdDecimals;
  if (!(swapped > 0) || !(out > 0) || quote.price_impact_bps >= 10_000) return undefined;
  return out / swapped / (1 - quote.price_impact_bps / 10_000);
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$2,995.60", "$0.42"; an amount under a cent says "<$0.01". */
export function usdText(units: bigint, decimals: number, usdPerWhole: number | undefined): string | undefined {
  if (usdPerWhole === undefined) return undefined;
  const value = (Number(units) / 10 ** decimals) * usdPerWhole;
  if (!Number.isFinite(value)) return undefined;
  if (value > 0 && value < 0.01) return '<$0.01';
  return USD.format(value);
}
