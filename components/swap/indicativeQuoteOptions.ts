// Query options of the live indicative quote: every input that changes the answer is in the key, the fetch takes the abort signal.
import { queryOptions } from '@tanstack/react-query';
import { swapdeskClientFor } from '@/lib/client/createSwapdeskClient';
import { ApiCallError, apiCall, bearer, type ApiErrorType } from './apiFetch';
import type { IndicativeQuote, IndicativeQuoteRequest } from './quoteTypes';

const MAX_RETRIES = 3;
const RETRYABLE = new Set<ApiErrorType>(['RATE_LIMITED', 'CHAIN_UNAVAILABLE', 'NETWORK']);

export type IndicativeQuoteParams = {
  request: IndicativeQuoteRequest | null;
  token: string | undefined;
  /** Poll interval; `false` while typing or when polling should stop. */
  pollMs: number | false;
  /** The app's BASE_PATH in the page ('' at the root); an origin too for callers outside the browser (tests). */
  baseUrl?: string;
};

export function indicativeQuoteKey(request: IndicativeQuoteRequest | null) {
  return [
    'quote',
    'indicative',
    request?.src_chain_id ?? null,
    request?.dst_chain_id ?? null,
    request?.token_in ?? null,
    request?.token_out ?? null,
    request?.amount_in ?? null,
  ] as const;
}

export function indicativeQuoteOptions({ request, token, pollMs, baseUrl = '' }: IndicativeQuoteParams) {
  return queryOptions({
    queryKey: indicativeQuoteKey(request),
    queryFn: ({ signal }) => {
      if (!request) throw new Error('indicative quote asked without inputs');
      const call = swapdeskClientFor(baseUrl).POST('/v1/quote/indicative', { body: request, headers: bearer(token), signal });
      // The echoed tokens are the request's, already typed as addresses.
      return apiCall(call, signal) as Promise<IndicativeQuote>;
    },
    enabled: request !== null && token !== undefined,
    // The server answers the same inputs the same way; only rate limits and an unreachable chain are worth a retry.
    retry: (failures, error) => failures < MAX_RETRIES && error instanceof ApiCallError && RETRYABLE.has(error.type),
    retryDelay: (_failures, error) => (error instanceof ApiCallError && error.retryAfterSec ? error.retryAfterSec * 1_000 : 1_000),
    staleTime: 0,
    gcTime: 30_000,
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
