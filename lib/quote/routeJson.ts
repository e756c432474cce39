// The wire form of an engine quote's route (API.md §4 extras).
import type { ExactInQuote } from './quoteExactIn';

export type RouteHopJson = { pool: string; token_in: string; token_out: string };

export function routeJson(quote: ExactInQuote): RouteHopJson[] {
  return quote.route.map((hop) => ({ pool: hop.pool, token_in: hop.tokenIn, token_out: hop.tokenOut }));
}
