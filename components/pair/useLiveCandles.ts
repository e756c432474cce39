'use client';
// Live candles (and the pair's trades) over SSE; when the stream drops, polls the klines endpoint and reconnects
// with backoff.
import { useEffect, useRef, useState } from 'react';
import type { KlineInterval } from '@/lib/market/klineIntervals';
import type { Kline } from '@/lib/market/marketDto';
import { getKlines } from './marketApi';
import type { TradeDTO } from '@/lib/api/schemas/trades';
import type { RemovedTrade, TradeFeedEvent } from './tradeFeed';

export type LiveStatus = 'connecting' | 'live' | 'polling';

const RECONNECT_BASE_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;
const FALLBACK_POLL_MS = 2_000;

type Options = {
  apiBase: string; chainId: number; pairId: number; interval: KlineInterval; onCandle: (candle: Kline) => void;
  /** The stream's `trade` and `trades_removed` events. */
  onTrade?: (event: TradeFeedEvent) => void;
};

export function useLiveCandles({ apiBase, chainId, pairId, interval, onCandle, onTrade }: Options): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handler = useRef(onCandle);
  handler.current = onCandle;
  const tradeHandler = useRef(onTrade);
  tradeHandler.current = onTrade;

  useEffect(() => {
    const url = `${apiBase}/v1/market/stream?${new URLSearchParams({ chainId: String(chainId), pairId: String(pairId), interval })}`;
    let source: EventSource | null = null;
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const polls = new AbortController();

    const poll = () => {
      getKlines(apiBase, { chainId, pairId, interval, limit: 2 }, polls.signal)
        .then((candles) => candles.forEach((c) => handler.current(c)))
        .catch(() => {});
    };
    const startPolling = () => {
      if (pollTimer) return;
      poll();
      pollTimer = setInterval(poll, FALLBACK_POLL_MS);
    };
    const stopPolling = () => {
      clearInterval(pollTimer);
      pollTimer = undefined;
    };
    const connect = () => {
      setStatus((s) => (s === 'polling' ? s : 'connecting'));
      const es = new EventSource(url);
      source = es;
      es.addEventListener('open', () => {
        attempt = 0;
        stopPolling();
        setStatus('live');
      });
      es.addEventListener('candle', (event) => handler.current(JSON.parse((event as MessageEvent<string>).data) as Kline));
      es.addEventListener('trade', (event) => tradeHandler.current?.({ type: 'trade', trade: JSON.parse((event as MessageEvent<string>).data) as TradeDTO }));
      es.addEventListener('trades_removed', (event) => {
        const { trades } = JSON.parse((event as MessageEvent<string>).data) as { trades: RemovedTrade[] };
        tradeHandler.current?.({ type: 'trades_removed', trades });
      });
      es.addEventListener('error', () => {
        es.close();
        source = null;
        setStatus('polling');
        startPolling();
        const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
        attempt += 1;
        retryTimer = setTimeout(connect, delay);
      });
    };
    connect();
    return () => {
      source?.close();
      stopPolling();
      clearTimeout(retryTimer);
      polls.abort();
    };
  }, [apiBase, chainId, pairId, interval]);

  return status;
}
