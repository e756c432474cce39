'use client';
// Owns the lightweight-charts instance: created once per mount (autoSize), themed from CSS, removed on unmount.
import { useEffect, useRef, type RefObject } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type MouseEventParams,
} from 'lightweight-charts';
import { DARK_QUERY, readChartTheme, type ChartTheme } from './chartTheme';
import { formatPrice } from './formatMarket';

export type ChartApi = { chart: IChartApi; candles: ISeriesApi<'Candlestick'>; volume: ISeriesApi<'Histogram'> };

/** Volume bars take the bottom fifth; candles keep clear of them. */
const VOLUME_MARGINS = { top: 0.8, bottom: 0 };
const CANDLE_MARGINS = { top: 0.08, bottom: 0.25 };
/** A short series (a few weekly or monthly candles) fills the width without turning into slabs. */
const MAX_BAR_SPACING_PX = 24;

function themeOptions(t: ChartTheme) {
  return {
    layout: { background: { type: ColorType.Solid, color: t.panel }, textColor: t.muted },
    grid: { vertLines: { color: t.border }, horzLines: { color: t.border } },
    rightPriceScale: { borderColor: t.border },
    timeScale: { borderColor: t.border },
  };
}

function candleColors(t: ChartTheme) {
  return { upColor: t.up, downColor: t.down, wickUpColor: t.up, wickDownColor: t.down, borderVisible: false };
}

/** What the chart reports: the crosshair moved, the visible range changed (read through a ref, so always current). */
export type ChartHandlers = { onMove: (p: MouseEventParams) => void; onRange: (range: LogicalRange | null) => void };

export function useCandleChart(container: RefObject<HTMLDivElement | null>, handlers: RefObject<ChartHandlers>): RefObject<ChartApi | null> {
  const api = useRef<ChartApi | null>(null);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const theme = readChartTheme();
    const chart = createChart(el, {
      autoSize: true,
      ...themeOptions(theme),
      crosshair: { mode: CrosshairMode.Normal },
      timeScale: { ...themeOptions(theme).timeScale, timeVisible: true, secondsVisible: false, rightOffset: 4, maxBarSpacing: MAX_BAR_SPACING_PX },
    });
    const candles = chart.addSeries(CandlestickSeries, {
      ...candleColors(theme),
      priceFormat: { type: 'custom', formatter: (p: number) => formatPrice(p), minMove: 0.01 },
    });
    candles.priceScale().applyOptions({ scaleMargins: CANDLE_MARGINS });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale('volume').applyOptions({ scaleMargins: VOLUME_MARGINS });
    api.current = { chart, candles, volume };
    const onMove = (p: MouseEventParams) => handlers.current.onMove(p);
    const onRange = (range: LogicalRange | null) => handlers.current.onRange(range);
    chart.subscribeCrosshairMove(onMove);
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);

    const scheme = window.matchMedia(DARK_QUERY);
    const retheme = () => {
      const t = readChartTheme();
      chart.applyOptions(themeOptions(t));
      candles.applyOptions(candleColors(t));
    };
    scheme.addEventListener('change', retheme);
    return () => {
      scheme.removeEventListener('change', retheme);
      chart.unsubscribeCrosshairMove(onMove);
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      api.current = null;
      chart.remove();
    };
  }, [container, handlers]);
  return api;
}
