// The 14 kline intervals of API.md §5 and the fixed length in seconds of those that have one.
export const KLINE_INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '8h', '12h', '1d', '3d', '1w', '1M'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

const MINUTE_S = 60;
const HOUR_S = 3_600;
const DAY_S = 86_400;

/** Epoch-aligned intervals (1w and 1M follow the calendar instead). */
export const FIXED_INTERVAL_S: Partial<Record<KlineInterval, number>> = {
  '1m': MINUTE_S, '3m': 3 * MINUTE_S, '5m': 5 * MINUTE_S, '15m': 15 * MINUTE_S, '30m': 30 * MINUTE_S,
  '1h': HOUR_S, '2h': 2 * HOUR_S, '4h': 4 * HOUR_S, '8h': 8 * HOUR_S, '12h': 12 * HOUR_S,
  '1d': DAY_S, '3d': 3 * DAY_S,
};

export const KLINES_DEFAULT_LIMIT = 500;
export const KLINES_MAX_LIMIT = 1_000;

export function isKlineInterval(value: string): value is KlineInterval {
  return (KLINE_INTERVALS as readonly string[]).includes(value);
}
