// Turns a hub subscription into a server-sent-events response body that ends when the client goes away.
import { sseStream } from '@/lib/domain/sseStream';
import type { CandleStreamHub, StreamKey } from './candleStreamHub';
import type { Kline } from './marketDto';
import type { TradeEvent, TradeStreamHub } from './tradeStreamHub';

export const SSE_HEARTBEAT_MS = 15_000;
/** Tells EventSource how long to wait before reconnecting after a drop. */
export const SSE_RETRY_MS = 3_000;

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  connection: 'keep-alive',
  // Proxies such as nginx must not buffer the stream.
  'x-accel-buffering': 'no',
} as const;

export function candleEvent(candle: Kline): string {
  return `event: candle\ndata: ${JSON.stringify(candle)}\n\n`;
}

/** `trade` with one Trade (API.md §11), or `trades_removed` with the trades a reorg took away. */
export function tradeEvent(e: TradeEvent): string {
  return e.type === 'trade' ? `event: trade\ndata: ${JSON.stringify(e.trade)}\n\n` : `event: trades_removed\ndata: ${JSON.stringify({ trades: e.trades })}\n\n`;
}

export type CandleEventStreamOptions = {
  hub: CandleStreamHub;
  /** The pair's trades hub: `trade` and `trades_removed` events beside the candles. */
  trades?: TradeStreamHub;
  key: StreamKey;
  /** The request's abort signal: fires when the client disconnects. */
  signal: AbortSignal;
  heartbeatMs?: number;
  /** Called once when the stream ends (disconnect, cancel or a failed write). */
  onClose?: () => void;
};

/** A byte stream of `candle` events and heartbeat comments; unsubscribes on disconnect or cancel. */
export function candleEventStream({ hub, trades, key, signal, heartbeatMs = SSE_HEARTBEAT_MS, onClose }: CandleEventStreamOptions): ReadableStream<Uint8Array> {
  return sseStream({
    signal,
    heartbeatMs,
    onClose,
    start: ({ send }) => {
      const unsubscribeCandles = hub.subscribe(key, (candle) => send(candleEvent(candle)));
      const unsubscribeTrades = trades?.subscribe({ chainId: key.chainId, pairId: key.pairId }, (e) => send(tradeEvent(e)));
      send(`retry: ${SSE_RETRY_MS}\n: connected\n\n`);
      return () => {
        unsubscribeCandles();
        unsubscribeTrades?.();
      };
    },
  });
}
