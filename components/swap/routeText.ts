// The route as words: "62 % ETH → USDC" per leg, with the native coin named where the router wraps or unwraps it.
import type { Address } from 'viem';
import type { RouteLeg } from './quoteTypes';
import { isNativeToken, type SwapToken } from './swapTokens';

export type RouteLegText = { chainId: number; share: string; path: string };

/** A share in bps as a whole percent, or with one decimal below 10 % ("62 %", "4.5 %"). */
export function shareText(bps: number): string {
  if (bps >= 1000 || bps % 100 === 0) return `${Math.round(bps / 100)} %`;
  return `${(bps / 100).toFixed(1)} %`;
}

export function routeLegTexts(route: readonly RouteLeg[], tokenIn: SwapToken, tokenOut: SwapToken, symbolOf: (chainId: number, address: Address) => string): RouteLegText[] {
  return route.map((leg) => {
    const tokens = leg.hops.length === 0 ? [] : [leg.hops[0]?.token_in, ...leg.hops.map((h) => h.token_out)];
    const names = tokens.filter((a): a is Address => a !== undefined).map((a) => symbolOf(leg.chain_id, a));
    if (isNativeToken(tokenIn) && leg.chain_id === tokenIn.chainId && names.length > 0) names[0] = tokenIn.symbol;
    if (isNativeToken(tokenOut) && leg.chain_id === tokenOut.chainId && names.length > 1) names[names.length - 1] = tokenOut.symbol;
    return { chainId: leg.chain_id, share: shareText(leg.share_bps), path: names.join(' → ') };
  });
}

/** One line for the whole route: "62 % ETH → USDC · 38 % ETH → DAI → USDC", or just the path for one leg. */
export function routeText(legs: readonly RouteLegText[]): string {
  if (legs.length === 1) return legs[0]?.path ?? '';
  return legs.map((l) => `${l.share} ${l.path}`).join(' · ');
}

/**
 * A cross-chain route: one part per chain in order, each in the words of `routeText`
 * ("Devnet A: 91 % ETH → WBTC → USDC · 9 % ETH → USDC ⟶ Devnet B: USDC"); a leg without hops hands the bridge asset on.
 */
export function crossChainRouteText(legs: readonly RouteLegText[], chainName: (chainId: number) => string, bridgeSymbol: (chainId: number) => string): string {
  const chainIds = [...new Set(legs.map((l) => l.chainId))];
  return chainIds
    .map((id) => {
      const onChain = legs.filter((l) => l.chainId === id).map((l) => (l.path === '' ? { ...l, path: bridgeSymbol(id) } : l));
      return `${chainName(id)}: ${routeText(onChain)}`;
    })
    .join(' ⟶ ');
}
