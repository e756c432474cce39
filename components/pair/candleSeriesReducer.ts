// How the loaded candles of one pair and interval change: a fresh series, older history, live candles.
import { nextBucket } from '@/lib/market/bucketStart';
import type { Kline } from '@/lib/market/marketDto';

export type CandleSeriesState = {
  bars: Kline[];
  /** What the last change was, so the chart knows whether to setData or update. */
  change: 'reset' | 'prepend' | 'live';
  version: number;
  /** No candles exist before the first loaded one. */
  exhausted: boolean;
};

export type CandleSeriesAction =
  | { type: 'reset'; bars: Kline[] }
  | { type: 'older'; bars: Kline[] }
  | { type: 'live'; candle: Kline };

export function initialSeries(bars: Kline[]): CandleSeriesState {
  return { bars, change: 'reset', version: 0, exhausted: false };
}

function prependOlder(state: CandleSeriesState, older: Kline[]): CandleSeriesState {
  const first = state.bars[0]?.open_time ?? Infinity;
  const fresh = older.filter((k) => k.open_time < first);
  if (fresh.length === 0) return { ...state, exhausted: true };
  return { bars: [...fresh, ...state.bars], change: 'prepend', version: state.version + 1, exhausted: false };
}

/** The live candle replaces the last bar when it has the same open time and is appended when newer. */
function applyLive(state: CandleSeriesState, candle: Kline): CandleSeriesState {
  const last = state.bars.at(-1);
  if (last && candle.open_time < last.open_time) return state;
  if (!last) return { ...state, bars: [candle], change: 'reset', version: state.version + 1 };
  const bars = candle.open_time === last.open_time ? [...state.bars.slice(0, -1), candle] : [...state.bars, candle];
  return { ...state, bars, change: 'live', version: state.version + 1 };
}

export function candleSeriesReducer(state: CandleSeriesState, action: CandleSeriesAction): CandleSeriesState {
  switch (action.type) {
    case 'reset':
      return { bars: action.bars, change: 'reset', version: state.version + 1, exhausted: false };
    case 'older':
      return prependOlder(state, action.bars);
    case 'live':
      return applyLive(state, action.candle);
  }
}

/** True when `candle` opens more than one bucket after the newest loaded bar (the page slept or lost the stream). */
export function leavesGap(bars: readonly Kline[], candle: Kline): boolean {
  const last = bars.at(-1);
  return last !== undefined && candle.open_time > nextBucket(last.open_time, candle.interval);
}
