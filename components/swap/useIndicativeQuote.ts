'use client';
// The live indicative quote of the swap form: debounced inputs, aborted superseded requests, polling while idle and visible, stale quotes dropped.
import { useQuery } from '@tanstack/react-query';
import { useNow } from '@/components/ui/useNow';
import { useApiBase } from '@/components/wallet/ApiBaseContext';
import { indicativeQuoteOptions } from './indicativeQuoteOptions';
import { isQuoteFresh, QUOTE_DEBOUNCE_MS } from './quoteTiming';
import type { IndicativeQuote, IndicativeQuoteRequest } from './quoteTypes';
import { useDebouncedValue } from './useDebouncedValue';

const sameRequest = (a: IndicativeQuoteRequest | null, b: IndicativeQuoteRequest | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.src_chain_id === b.src_chain_id &&
    a.dst_chain_id === b.dst_chain_id &&
    a.token_in === b.token_in &&
    a.token_out === b.token_out &&
    a.amount_in === b.amount_in);

export type IndicativeQuoteState = {
  /** The quote for exactly the inputs on screen, or undefined. */
  quote: IndicativeQuote | undefined;
  /** Typing has not settled, or a request for the current inputs is in flight. */
  updating: boolean;
  /** The latest failure (or retry reason) for the inputs on screen. */
  error: unknown;
  /** A quote existed but aged out (no fresh answer within poll + grace). */
  stale: boolean;
};

export function useIndicativeQuote(request: IndicativeQuoteRequest | null, token: string | undefined, pollMs: number, paused = false): IndicativeQuoteState {
  const debounced = useDebouncedValue(request, QUOTE_DEBOUNCE_MS, sameRequest);
  const idle = !debounced.pending && !paused;
  const query = useQuery(indicativeQuoteOptions({ request: debounced.value, token, pollMs: idle ? pollMs : false, baseUrl: useApiBase() }));
  const now = useNow(1_000);
  const current = !debounced.pending && sameRequest(debounced.value, request);
  const fresh = query.data !== undefined && isQuoteFresh(query.dataUpdatedAt, now, pollMs);
  const quote = current && fresh ? query.data : undefined;
  return {
    quote,
    updating: request !== null && (debounced.pending || (query.isFetching && quote === undefined)),
    // failureReason covers a retry in progress (rate limit); error stays through a refetch, so it does not flicker.
    error: current ? (query.failureReason ?? query.error) : null,
    stale: current && query.data !== undefined && !fresh,
  };
}
