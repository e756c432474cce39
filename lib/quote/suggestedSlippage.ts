// The slippage Swapdesk suggests for a quote (as Uniswap's "Auto"): enough for the route's price to move against the
// trader as it has lately over the time a trader takes to review and send (and the fill time for a cross-chain route),
// within bounds.
import type { Address } from 'viem';
import { normaliseAddress } from '@/lib/domain/normaliseAddress';
import type { RouteHopJson, RouteLegJson } from './routeJson';

/**
 * How far the output of one leg's path fell lately over the horizon the caller chose, as a fraction (0.004 for 0.4 %),
 * or undefined when the chain has not been watched long enough.
 */
export type LegMove = (chainId: number, hops: readonly RouteHopJson[]) => number | undefined;

export type SlippageBounds = { minBps: number; maxBps: number };

export const SAME_CHAIN_SLIPPAGE_BPS: SlippageBounds = { minBps: 10, maxBps: 100 };
/** Cross-chain: the fill adds time and a second chain; never above the service's cross-chain cap. */
export const CROSS_CHAIN_SLIPPAGE_BPS: SlippageBounds = { minBps: 30, maxBps: 200 };
/** From the firm quote to the transaction mined: a review held up to 30 s, signing and inclusion. */
export const REVIEW_HORIZON_SEC = 40;
/** Before the pools have been watched long enough, the usual default. */
const FALLBACK_BPS = 50;
const STEP_BPS = 5;

/** A leg's hops as the chain follower's pool history reads them: each pool and the token that goes into it. */
export function hopDirections(hops: readonly RouteHopJson[]): { pool: Address; tokenIn: Address }[] {
  return hops.map((hop) => ({ pool: normaliseAddress(hop.pool), tokenIn: normaliseAddress(hop.token_in) }));
}

/** The route's move: per chain the leg that fell furthest, added over chains (a cross-chain route must survive both). */
function routeMove(route: readonly RouteLegJson[], move: LegMove): number | undefined {
  const perChain = new Map<number, number>();
  for (const leg of route) {
    if (leg.hops.length === 0) continue;
    const fall = move(leg.chain_id, leg.hops);
    if (fall === undefined) return undefined;
    perChain.set(leg.chain_id, Math.max(perChain.get(leg.chain_id) ?? 0, fall));
  }
  return [...perChain.values()].reduce((a, b) => a + b, 0);
}

/** Suggested slippage in percent (a multiple of 0.05 %), within `bounds`. */
export function suggestedSlippage(route: readonly RouteLegJson[], move: LegMove, bounds: SlippageBounds): number {
  const fall = routeMove(route, move);
  const raw = fall === undefined ? FALLBACK_BPS : fall * 10_000;
  const stepped = Math.ceil(raw / STEP_BPS - 1e-9) * STEP_BPS;
  const bps = Math.min(bounds.maxBps, Math.max(bounds.minBps, stepped));
  return bps / 100;
}
