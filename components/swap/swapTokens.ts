// The tokens a trader can pick on a chain: its native coin (the zero address) followed by the registry's tokens.
import { isAddressEqual, zeroAddress, type Address } from 'viem';
import type { PublicChain } from '@/lib/chains/publicChain';

export type SwapToken = {
  chainId: number; address: Address; symbol: string; name: string; decimals: number;
  /** false for a token not in the chain registry (seen in a pool, or imported by address); absent means registry. */
  verified?: boolean;
};

export function swapTokens(chain: PublicChain): SwapToken[] {
  const native: SwapToken = { chainId: chain.id, address: zeroAddress, symbol: chain.nativeSymbol, name: chain.name + ' ' + chain.nativeSymbol, decimals: chain.nativeDecimals };
  return [native, ...chain.tokens.map((t) => ({ chainId: chain.id, address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals }))];
}

export function findToken(chains: PublicChain[], chainId: number, address: Address): SwapToken | undefined {
  const chain = chains.find((c) => c.id === chainId);
  return chain ? swapTokens(chain).find((t) => isAddressEqual(t.address, address)) : undefined;
}

export const isNativeToken = (t: SwapToken) => isAddressEqual(t.address, zeroAddress);

/** Case-insensitive match on symbol, name, or an address prefix. */
export function matchesSearch(token: SwapToken, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return token.symbol.toLowerCase().includes(q) || token.name.toLowerCase().includes(q) || token.address.toLowerCase().startsWith(q);
}

export const sameToken = (a: SwapToken, b: SwapToken) => a.chainId === b.chainId && isAddressEqual(a.address, b.address);
