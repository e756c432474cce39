'use client';
// Polls GET /v1/quote/status for one quote about once a second until it reaches a final state.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { quoteStatusView } from '@/components/activity/quoteStatusView';
import { useApiBase } from '@/components/wallet/ApiBaseContext';
import { swapdeskClientFor } from '@/lib/client/createSwapdeskClient';
import { apiCall, bearer } from './apiFetch';
import type { QuoteStatus } from './quoteTypes';

export const STATUS_POLL_MS = 1_000;
/** A tracked order (cross-chain) is over once settled or refunded, or expired without a deposit (quoteStatusView). */
export const isFinalStatus = (s: QuoteStatus | undefined) => s !== undefined && quoteStatusView(s.status, true, s.src_tx_hash !== null).final;

/** `baseUrl` is the app's BASE_PATH ('' at the root). */
export const quoteStatusOptions = (quoteId: string, token: string | undefined, baseUrl = '') =>
  queryOptions({
    queryKey: ['quoteStatus', quoteId] as const,
    queryFn: ({ signal }) =>
      apiCall(swapdeskClientFor(baseUrl).GET('/v1/quote/status', { params: { query: { quote_id: quoteId } }, headers: bearer(token), signal }), signal) as Promise<QuoteStatus>,
    enabled: token !== undefined,
    refetchInterval: (q) => (isFinalStatus(q.state.data) ? false : STATUS_POLL_MS),
    retry: 2,
  });

export function useQuoteStatus(quoteId: string, token: string | undefined) {
  return useQuery(quoteStatusOptions(quoteId, token, useApiBase()));
}
