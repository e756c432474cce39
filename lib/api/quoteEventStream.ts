// A quote as server-sent events: the first answer at once, a new one whenever a change (a new block) alters it,
// errors as events (the stream ends after one that is not retryable), a heartbeat, and an end after a set time.
import { DomainError } from '@/lib/domain/DomainError';
import { errorBody } from './envelope';
import { isRetryable } from './errors';

export const QUOTE_STREAM_HEARTBEAT_MS = 15_000;

export type QuoteStreamEnd = 'max_duration' | 'error';

export type QuoteEventStreamOptions<T> = {
  /** The first answer, computed before the response so a request that cannot be answered gets its JSON error. */
  first: T;
  compute: () => Promise<T>;
  /** Calls back when the answer may have changed (a new block); returns the unsubscribe. */
  subscribe: (onChange: () => void) => () => void;
  /** What of an answer counts: answers with the same key are not sent again (the block number alone is not news). */
  keyOf: (answer: T) => string;
  signal: AbortSignal;
  maxMs: number;
  heartbeatMs?: number;
  onClose?: () => void;
  /** Turns an unexpected failure into the error an event carries (INTERNAL, logged by the caller). */
  normalise: (error: unknown) => DomainError;
};

export const quoteEvent = (answer: unknown) => `event: quote\ndata: ${JSON.stringify(answer)}\n\n`;
export const errorEvent = (error: DomainError) => `event: error\ndata: ${JSON.stringify(errorBody(error))}\n\n`;
export const endEvent = (reason: QuoteStreamEnd) => `event: end\ndata: ${JSON.stringify({ reason })}\n\n`;

export function quoteEventStream<T>(o: QuoteEventStreamOptions<T>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      let lastSent = `quote:${o.keyOf(o.first)}`;
      let running = false;
      let pending = false;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const end = (reason?: QuoteStreamEnd) => {
        if (!open) return;
        if (reason) send(endEvent(reason));
        cleanup();
        try {
          controller.close();
        } catch {
          // Already closed by the consumer.
        }
      };
      const reprice = async () => {
        // A change announced as the stream closes prices nothing: inputs no longer on screen cost no work.
        if (!open) return;
        if (running) {
          pending = true;
          return;
        }
        running = true;
        try {
          do {
            pending = false;
            let text: string;
            let key: string;
            let fatal = false;
            try {
              const answer = await o.compute();
              key = `quote:${o.keyOf(answer)}`;
              text = quoteEvent(answer);
            } catch (error: unknown) {
              const failure = o.normalise(error);
              key = `error:${failure.type}:${failure.message}`;
              text = errorEvent(failure);
              fatal = !isRetryable(failure);
            }
            if (!open) return;
            if (key !== lastSent) {
              lastSent = key;
              send(text);
            }
            if (fatal) return end('error');
          } while (pending && open);
        } finally {
          running = false;
        }
      };
      const unsubscribe = o.subscribe(() => void reprice());
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), o.heartbeatMs ?? QUOTE_STREAM_HEARTBEAT_MS);
      const deadline = setTimeout(() => end('max_duration'), o.maxMs);
      const onAbort = () => end();
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearTimeout(deadline);
        unsubscribe();
        o.signal.removeEventListener('abort', onAbort);
        o.onClose?.();
      };
      send(quoteEvent(o.first));
      if (o.signal.aborted) onAbort();
      else o.signal.addEventListener('abort', onAbort);
    },
    cancel() {
      cleanup();
    },
  });
}
