'use client';
// The live indicative quote of the swap form over one quote stream per input state: debounced inputs, the previous
// stream closed when they change or the tab is hidden, reopened when the server ends it, stale quotes dropped.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNow } from '@/components/ui/useNow';
import { useApiBase } from '@/components/wallet/ApiBaseContext';
import { ApiCallError, type ApiErrorType } from './apiFetch';
import { openQuoteStream } from './openQuoteStream';
import { QUOTE_DEBOUNCE_MS, QUOTE_STALE_GRACE_MS } from './quoteTiming';
import type { IndicativeQuote, IndicativeQuoteRequest } from './quoteTypes';
import { useDebouncedValue } from './useDebouncedValue';

/** The server's heartbeat period: a stream silent for longer (plus the grace) has gone quiet. */
const STREAM_HEARTBEAT_MS = 15_000;
const RETRYABLE = new Set<ApiErrorType>(['RATE_LIMITED', 'CHAIN_UNAVAILABLE', 'NETWORK']);
const MAX_BACKOFF_MS = 10_000;

const keyOf = (r: IndicativeQuoteRequest | null) => (r === null ? '' : [r.src_chain_id, r.dst_chain_id, r.token_in, r.token_out, r.amount_in].join(':'));
const sameRequest = (a: IndicativeQuoteRequest | null, b: IndicativeQuoteRequest | null) => keyOf(a) === keyOf(b);

export type IndicativeQuoteState = {
  /** The quote for exactly the inputs on screen, or undefined. */
  quote: IndicativeQuote | undefined;
  /** Typing has not settled, or the stream for the current inputs has not answered yet. */
  updating: boolean;
  /** The latest failure for the inputs on screen. */
  error: unknown;
  /** A quote existed but the stream went quiet (no event or heartbeat within heartbeat + grace). */
  stale: boolean;
};

type StreamState = { key: string; quote: IndicativeQuote | undefined; error: unknown; aliveAt: number };

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const visibleNow = () => document.visibilityState !== 'hidden';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });

export function useIndicativeQuote(request: IndicativeQuoteRequest | null, token: string | undefined, pollMs: number, paused = false): IndicativeQuoteState {
  const debounced = useDebouncedValue(request, QUOTE_DEBOUNCE_MS, sameRequest);
  const baseUrl = useApiBase();
  // Never streams in a background tab: the stream closes when the tab is hidden and reopens when it shows.
  const visible = useSyncExternalStore(subscribeVisibility, visibleNow, () => true);
  const [state, setState] = useState<StreamState>({ key: '', quote: undefined, error: null, aliveAt: 0 });
  const target = debounced.pending ? null : debounced.value;
  const targetKey = keyOf(target);
  const active = target !== null && token !== undefined && !paused && visible;

  useEffect(() => {
    if (!active || target === null || token === undefined) return;
    const abort = new AbortController();
    const key = targetKey;
    const update = (patch: Partial<StreamState>) => setState((s) => ({ ...(s.key === key ? s : { key, quote: undefined, error: null, aliveAt: 0 }), ...patch }));
    void (async () => {
      let failures = 0;
      while (!abort.signal.aborted) {
        try {
          const outcome = await openQuoteStream(baseUrl, target, token, abort.signal, {
            onQuote: (quote) => { failures = 0; update({ quote, error: null, aliveAt: Date.now() }); },
            // An error event means the shown price no longer holds.
            onError: (error) => update({ quote: undefined, error, aliveAt: Date.now() }),
            onAlive: () => update({ aliveAt: Date.now() }),
          });
          if (outcome === 'error') return;
          if (outcome === 'dropped') {
            failures++;
            await sleep(Math.min(MAX_BACKOFF_MS, 500 * 2 ** failures), abort.signal);
          }
        } catch (error: unknown) {
          if (abort.signal.aborted) return;
          const failure = error instanceof ApiCallError ? error : new ApiCallError('NETWORK', 'The Swapdesk server did not answer; check your connection.', 0);
          update({ quote: undefined, error: failure });
          if (!RETRYABLE.has(failure.type)) return;
          failures++;
          await sleep(failure.retryAfterSec ? failure.retryAfterSec * 1_000 : Math.min(MAX_BACKOFF_MS, 500 * 2 ** failures), abort.signal);
        }
      }
    })();
    return () => abort.abort();
    // `target` is identified by targetKey: a new object with the same inputs keeps the stream.
  }, [active, targetKey, token, baseUrl]);

  const now = useNow(1_000);
  const current = !debounced.pending && sameRequest(debounced.value, request) && state.key === targetKey;
  // Behind an open review the form is frozen on the quote the review was opened from: it keeps its figures.
  const fresh = state.aliveAt > 0 && (paused || now - state.aliveAt <= Math.max(pollMs, STREAM_HEARTBEAT_MS) + QUOTE_STALE_GRACE_MS);
  const quote = current && fresh ? state.quote : undefined;
  const error = current ? state.error : null;
  return {
    quote,
    updating: request !== null && (debounced.pending || (quote === undefined && !error && token !== undefined && !paused)),
    error,
    stale: current && state.quote !== undefined && !fresh,
  };
}
