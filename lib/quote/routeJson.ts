// The wire form of an engine quote's route (API.md §4): its legs in execution order, each with its share and hops.
import type { ExactInQuote, RouteHop } from './quoteExactIn';
import { BPS } from './serviceFee';

export type RouteHopJson = { pool: string; token_in: string; token_out: string; source: RouteHop['source']; fee_ppm: number };
export type RouteLegJson = { chain_id: number; share_bps: number; amount_in: string; amount_out: string; hops: RouteHopJson[] };

/** Each amount's share of their total in bps, rounded down, the remainder given to the largest so they add up to 10000. */
export function sharesBps(amounts: readonly bigint[]): number[] {
  const total = amounts.reduce((a, b) => a + b, 0n);
  if (total === 0n) return amounts.map(() => 0);
  const shares = amounts.map((a) => Number((a * BPS) / total));
  let largest = 0;
  amounts.forEach((a, i) => {
    if (a > (amounts[largest] ?? 0n)) largest = i;
  });
  shares[largest] = (shares[largest] ?? 0) + Number(BPS) - shares.reduce((a, b) => a + b, 0);
  return shares;
}

/** A hop on the wire: the pool, its tokens, and which source it is with its fee (API.md §8). */
export function hopJson(hop: RouteHop): RouteHopJson {
  return { pool: hop.pool, token_in: hop.tokenIn, token_out: hop.tokenOut, source: hop.source, fee_ppm: hop.feePpm };
}

export function routeJson(quote: ExactInQuote): RouteLegJson[] {
  const shares = sharesBps(quote.legs.map((leg) => leg.amountIn));
  return quote.legs.map((leg, i) => ({
    chain_id: quote.chainId,
    share_bps: shares[i] ?? 0,
    amount_in: leg.amountIn.toString(),
    amount_out: leg.amountOut.toString(),
    hops: leg.hops.map(hopJson),
  }));
}
