'use client';
// The candlestick + volume chart of one pair: setData on a new series, update for the live candle.
import { useEffect, useRef } from 'react';
import type { LogicalRange, MouseEventParams, UTCTimestamp } from 'lightweight-charts';
import type { Kline } from '@/lib/market/marketDto';
import { readChartTheme } from './chartTheme';
import { timeFormatters } from './chartTime';
import { formatPrice, pricePrecision } from './formatMarket';
import { PAIR_TEST_IDS } from './pairTestIds';
import type { CandleSeriesState } from './candleSeriesReducer';
import { toCandle, toVolume } from './toChartBars';
import { useCandleChart, type ChartHandlers } from './useCandleChart';

/** Ask for older history when fewer than this many bars are left of the visible range. */
const OLDER_HISTORY_MARGIN_BARS = 20;
/** Series shorter than this are shown whole; longer ones open on their newest bars. */
const FIT_ALL_BELOW_BARS = 200;

type Props = {
  series: CandleSeriesState;
  utc: boolean;
  label: string;
  onHover: (candle: Kline | null) => void;
  onNearStart: () => void;
};

/** Publishes what is drawn for tests and measurements: bar count, open times, draw time (ms). */
function markDrawn(el: HTMLElement, bars: Kline[], startedAt: number) {
  requestAnimationFrame(() => {
    const now = performance.now();
    el.dataset.interval = bars[0]?.interval ?? '';
    el.dataset.barCount = String(bars.length);
    el.dataset.openTimes = bars.map((b) => b.open_time).join(',');
    el.dataset.drawMs = (now - startedAt).toFixed(1);
    el.dataset.drawnAt = now.toFixed(1);
    if (bars.length > 0 && performance.getEntriesByName('first-candle-drawn').length === 0) performance.mark('first-candle-drawn');
  });
}

export function CandleChart({ series, utc, label, onHover, onNearStart }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const byTime = useRef(new Map<number, Kline>());
  const handlers = useRef<ChartHandlers>({ onMove: () => {}, onRange: () => {} });
  handlers.current = {
    onMove: (p: MouseEventParams) => onHover(typeof p.time === 'number' ? (byTime.current.get(p.time) ?? null) : null),
    onRange: (range: LogicalRange | null) => {
      if (range && range.from < OLDER_HISTORY_MARGIN_BARS) onNearStart();
    },
  };
  const api = useCandleChart(container, handlers);

  useEffect(() => {
    const f = timeFormatters(utc);
    api.current?.chart.applyOptions({ localization: { timeFormatter: f.crosshair }, timeScale: { tickMarkFormatter: f.tickMark } });
  }, [api, utc]);

  const { bars, change, version } = series;
  useEffect(() => {
    const current = api.current;
    const el = container.current;
    if (!current || !el) return;
    const startedAt = performance.now();
    const theme = readChartTheme();
    const last = bars.at(-1);
    if (change === 'live' && last) {
      byTime.current.set(last.open_time, last);
      current.candles.update(toCandle(last));
      current.volume.update(toVolume(last, theme));
    } else {
      byTime.current = new Map(bars.map((b) => [b.open_time, b]));
      const precision = pricePrecision(last?.close ?? '1');
      current.candles.applyOptions({ priceFormat: { type: 'custom', formatter: (p: number) => formatPrice(p), minMove: 10 ** -precision } });
      current.candles.setData(bars.map(toCandle));
      current.volume.setData(bars.map((b) => toVolume(b, theme)));
      if (change === 'reset' && bars.length < FIT_ALL_BELOW_BARS) current.chart.timeScale().fitContent();
      else if (change === 'reset') current.chart.timeScale().scrollToRealTime();
    }
    markDrawn(el, bars, startedAt);
  }, [api, bars, change, version]);

  const lastTime = bars.at(-1)?.open_time;
  return (
    <div
      ref={container}
      role="figure"
      aria-label={label}
      data-testid={PAIR_TEST_IDS.chart}
      data-last-open={lastTime === undefined ? '' : String(lastTime as UTCTimestamp)}
      className="h-[360px] w-full sm:h-[460px]"
    />
  );
}
