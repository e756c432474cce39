// The liquidity sources the settlement router executes hops through: quotes route only through these, so every
// quote can be settled as signed. A source joins the list when SwapRouter's legs can carry its hops.
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { LIQUIDITY_SOURCES, type LiquiditySource } from '@/lib/routing/pool';

export const ROUTER_SOURCES: readonly LiquiditySource[] = ['uniswap_v2', 'uniswap_v3'];

/** The sources a quote on `chain` routes through: deployed there and executed by the router. */
export function quotedSources(chain: Pick<ChainConfig, 'v3Factory'>): LiquiditySource[] {
  return ROUTER_SOURCES.filter((s) => s !== 'uniswap_v3' || chain.v3Factory !== undefined);
}

/** A request's `excluded_sources` plus every source the router cannot execute. */
export function excludedForQuotes(excluded: readonly LiquiditySource[] | undefined): LiquiditySource[] {
  return [...new Set([...(excluded ?? []), ...LIQUIDITY_SOURCES.filter((s) => !ROUTER_SOURCES.includes(s))])];
}
