// The process-wide hub behind `GET /v1/market/stream`: every SSE client of a (pair, interval) shares one poller.
import 'server-only';
import { log } from '@/lib/log';
import { CandleStreamHub, type StreamKey } from './candleStreamHub';
import { getKlines } from './v1Get';
import type { Kline } from './marketDto';

/** The two newest candles: the open one, and the one it replaced (its final state when a bucket turns over). */
const LATEST_CANDLES = 2;

let origin = 'http://127.0.0.1:3000';

/** Reads the store's newest candles of a key. */
export function loadLatestCandles(key: StreamKey): Promise<Kline[]> {
  return getKlines(origin, { ...key, limit: LATEST_CANDLES });
}

/** The klines reader currently goes through this server's own API, so it needs the origin it is served on. */
export function setStreamOrigin(requestOrigin: string): void {
  origin = requestOrigin;
}

const globalHub = globalThis as { __swapdeskCandleHub?: CandleStreamHub };

export function candleStreams(): CandleStreamHub {
  globalHub.__swapdeskCandleHub ??= new CandleStreamHub({
    loadLatest: loadLatestCandles,
    onError: (err, key) => log.warn({ err, ...key }, 'candle stream poll failed'),
  });
  return globalHub.__swapdeskCandleHub;
}
