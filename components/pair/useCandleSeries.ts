'use client';
// The candles shown for one pair and interval: first page from the server, older pages on demand, live updates.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { KlineInterval } from '@/lib/market/klineIntervals';
import type { Kline } from '@/lib/market/marketDto';
import { getKlines } from './marketApi';
import { HISTORY_PAGE } from './chartPrefs';
import { candleSeriesReducer, initialSeries, leavesGap, type CandleSeriesState } from './candleSeriesReducer';
import type { TradeFeedEvent } from './tradeFeed';
import { useLiveCandles, type LiveStatus } from './useLiveCandles';

type Options = {
  apiBase: string; chainId: number; pairId: number; interval: KlineInterval; initial: { interval: KlineInterval; bars: Kline[] };
  /** Where the stream's trade events go. */
  onTrade?: (event: TradeFeedEvent) => void;
};

export type CandleSeries = {
  series: CandleSeriesState;
  loading: boolean;
  error: string | null;
  live: LiveStatus;
  loadOlder: () => void;
};

export function useCandleSeries({ apiBase, chainId, pairId, interval, initial, onTrade }: Options): CandleSeries {
  const [series, dispatch] = useReducer(candleSeriesReducer, initial.bars, initialSeries);
  const [loadedInterval, setLoadedInterval] = useState<KlineInterval>(initial.interval);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ series, loadedInterval, interval });
  latest.current = { series, loadedInterval, interval };
  const loadingOlder = useRef(false);

  useEffect(() => {
    if (latest.current.loadedInterval === interval) return;
    const abort = new AbortController();
    getKlines(apiBase, { chainId, pairId, interval, limit: HISTORY_PAGE }, abort.signal)
      .then((bars) => {
        dispatch({ type: 'reset', bars });
        setLoadedInterval(interval);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setError(e instanceof Error ? e.message : 'could not load candles');
      });
    return () => abort.abort();
  }, [apiBase, chainId, pairId, interval]);

  const loadOlder = useCallback(() => {
    const { series: s, loadedInterval: shown } = latest.current;
    const first = s.bars[0];
    if (loadingOlder.current || s.exhausted || !first) return;
    loadingOlder.current = true;
    getKlines(apiBase, { chainId, pairId, interval: shown, end: first.open_time - 1, limit: HISTORY_PAGE })
      .then((bars) => {
        if (latest.current.loadedInterval === shown) dispatch({ type: 'older', bars });
      })
      .catch(() => {})
      .finally(() => {
        loadingOlder.current = false;
      });
  }, [apiBase, chainId, pairId]);

  const refetching = useRef(false);
  const onCandle = useCallback((candle: Kline) => {
    const { series: s, loadedInterval: shown } = latest.current;
    // A candle of the interval being replaced must not land in the new series.
    if (candle.interval !== shown) return;
    if (!leavesGap(s.bars, candle)) return dispatch({ type: 'live', candle });
    // Buckets were missed while asleep or disconnected: reload the newest page instead of drawing a hole.
    if (refetching.current) return;
    refetching.current = true;
    getKlines(apiBase, { chainId, pairId, interval: shown, limit: HISTORY_PAGE })
      .then((bars) => {
        if (latest.current.loadedInterval === shown) dispatch({ type: 'reset', bars });
      })
      .catch(() => {})
      .finally(() => {
        refetching.current = false;
      });
  }, [apiBase, chainId, pairId]);
  const live = useLiveCandles({ apiBase, chainId, pairId, interval, onCandle, onTrade });

  return { series, loading: loadedInterval !== interval, error, live, loadOlder };
}
