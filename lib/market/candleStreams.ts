// The process-wide hub behind `GET /v1/market/stream`: every SSE client of a (pair, interval) shares one poller.
import 'server-only';
import { log } from '@/lib/log';
import { CandleStreamHub, type StreamKey } from './candleStreamHub';
import { marketKlines } from './marketAnswers';
import type { Kline } from './marketDto';

/** The two newest candles: the open one, and the one it replaced (its final state when a bucket turns over). */
const LATEST_CANDLES = 2;

/** Reads the store's newest candles of a key (throws the documented 400/404 for a bad chain or pair). */
export function loadLatestCandles(key: StreamKey): Promise<Kline[]> {
  return marketKlines({ ...key, limit: LATEST_CANDLES });
}

const globalHub = globalThis as { __swapdeskCandleHub?: CandleStreamHub };

/** One hub per server process (kept on globalThis so module reloads in development do not start a second). */
export function candleStreams(): CandleStreamHub {
  globalHub.__swapdeskCandleHub ??= new CandleStreamHub({
    loadLatest: loadLatestCandles,
    onError: (err, key) => log.warn({ err, ...key }, 'candle stream poll failed'),
  });
  return globalHub.__swapdeskCandleHub;
}
