// One POST /v1/quote/stream: quotes and error events to callbacks until the server ends it, the connection
// drops or the signal aborts. A refusal before the stream (bad input, 429, no route) throws ApiCallError.
import { ApiCallError, bearer, type ApiErrorType } from './apiFetch';
import type { IndicativeQuote, IndicativeQuoteRequest } from './quoteTypes';
import { sseParser } from './sseParser';

/** How a stream ended: `max_duration` (reopen), `error` (after a final error event) or `dropped` (no end event). */
export type QuoteStreamOutcome = 'max_duration' | 'error' | 'dropped';

export type QuoteStreamHandlers = {
  onQuote: (quote: IndicativeQuote) => void;
  onError: (error: ApiCallError) => void;
  /** Any sign of life (an event or a heartbeat). */
  onAlive: () => void;
};

type Envelope = { msg?: string; error?: { type?: string } & Record<string, unknown> };

function errorOf(envelope: Envelope, status: number, retryAfterHeader?: string | null): ApiCallError {
  const details: Record<string, unknown> = { ...(envelope.error ?? {}) };
  const retryAfter = Number(retryAfterHeader);
  if (details.retry_after_sec === undefined && Number.isFinite(retryAfter) && retryAfter > 0) details.retry_after_sec = retryAfter;
  const type = (envelope.error?.type ?? (status >= 500 ? 'INTERNAL' : 'MALFORMED_REQUEST')) as ApiErrorType;
  return new ApiCallError(type, envelope.msg ?? `request failed with HTTP ${status}`, status, details);
}

const networkError = () => new ApiCallError('NETWORK', 'The Swapdesk server did not answer; check your connection.', 0);

export async function openQuoteStream(baseUrl: string, request: IndicativeQuoteRequest, token: string, signal: AbortSignal, on: QuoteStreamHandlers): Promise<QuoteStreamOutcome> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/v1/quote/stream`, {
      method: 'POST', body: JSON.stringify(request), signal, cache: 'no-store',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...bearer(token) },
    });
  } catch (error: unknown) {
    if (signal.aborted) throw error;
    throw networkError();
  }
  if (!res.ok || !res.body) {
    const envelope = (await res.json().catch(() => ({}))) as Envelope;
    throw errorOf(envelope, res.status, res.headers.get('retry-after'));
  }
  let outcome: QuoteStreamOutcome = 'dropped';
  const push = sseParser((e) => {
    on.onAlive();
    if (e.event === 'quote') on.onQuote(JSON.parse(e.data) as IndicativeQuote);
    else if (e.event === 'error') {
      const envelope = JSON.parse(e.data) as Envelope;
      on.onError(errorOf(envelope, 200));
    } else if (e.event === 'end') outcome = (JSON.parse(e.data) as { reason: QuoteStreamOutcome }).reason === 'error' ? 'error' : 'max_duration';
  }, on.onAlive);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      push(value);
    }
  } catch (error: unknown) {
    if (signal.aborted) throw error;
    return 'dropped';
  }
  return outcome;
}
