// The pair a link opens the swap form with (`/?chain=…&in=…&out=…`, as the pair page's Swap button links; `out_chain`
// names the chain of the token received when it is another one, a cross-chain pair).
import { isAddress, type Address } from 'viem';
import type { PublicChain } from '@/lib/chains/publicChain';
import { findToken, sameToken, swapTokens, type SwapToken } from './swapTokens';

/** The query as the page receives it: each value a string, a repeated key an array, an absent one undefined. */
export type SwapStartQuery = { chain?: string | string[]; in?: string | string[]; out?: string | string[]; out_chain?: string | string[] };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** A token of the chain by address, or by symbol (case-insensitive) for hand-written links. */
function tokenOf(chains: PublicChain[], chain: PublicChain, ref: string | undefined): SwapToken | undefined {
  if (!ref) return undefined;
  if (isAddress(ref, { strict: false })) return findToken(chains, chain.id, ref as Address);
  const symbol = ref.toLowerCase();
  return swapTokens(chain).find((t) => t.symbol.toLowerCase() === symbol);
}

function chainOf(chains: PublicChain[], ref: string | undefined): PublicChain | undefined {
  const chainId = Number(ref);
  return Number.isInteger(chainId) ? chains.find((c) => c.id === chainId) : undefined;
}

/** The two tokens the link names, or null when it names none, an unknown chain or token, or the same token twice. */
export function swapStartPair(chains: PublicChain[], query: SwapStartQuery | undefined): { tokenIn: SwapToken; tokenOut: SwapToken } | null {
  const chain = chainOf(chains, one(query?.chain));
  const outChain = one(query?.out_chain) === undefined ? chain : chainOf(chains, one(query?.out_chain));
  if (!chain || !outChain) return null;
  const tokenIn = tokenOf(chains, chain, one(query?.in));
  const tokenOut = tokenOf(chains, outChain, one(query?.out));
  if (!tokenIn || !tokenOut || sameToken(tokenIn, tokenOut)) return null;
  return { tokenIn, tokenOut };
}

/** The query naming a pair, as swapStartPair reads it: `chain`, `in`, `out` by address, and `out_chain` for a cross-chain pair. */
export function swapPairQuery(tokenIn: SwapToken, tokenOut: SwapToken): string {
  const query = new URLSearchParams({ chain: String(tokenIn.chainId), in: tokenIn.address, out: tokenOut.address });
  if (tokenOut.chainId !== tokenIn.chainId) query.set('out_chain', String(tokenOut.chainId));
  return query.toString();
}
