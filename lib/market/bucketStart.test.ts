import { describe, expect, it } from 'vitest';
import { bucketAtOrAfter, bucketStart, nextBucket, prevBucket } from './bucketStart';
import { KLINE_INTERVALS } from './klineIntervals';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('bucketStart', () => {
  it('puts 23:59:59 in the old day and 00:00:00 in the new one', () => {
    expect(bucketStart(utc('2026-03-04T23:59:59Z'), '1d')).toBe(utc('2026-03-04T00:00:00Z'));
    expect(bucketStart(utc('2026-03-05T00:00:00Z'), '1d')).toBe(utc('2026-03-05T00:00:00Z'));
    expect(bucketStart(utc('2026-03-04T23:59:59Z'), '1h')).toBe(utc('2026-03-04T23:00:00Z'));
    expect(bucketStart(utc('2026-03-04T23:59:59Z'), '1m')).toBe(utc('2026-03-04T23:59:00Z'));
  });

  it('opens weeks on Monday 00:00 UTC (Sunday 23:59:59 belongs to the previous week)', () => {
    // 2026-11-22 is a Sunday, 2026-11-23 a Monday.
    expect(bucketStart(utc('2026-11-22T23:59:59Z'), '1w')).toBe(utc('2026-11-16T00:00:00Z'));
    expect(bucketStart(utc('2026-11-23T00:00:00Z'), '1w')).toBe(utc('2026-11-23T00:00:00Z'));
    expect(new Date(bucketStart(utc('1970-01-01T00:00:00Z'), '1w') * 1000).getUTCDay()).toBe(1);
  });

  it('opens months on the 1st, across Dec→Jan and a leap day', () => {
    expect(bucketStart(utc('2026-12-31T23:59:59Z'), '1M')).toBe(utc('2026-12-01T00:00:00Z'));
    expect(bucketStart(utc('2027-01-01T00:00:00Z'), '1M')).toBe(utc('2027-01-01T00:00:00Z'));
    expect(nextBucket(utc('2026-12-01T00:00:00Z'), '1M')).toBe(utc('2027-01-01T00:00:00Z'));
    expect(prevBucket(utc('2027-01-01T00:00:00Z'), '1M')).toBe(utc('2026-12-01T00:00:00Z'));
    expect(bucketStart(utc('2028-02-29T12:00:00Z'), '1M')).toBe(utc('2028-02-01T00:00:00Z'));
    expect(bucketStart(utc('2028-02-29T23:59:59Z'), '1d')).toBe(utc('2028-02-29T00:00:00Z'));
    expect(nextBucket(utc('2028-02-01T00:00:00Z'), '1M') - utc('2028-02-01T00:00:00Z')).toBe(29 * 86_400);
    expect(bucketStart(utc('2028-03-01T00:00:00Z'), '1M')).toBe(utc('2028-03-01T00:00:00Z'));
  });

  it('aligns fixed intervals to multiples of their length since the epoch (3d included)', () => {
    expect(bucketStart(utc('1970-01-03T23:59:59Z'), '3d')).toBe(0);
    expect(bucketStart(utc('1970-01-04T00:00:00Z'), '3d')).toBe(3 * 86_400);
    expect(bucketStart(utc('2026-03-04T13:29:59Z'), '15m')).toBe(utc('2026-03-04T13:15:00Z'));
  });

  it('round-trips next/prev and contains every timestamp in [open, next)', () => {
    for (const interval of KLINE_INTERVALS) {
      for (const ts of [0, 1, utc('2026-02-28T23:59:59Z'), utc('2024-02-29T06:00:00Z'), utc('2026-12-31T23:59:59Z')]) {
        const open = bucketStart(ts, interval);
        const next = nextBucket(open, interval);
        expect(open).toBeLessThanOrEqual(ts);
        expect(next).toBeGreaterThan(ts);
        expect(prevBucket(next, interval)).toBe(open);
        expect(bucketStart(next - 1, interval)).toBe(open);
        expect(bucketAtOrAfter(ts, interval)).toBe(open === ts ? open : next);
      }
    }
  });
});
