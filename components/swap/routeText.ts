// The route as words: "62 % ETH → USDC" per leg, with the native coin named where the router wraps or unwraps it, and
// on chains that serve several liquidity sources each hop's source and fee tier ("ETH → USDC · V3 0.05 %").
import type { Address } from 'viem';
import type { RouteHop, RouteLeg } from './quoteTypes';
import { isNativeToken, type SwapToken } from './swapTokens';

export type RouteLegText = { chainId: number; share: string; path: string };

/** A share in bps as a whole percent, or with one decimal below 10 % ("62 %", "4.5 %"). */
export function shareText(bps: number): string {
  if (bps >= 1000 || bps % 100 === 0) return `${Math.round(bps / 100)} %`;
  return `${(bps / 100).toFixed(1)} %`;
}

/**
 * The shares of one chain's legs (bps adding up to 10000) as texts that add up to exactly 100 % as shown: whole
 * percents, or tenths when a small share needs its decimal, rounded by largest remainder ("4.5 %" beside "95.5 %",
 * never "96 %").
 */
export function shareTexts(bps: readonly number[]): string[] {
  const stepBps = bps.some((b) => b < 1000 && b % 100 !== 0) ? 10 : 100;
  const total = bps.reduce((a, b) => a + b, 0);
  const units = bps.map((b) => Math.floor(b / stepBps));
  const left = Math.round(total / stepBps) - units.reduce((a, b) => a + b, 0);
  const byRemainder = bps.map((b, i) => ({ i, rest: b % stepBps })).sort((a, b) => b.rest - a.rest);
  for (let k = 0; k < left && k < byRemainder.length; k++) {
    const i = byRemainder[k]?.i ?? 0;
    units[i] = (units[i] ?? 0) + 1;
  }
  return units.map((u) => (stepBps === 100 || u % 10 === 0 ? `${u / (100 / stepBps)} %` : `${(u / 10).toFixed(1)} %`));
}

const SOURCE_NAMES: Record<RouteHop['source'], string> = { uniswap_v2: 'V2', uniswap_v3: 'V3' };

/** Whether the chain quotes more than one liquidity source (then a route names each hop's). */
export function servesSeveralSources(chains: readonly { id: number; liquiditySources: readonly string[] }[], chainId: number): boolean {
  return (chains.find((c) => c.id === chainId)?.liquiditySources.length ?? 1) > 1;
}

/** A hop's source and fee tier: "V3 0.05 %", "V2 0.3 %". */
export function hopSourceText(hop: Pick<RouteHop, 'source' | 'fee_ppm'>): string {
  return `${SOURCE_NAMES[hop.source]} ${hop.fee_ppm / 10_000} %`;
}

/**
 * Each leg's share and path in words; `labelHops(chainId)` says whether that chain serves more than one liquidity
 * source, where the path names each hop's source and fee tier.
 */
export function routeLegTexts(
  route: readonly RouteLeg[],
  tokenIn: SwapToken,
  tokenOut: SwapToken,
  symbolOf: (chainId: number, address: Address) => string,
  labelHops: (chainId: number) => boolean = () => false,
): RouteLegText[] {
  // Shares are rounded per chain, so each chain's legs add up to 100 % as shown.
  const shares = new Map<RouteLeg, string>();
  for (const chainId of new Set(route.map((l) => l.chain_id))) {
    const legs = route.filter((l) => l.chain_id === chainId);
    shareTexts(legs.map((l) => l.share_bps)).forEach((text, i) => {
      const leg = legs[i];
      if (leg) shares.set(leg, text);
    });
  }
  return route.map((leg) => {
    const tokens = leg.hops.length === 0 ? [] : [leg.hops[0]?.token_in, ...leg.hops.map((h) => h.token_out)];
    const names = tokens.filter((a): a is Address => a !== undefined).map((a) => symbolOf(leg.chain_id, a));
    if (isNativeToken(tokenIn) && leg.chain_id === tokenIn.chainId && names.length > 0) names[0] = tokenIn.symbol;
    if (isNativeToken(tokenOut) && leg.chain_id === tokenOut.chainId && names.length > 1) names[names.length - 1] = tokenOut.symbol;
    const sources = labelHops(leg.chain_id) && leg.hops.length > 0 ? ` · ${leg.hops.map(hopSourceText).join(', ')}` : '';
    return { chainId: leg.chain_id, share: shares.get(leg) ?? shareText(leg.share_bps), path: `${names.join(' → ')}${sources}` };
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
