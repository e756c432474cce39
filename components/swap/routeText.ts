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
  return legWords(legs).join(' · ');
}

/** Each leg in words: its share and path, or the bare path when it is the only one. */
function legWords(legs: readonly RouteLegText[]): string[] {
  if (legs.length === 1) return [legs[0]?.path ?? ''];
  return legs.map((l) => `${l.share} ${l.path}`);
}

/** One chain's part of a cross-chain route: the chain's name and its legs in the words of `routeText`. */
export type ChainRoutePart = { chain: string; legs: string[] };

/** A cross-chain route per chain in order; a leg without hops hands the bridge asset on as it is. */
export function crossChainRouteParts(legs: readonly RouteLegText[], chainName: (chainId: number) => string, bridgeSymbol: (chainId: number) => string): ChainRoutePart[] {
  const chainIds = [...new Set(legs.map((l) => l.chainId))];
  return chainIds.map((id) => {
    const onChain = legs.filter((l) => l.chainId === id).map((l) => (l.path === '' ? { ...l, path: bridgeSymbol(id) } : l));
    return { chain: chainName(id), legs: legWords(onChain) };
  });
}
