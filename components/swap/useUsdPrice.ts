'use client';
// A token's USD price for the swap page's dollar figures: 1 for the chain's USD stablecoin (its bridge asset), else an
// indicative quote of one whole token into it, refreshed every half minute.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isAddressEqual } from 'viem';
import { useChains } from '@/components/wallet/ChainsContext';
import { useApiBase } from '@/components/wallet/ApiBaseContext';
import { useApiToken } from '@/components/wallet/useApiToken';
import { swapdeskClientFor } from '@/lib/client/createSwapdeskClient';
import { apiCall, bearer } from './apiFetch';
import type { IndicativeQuote, IndicativeQuoteRequest } from './quoteTypes';
import { findToken, type SwapToken } from './swapTokens';
import { usdPerToken } from './usdValue';

const USD_PRICE_POLL_MS = 30_000;

/** Its own cache entry, apart from the swap form's live quote of the same request, which polls and pauses by its own rules. */
function usdPriceOptions(request: IndicativeQuoteRequest | null, token: string | undefined, baseUrl: string) {
  return queryOptions({
    queryKey: ['usdPrice', request?.src_chain_id ?? null, request?.token_in ?? null, request?.token_out ?? null, request?.amount_in ?? null] as const,
    queryFn: ({ signal }) => {
      if (!request) throw new Error('USD price asked without a token');
      return apiCall(swapdeskClientFor(baseUrl).POST('/v1/quote/indicative', { body: request, headers: bearer(token), signal }), signal) as Promise<IndicativeQuote>;
    },
    enabled: request !== null && token !== undefined,
    retry: false,
    refetchInterval: USD_PRICE_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useUsdPrice(token: SwapToken | undefined): number | undefined {
  const chains = useChains();
  const { quoteToken } = useApiToken();
  const baseUrl = useApiBase();
  const usd = (token && chains.find((c) => c.id === token.chainId)?.bridgeToken) ?? null;
  const usdToken = token && usd ? findToken(chains, token.chainId, usd) : undefined;
  const isUsd = token !== undefined && usd !== null && isAddressEqual(usd, token.address);
  const request = token && usd && usdToken && !isUsd
    ? { src_chain_id: token.chainId, dst_chain_id: token.chainId, token_in: token.address, token_out: usd, amount_in: (10n ** BigInt(token.decimals)).toString() }
    : null;
  const query = useQuery(usdPriceOptions(request, quoteToken, baseUrl));
  if (isUsd) return 1;
  return token && query.data && usdToken ? usdPerToken(query.data, token.decimals, usdToken.decimals) : undefined;
}
