import { afterEach, describe, expect, it } from 'vitest';
import { CandleStreamHub, withOpenBucket, type StreamKey } from './candleStreamHub';
import type { Kline } from './marketDto';

const POLL_MS = 10;
const KEY: StreamKey = { chainId: 31337, pairId: 1, interval: '1m' };
const T0 = 1_763_700_000 - (1_763_700_000 % 60); // a minute boundary

function candle(openTime: number, close: string, extra: Partial<Kline> = {}): Kline {
  return {
    chain_id: 31337, base: '0x1', quote: '0x2', interval: '1m', open_time: openTime, close_time: openTime + 59,
    open: '1', high: close, low: '1', close, volume_base: '2', volume_quote: '2', volume_usd: '2', trades: 1, closed: false,
    ...extra,
  };
}

/** Collects what a subscriber receives; `next(n)` waits until n candles arrived. */
function collector() {
  const got: Kline[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const listener = (c: Kline) => {
    got.push(c);
    for (const w of waiters.filter((x) => got.length >= x.n)) w.resolve();
  };
  const next = (n: number) =>
    new Promise<void>((resolve, reject) => {
      if (got.length >= n) return resolve();
      waiters.push({ n, resolve });
      setTimeout(() => reject(new Error(`only ${got.length} of ${n} candles arrived`)), 2_000);
    });
  return { got, listener, next };
}

const hubs: CandleStreamHub[] = [];
const unsubs: (() => void)[] = [];
afterEach(() => {
  for (const u of unsubs.splice(0)) u();
  for (const h of hubs.splice(0)) expect(h.pollerCount()).toBe(0);
});

describe('CandleStreamHub', () => {
  it('opens a new candle at the bucket boundary even before anything trades in it', async () => {
    let now = T0 + 58;
    const stored = [candle(T0 - 60, '1.5', { closed: true }), candle(T0, '2')];
    const hub = new CandleStreamHub({ loadLatest: async () => stored.slice(-2), pollMs: POLL_MS, nowSec: () => now });
    hubs.push(hub);
    const c = collector();
    unsubs.push(hub.subscribe(KEY, c.listener));
    await c.next(2);
    expect(c.got.map((k) => k.open_time)).toEqual([T0 - 60, T0]);

    now = T0 + 60; // the clock crosses into the next minute; the store has no candle there yet
    await c.next(4);
    const [closedPrev, opened] = c.got.slice(2);
    expect(closedPrev).toMatchObject({ open_time: T0, closed: true, close: '2' });
    expect(opened).toMatchObject({ open_time: T0 + 60, close_time: T0 + 119, open: '2', high: '2', low: '2', close: '2', volume_base: '0', trades: 0, closed: false });

    stored.push(candle(T0 + 60, '2.25')); // a trade lands in the new bucket
    await c.next(5);
    expect(c.got[4]).toMatchObject({ open_time: T0 + 60, close: '2.25', trades: 1 });
  });

  it('pushes only changes: an unchanged open candle is not resent', async () => {
    const stored = [candle(T0, '2')];
    let loads = 0;
    const hub = new CandleStreamHub({
      loadLatest: async () => { loads += 1; return stored.slice(); },
      pollMs: POLL_MS, nowSec: () => T0 + 1,
    });
    hubs.push(hub);
    const c = collector();
    unsubs.push(hub.subscribe(KEY, c.listener));
    await c.next(1);
    while (loads < 5) await new Promise((r) => setTimeout(r, POLL_MS));
    expect(c.got).toHaveLength(1);
    stored[0] = candle(T0, '3', { trades: 2 });
    await c.next(2);
    expect(c.got[1]?.close).toBe('3');
  });

  it('shares one poller per key and stops it when the last client leaves', async () => {
    let loads = 0;
    const hub = new CandleStreamHub({ loadLatest: async () => { loads += 1; return [candle(T0, '2')]; }, pollMs: POLL_MS, nowSec: () => T0 });
    hubs.push(hub);
    const a = collector();
    const b = collector();
    const leaveA = hub.subscribe(KEY, a.listener);
    await a.next(1);
    const leaveB = hub.subscribe(KEY, b.listener);
    await b.next(1); // a late joiner gets the current candle at once
    const other = hub.subscribe({ ...KEY, interval: '5m' }, () => {});
    expect(hub.pollerCount()).toBe(2);
    expect(hub.subscriberCount(KEY)).toBe(2);
    leaveA();
    expect(hub.pollerCount()).toBe(2);
    leaveB();
    other();
    expect(hub.pollerCount()).toBe(0);
    const after = loads;
    await new Promise((r) => setTimeout(r, POLL_MS * 5));
    expect(loads).toBeLessThanOrEqual(after + 1); // at most the load already in flight
  });

  it('keeps polling after a failed load', async () => {
    let fail = true;
    const errors: unknown[] = [];
    const hub = new CandleStreamHub({
      loadLatest: async () => { if (fail) { fail = false; throw new Error('store busy'); } return [candle(T0, '2')]; },
      pollMs: POLL_MS, nowSec: () => T0, onError: (e) => errors.push(e),
    });
    hubs.push(hub);
    const c = collector();
    unsubs.push(hub.subscribe(KEY, c.listener));
    await c.next(1);
    expect(errors).toHaveLength(1);
  });
});

describe('withOpenBucket', () => {
  it('aligns weekly and monthly open buckets to Monday and the 1st (UTC)', () => {
    const monthly = withOpenBucket([candle(Date.UTC(2026, 9, 1) / 1000, '5', { interval: '1M' })], '1M', Date.UTC(2026, 10, 21, 22) / 1000);
    expect(monthly.at(-1)?.open_time).toBe(Date.UTC(2026, 10, 1) / 1000);
    expect(monthly.at(-1)?.close_time).toBe(Date.UTC(2026, 11, 1) / 1000 - 1);
    const weekly = withOpenBucket([candle(Date.UTC(2026, 10, 9) / 1000, '5', { interval: '1w' })], '1w', Date.UTC(2026, 10, 21, 22) / 1000);
    expect(new Date((weekly.at(-1)?.open_time ?? 0) * 1000).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });
});
