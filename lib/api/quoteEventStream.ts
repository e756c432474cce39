// A quote as server-sent events: the first answer at once, a new one whenever a change (a new block) alters it,
// errors as events (the stream ends after one that is not retryable), a heartbeat, and an end after a set time.
import type { DomainError } from '@/lib/domain/DomainError';
import { errorBody } from './envelope';
import { isRetryable } from './errors';
import { sseStream } from '@/lib/domain/sseStream';

export const QUOTE_STREAM_HEARTBEAT_MS = 15_000;

export type QuoteStreamEnd = 'max_duration' | 'error';

/**
 * One pricing's event, made once and sent to every stream of the same inputs: `key` says what of it counts (answers
 * with the same key are not sent again; the block number alone is not news), `fatal` ends the stream after it.
 */
export type QuoteOutcome = { readonly key: string; readonly bytes: Uint8Array; readonly fatal: boolean };

export type QuoteEventStreamOptions = {
  /** The first answer, computed before the response so a request that cannot be answered gets its JSON error. */
  first: QuoteOutcome;
  /** Calls back with each new pricing (a new block); returns the unsubscribe. */
  subscribe: (onOutcome: (outcome: QuoteOutcome) => void) => () => void;
  signal: AbortSignal;
  maxMs: number;
  heartbeatMs?: number;
  onClose?: () => void;
};

export const quoteEvent = (answer: unknown) => `event: quote\ndata: ${JSON.stringify(answer)}\n\n`;
export const errorEvent = (error: DomainError) => `event: error\ndata: ${JSON.stringify(errorBody(error))}\n\n`;
export const endEvent = (reason: QuoteStreamEnd) => `event: end\ndata: ${JSON.stringify({ reason })}\n\n`;

const encoder = new TextEncoder();

/** The event of an answer; `key` is what of it counts. Encoded on first use: most pricings change nothing and send nothing. */
export function quoteOutcome(answer: unknown, key: string): QuoteOutcome {
  let bytes: Uint8Array | undefined;
  return {
    key: `quote:${key}`,
    get bytes() {
      bytes ??= encoder.encode(quoteEvent(answer));
      return bytes;
    },
    fatal: false,
  };
}

/** The event of a failure; it ends the stream unless retryable. */
export function errorOutcome(error: DomainError): QuoteOutcome {
  return { key: `error:${error.type}:${error.message}`, bytes: encoder.encode(errorEvent(error)), fatal: !isRetryable(error) };
}

export function quoteEventStream(o: QuoteEventStreamOptions): ReadableStream<Uint8Array> {
  return sseStream({
    signal: o.signal,
    heartbeatMs: o.heartbeatMs ?? QUOTE_STREAM_HEARTBEAT_MS,
    onClose: o.onClose,
    start: ({ send, close }) => {
      let lastSent = o.first.key;
      send(o.first.bytes);
      const unsubscribe = o.subscribe((outcome) => {
        if (outcome.key !== lastSent) {
          lastSent = outcome.key;
          send(outcome.bytes);
        }
        if (outcome.fatal) close(endEvent('error'));
      });
      const deadline = setTimeout(() => close(endEvent('max_duration')), o.maxMs);
      return () => {
        clearTimeout(deadline);
        unsubscribe();
      };
    },
  });
}
