import { describe, expect, it } from 'vitest';
import type { Kline } from '@/lib/market/marketDto';
import { candleSeriesReducer, initialSeries, leavesGap } from './candleSeriesReducer';

const k = (openTime: number, close: string): Kline => ({
  chain_id: 1, base: '0xb', quote: '0xq', interval: '1m', open_time: openTime, close_time: openTime + 59,
  open: '1', high: close, low: '1', close, volume_base: '1', volume_quote: '1', volume_usd: '1', trades: 1, closed: false,
});

describe('candleSeriesReducer', () => {
  it('updates the last bar in place when the live candle has its open time', () => {
    const s = candleSeriesReducer(initialSeries([k(0, '1'), k(60, '2')]), { type: 'live', candle: k(60, '3') });
    expect(s.bars.map((b) => b.close)).toEqual(['1', '3']);
    expect(s.change).toBe('live');
  });
  it('appends a newer live candle and ignores an older one', () => {
    const s = candleSeriesReducer(initialSeries([k(0, '1'), k(60, '2')]), { type: 'live', candle: k(120, '4') });
    expect(s.bars.map((b) => b.open_time)).toEqual([0, 60, 120]);
    expect(candleSeriesReducer(s, { type: 'live', candle: k(0, '9') })).toBe(s);
  });
  it('prepends older history without duplicates and marks the start when nothing older comes', () => {
    const s = candleSeriesReducer(initialSeries([k(120, '1'), k(180, '2')]), { type: 'older', bars: [k(60, '0.5'), k(120, '1')] });
    expect(s.bars.map((b) => b.open_time)).toEqual([60, 120, 180]);
    expect(s.change).toBe('prepend');
    expect(candleSeriesReducer(s, { type: 'older', bars: [] }).exhausted).toBe(true);
  });
});

describe('leavesGap', () => {
  it('is true only when a live candle skips at least one bucket', () => {
    const bars = [k(0, '1'), k(60, '2')];
    expect(leavesGap(bars, k(60, '3'))).toBe(false);
    expect(leavesGap(bars, k(120, '3'))).toBe(false);
    expect(leavesGap(bars, k(180, '3'))).toBe(true);
    expect(leavesGap([], k(180, '3'))).toBe(false);
  });
});
