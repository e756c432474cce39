// The 14 kline intervals of API.md §5, in display order, shared by the stream, the pages and the chart.

export const KLINE_INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '8h', '12h', '1d', '3d', '1w', '1M'] as const;

export type KlineInterval = (typeof KLINE_INTERVALS)[number];

export const DEFAULT_INTERVAL: KlineInterval = '1h';

export function isKlineInterval(value: unknown): value is KlineInterval {
  return typeof value === 'string' && (KLINE_INTERVALS as readonly string[]).includes(value);
}

const MINUTE_S = 60;
const FIXED_SECONDS: Record<Exclude<KlineInterval, '1w' | '1M'>, number> = {
  '1m': MINUTE_S,
  '3m': 3 * MINUTE_S,
  '5m': 5 * MINUTE_S,
  '15m': 15 * MINUTE_S,
  '30m': 30 * MINUTE_S,
  '1h': 60 * MINUTE_S,
  '2h': 120 * MINUTE_S,
  '4h': 240 * MINUTE_S,
  '8h': 480 * MINUTE_S,
  '12h': 720 * MINUTE_S,
  '1d': 1440 * MINUTE_S,
  '3d': 3 * 1440 * MINUTE_S,
};
const DAY_S = 86_400;
/** 1970-01-01 was a Thursday; Monday 1970-01-05 anchors weekly buckets. */
const FIRST_MONDAY_S = 4 * DAY_S;

/** Open time (Unix seconds, UTC) of the bucket of `interval` that contains `timeSec`. */
export function bucketOpenTime(interval: KlineInterval, timeSec: number): number {
  if (interval === '1M') {
    const d = new Date(timeSec * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  }
  if (interval === '1w') {
    return timeSec - ((((timeSec - FIRST_MONDAY_S) % (7 * DAY_S)) + 7 * DAY_S) % (7 * DAY_S));
  }
  const len = FIXED_SECONDS[interval];
  return Math.floor(timeSec / len) * len;
}

/** Open time of the bucket after the one opening at `openTimeSec`. */
export function nextOpenTime(interval: KlineInterval, openTimeSec: number): number {
  if (interval === '1M') {
    const d = new Date(openTimeSec * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
  }
  if (interval === '1w') return openTimeSec + 7 * DAY_S;
  return openTimeSec + FIXED_SECONDS[interval];
}
