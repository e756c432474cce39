// The pair a link opens the swap form with (`/?chain=…&in=…&out=…`, as the pair page's Swap button links).
import { isAddress, type Address } from 'viem';
import type { PublicChain } from '@/lib/chains/publicChain';
import { findToken, swapTokens, type SwapToken } from './swapTokens';

/** The query as the page receives it: each value a string, a repeated key an array, an absent one undefined. */
export type SwapStartQuery = { chain?: string | string[]; in?: string | string[]; out?: string | string[] };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** A token of the chain by address, or by symbol (case-insensitive) for hand-written links. */
function tokenOf(chains: PublicChain[], chain: PublicChain, ref: string | undefined): SwapToken | undefined {
  if (!ref) return undefined;
  if (isAddress(ref, { strict: false })) return findToken(chains, chain.id, ref as Address);
  const symbol = ref.toLowerCase();
  return swapTokens(chain).find((t) => t.symbol.toLowerCase() === symbol);
}

/** The two tokens the link names, or null when it names none, an unknown chain or token, or the same token twice. */
export function swapStartPair(chains: PublicChain[], query: SwapStartQuery | undefined): { tokenIn: SwapToken; tokenOut: SwapToken } | null {
  const chainId = Number(one(query?.chain));
  const chain = Number.isInteger(chainId) ? chains.find((c) => c.id === chainId) : undefined;
  if (!chain) return null;
  const tokenIn = tokenOf(chains, chain, one(query?.in));
  const tokenOut = tokenOf(chains, chain, one(query?.out));
  if (!tokenIn || !tokenOut || tokenIn.address.toLowerCase() === tokenOut.address.toLowerCase()) return null;
  return { tokenIn, tokenOut };
}
