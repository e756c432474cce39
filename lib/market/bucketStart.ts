// UTC candle buckets: epoch multiples up to 3d, Monday 00:00 for 1w, the 1st 00:00 for 1M (pure functions).
import { FIXED_INTERVAL_S, type KlineInterval } from './klineIntervals';

const DAY_S = 86_400;
const WEEK_S = 7 * DAY_S;
/** 1970-01-01 was a Thursday; Monday 1969-12-29 00:00 UTC is 3 days earlier. */
const FIRST_MONDAY_S = -3 * DAY_S;

function monthStart(year: number, monthIndex: number): number {
  return Date.UTC(year, monthIndex, 1) / 1000;
}

/** Open time (Unix seconds) of the bucket of `interval` that contains `ts`. */
export function bucketStart(ts: number, interval: KlineInterval): number {
  const fixed = FIXED_INTERVAL_S[interval];
  if (fixed) return Math.floor(ts / fixed) * fixed;
  if (interval === '1w') return FIRST_MONDAY_S + Math.floor((ts - FIRST_MONDAY_S) / WEEK_S) * WEEK_S;
  const d = new Date(ts * 1000);
  return monthStart(d.getUTCFullYear(), d.getUTCMonth());
}

/** Open time of the bucket after the one opening at `open`. */
export function nextBucket(open: number, interval: KlineInterval): number {
  const fixed = FIXED_INTERVAL_S[interval];
  if (fixed) return open + fixed;
  if (interval === '1w') return open + WEEK_S;
  const d = new Date(open * 1000);
  return monthStart(d.getUTCFullYear(), d.getUTCMonth() + 1);
}

/** Open time of the bucket before the one opening at `open`. */
export function prevBucket(open: number, interval: KlineInterval): number {
  const fixed = FIXED_INTERVAL_S[interval];
  if (fixed) return open - fixed;
  if (interval === '1w') return open - WEEK_S;
  const d = new Date(open * 1000);
  return monthStart(d.getUTCFullYear(), d.getUTCMonth() - 1);
}

/** Open time of the first bucket opening at or after `ts`. */
export function bucketAtOrAfter(ts: number, interval: KlineInterval): number {
  const start = bucketStart(ts, interval);
  return start === ts ? start : nextBucket(start, interval);
}
