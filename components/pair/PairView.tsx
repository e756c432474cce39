'use client';
// The interactive part of a pair page: interval switcher, time zone, legend, live chart and its empty state.
import { useEffect, useMemo, useState } from 'react';
import type { KlineInterval } from '@/lib/market/klineIntervals';
import type { Kline } from '@/lib/market/marketDto';
import { CandleChart } from './CandleChart';
import { ChartLegend } from './ChartLegend';
import { INTERVAL_COOKIE, savePref, UTC_COOKIE } from './chartPrefs';
import { localZoneName, timeFormatters } from './chartTime';
import { formatPrice } from './formatMarket';
import { IntervalSwitcher } from './IntervalSwitcher';
import { LiveBadge } from './LiveBadge';
import { usePublishClose } from './PairLiveStats';
import { TimeZoneToggle } from './TimeZoneToggle';
import { useTradeFeed } from './tradeFeed';
import { useCandleSeries } from './useCandleSeries';

type Props = {
  /** The app's BASE_PATH, for the browser's calls to /v1. */
  apiBase: string;
  chainId: number;
  pairId: number;
  pairName: string;
  baseSymbol: string;
  quoteSymbol: string;
  /** The pair's current price (pool quote when it never traded), shown when there are no candles. */
  price: string;
  initialInterval: KlineInterval;
  initialUtc: boolean;
  initialBars: Kline[];
};

export function PairView(props: Props) {
  const { chainId, pairId, pairName, baseSymbol, quoteSymbol } = props;
  const [interval, setIntervalPref] = useState(props.initialInterval);
  const [utc, setUtc] = useState(props.initialUtc);
  // The server cannot know the visitor's zone: render UTC labels until mounted to keep hydration exact.
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(localZoneName()), []);
  const [hovered, setHovered] = useState<Kline | null>(null);
  const feed = useTradeFeed();
  const { series, loading, error, live, loadOlder } = useCandleSeries({
    onTrade: feed.publish,
    apiBase: props.apiBase,
    chainId,
    pairId,
    interval,
    initial: { interval: props.initialInterval, bars: props.initialBars },
  });
  const { setStatus } = feed;
  useEffect(() => setStatus(live), [live, setStatus]);
  const publishClose = usePublishClose();
  const lastClose = series.change === 'live' ? series.bars.at(-1)?.close : undefined;
  useEffect(() => {
    if (lastClose !== undefined) publishClose(lastClose);
  }, [lastClose, publishClose]);
  const showUtc = utc || zone === null;
  const formatTime = useMemo(() => timeFormatters(showUtc).full, [showUtc]);

  const chooseInterval = (next: KlineInterval) => {
    setIntervalPref(next);
    setHovered(null);
    savePref(INTERVAL_COOKIE, next);
  };
  const chooseUtc = (next: boolean) => {
    setUtc(next);
    savePref(UTC_COOKIE, next ? '1' : '0');
  };
  const shown = hovered ?? series.bars.at(-1);
  const empty = series.bars.length === 0;

  return (
    <section aria-label={`${pairName} chart`} className="rounded-2xl border border-[var(--border)] bg-[var(--panel)] p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <IntervalSwitcher value={interval} onChange={chooseInterval} />
        <div className="flex items-center gap-3">
          <LiveBadge status={live} />
          <TimeZoneToggle utc={showUtc} zone={zone ?? 'UTC'} onChange={chooseUtc} />
        </div>
      </div>
      <div className="mt-3 min-h-5" aria-live="off">
        <ChartLegend candle={shown} formatTime={formatTime} baseSymbol={baseSymbol} />
      </div>
      <p className="sr-only" aria-live="polite">
        {loading ? `Loading ${interval} candles` : `${series.bars.length} ${interval} candles, times in ${showUtc ? 'UTC' : zone}`}
      </p>
      {error && <p role="alert" className="mt-2 text-sm text-[var(--down)]">Could not load candles: {error}</p>}
      <div className="relative mt-2" aria-busy={loading}>
        <CandleChart
          series={series}
          utc={showUtc}
          label={`${pairName} ${interval} candlestick chart with volume`}
          onHover={setHovered}
          onNearStart={loadOlder}
        />
        {empty && !loading && (
          <div className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-1 bg-[var(--panel)] text-center">
            <p className="font-medium">No trades yet</p>
            <p className="text-sm text-[var(--muted)]">
              Pool price: {formatPrice(props.price)} {quoteSymbol} per {baseSymbol}
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
