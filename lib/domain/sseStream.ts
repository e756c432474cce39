// A server-sent-events response body: writes, a heartbeat comment, and one cleanup however the stream ends (the
// client goes away, the body is cancelled, a write fails, or the producer closes it).
export type SseSink = {
  /** Writes an event (text, or bytes encoded once for many streams); nothing once the stream has ended. */
  send: (chunk: string | Uint8Array) => void;
  /** Ends the stream, after `last` when given. */
  close: (last?: string) => void;
};

export type SseStreamOptions = {
  /** The request's abort signal: fires when the client disconnects. */
  signal: AbortSignal;
  heartbeatMs: number;
  /** Starts producing events; returns what to undo (unsubscribe, timers) when the stream ends. */
  start: (sink: SseSink) => () => void;
  /** Called once when the stream ends, however it ends. */
  onClose?: () => void;
};

const encoder = new TextEncoder();

export function sseStream(o: SseStreamOptions): ReadableStream<Uint8Array> {
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      let undo = () => {};
      const send = (chunk: string | Uint8Array) => {
        if (!open) return;
        try {
          controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
        } catch {
          cleanup();
        }
      };
      const close = (last?: string) => {
        if (!open) return;
        if (last) send(last);
        cleanup();
        try {
          controller.close();
        } catch {
          // Already closed by the consumer.
        }
      };
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), o.heartbeatMs);
      const onAbort = () => close();
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        undo();
        o.signal.removeEventListener('abort', onAbort);
        o.onClose?.();
      };
      const stop = o.start({ send, close });
      // A producer that closed the stream while starting is undone at once; otherwise when the stream ends.
      if (!open) stop();
      else undo = stop;
      if (o.signal.aborted) onAbort();
      else o.signal.addEventListener('abort', onAbort);
    },
    cancel() {
      cleanup();
    },
  });
}
