'use client';
// The tokens the picker offers on a chain: the registry's at once, then every token the API lists (pool tokens,
// with USD prices) and the ones this browser imported; plus the lookup of a pasted address that is not among them.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { getAddress, isAddress, isAddressEqual, type Address } from 'viem';
import { useApiBase } from '@/components/wallet/ApiBaseContext';
import type { PublicChain } from '@/lib/chains/publicChain';
import { swapdeskClientFor } from '@/lib/client/createSwapdeskClient';
import { apiCall } from './apiFetch';
import { loadImportedTokens, saveImportedToken } from './importedTokens';
import { swapTokens, type SwapToken } from './swapTokens';

export type PricedToken = SwapToken & { priceUsd: string | null };

const TOKENS_STALE_MS = 30_000;

export function useChainTokens(chain: PublicChain | undefined) {
  const baseUrl = useApiBase();
  const chainId = chain?.id ?? 0;
  const [imported, setImported] = useState(() => (typeof window === 'undefined' ? [] : loadImportedTokens(window.localStorage, chainId)));
  const [importedFor, setImportedFor] = useState(chainId);
  if (importedFor !== chainId) {
    setImportedFor(chainId);
    setImported(typeof window === 'undefined' ? [] : loadImportedTokens(window.localStorage, chainId));
  }
  const listed = useQuery({
    queryKey: ['tokens', chainId],
    queryFn: ({ signal }) => apiCall(swapdeskClientFor(baseUrl).GET('/v1/tokens', { params: { query: { chainId, limit: 1000 } }, signal }), signal),
    enabled: chain !== undefined,
    staleTime: TOKENS_STALE_MS,
  });
  const tokens = useMemo<PricedToken[]>(() => {
    if (!chain) return [];
    const out: PricedToken[] = swapTokens(chain).map((t) => ({ ...t, verified: true, priceUsd: null }));
    const at = (address: string) => out.findIndex((t) => isAddressEqual(t.address, address as Address));
    for (const t of listed.data ?? []) {
      const i = at(t.address);
      if (i >= 0) out[i] = { ...(out[i] as PricedToken), priceUsd: t.price_usd };
      else out.push({ chainId, address: getAddress(t.address), symbol: t.symbol, name: t.name, decimals: t.decimals, verified: t.verified, priceUsd: t.price_usd });
    }
    for (const t of imported) if (at(t.address) < 0) out.push({ ...t, verified: false, priceUsd: null });
    return out;
  }, [chain, chainId, listed.data, imported]);
  const importToken = (token: SwapToken) => {
    saveImportedToken(window.localStorage, token);
    setImported(loadImportedTokens(window.localStorage, chainId));
  };
  return { tokens, importToken };
}

/** A pasted address that is not in the list, looked up (read on-chain by the API); 404 means not a token. */
export function useTokenLookup(chainId: number, search: string, known: PricedToken[]) {
  const baseUrl = useApiBase();
  const text = search.trim();
  const address = isAddress(text, { strict: false }) ? getAddress(text.toLowerCase()) : undefined;
  const unknown = address !== undefined && !known.some((t) => isAddressEqual(t.address, address));
  return useQuery({
    queryKey: ['tokens', chainId, 'address', address ?? null],
    queryFn: async ({ signal }): Promise<SwapToken> => {
      const rows = await apiCall(swapdeskClientFor(baseUrl).GET('/v1/tokens', { params: { query: { chainId, address: address ?? '' } }, signal }), signal);
      const t = rows[0];
      if (!t) throw new Error('no token in the answer');
      return { chainId, address: getAddress(t.address), symbol: t.symbol, name: t.name, decimals: t.decimals, verified: false };
    },
    enabled: unknown,
    retry: false,
    staleTime: Infinity,
  });
}
