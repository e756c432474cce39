// Maps API candles (decimal strings) to chart points; floats appear only here, at the display edge.
import type { CandlestickData, HistogramData, UTCTimestamp } from 'lightweight-charts';
import type { Kline } from '@/lib/market/marketDto';
import type { ChartTheme } from './chartTheme';

export function toCandle(k: Kline): CandlestickData<UTCTimestamp> {
  return { time: k.open_time as UTCTimestamp, open: Number(k.open), high: Number(k.high), low: Number(k.low), close: Number(k.close) };
}

export function toVolume(k: Kline, theme: ChartTheme): HistogramData<UTCTimestamp> {
  const up = Number(k.close) >= Number(k.open);
  return { time: k.open_time as UTCTimestamp, value: Number(k.volume_base), color: up ? theme.upSoft : theme.downSoft };
}
