// Live candles for SSE clients: one store poller per (chain, pair, interval), shared by all its subscribers.
import { bucketStart, nextBucket } from './bucketStart';
import { leavePoller } from './leavePoller';
import type { KlineInterval } from './klineIntervals';
import type { Kline } from './marketDto';

export type StreamKey = { chainId: number; pairId: number; interval: KlineInterval };
/** The most recent candles of a key, ascending by open time (the open one last). */
export type LoadLatestCandles = (key: StreamKey) => Promise<Kline[]>;
export type CandleListener = (candle: Kline) => void;

export const STREAM_POLL_MS = 1_000;

type Poller = {
  key: StreamKey;
  listeners: Set<CandleListener>;
  timer: ReturnType<typeof setTimeout> | undefined;
  stopped: boolean;
  /** The newest candle sent, and its fingerprint, to push only changes. */
  last: Kline | undefined;
  lastPrint: string;
};

export type CandleStreamHubOptions = {
  loadLatest: LoadLatestCandles;
  pollMs?: number;
  /** Unix seconds now; injectable so bucket boundaries can be tested. */
  nowSec?: () => number;
  onError?: (error: unknown, key: StreamKey) => void;
};

function keyOf(key: StreamKey): string {
  return `${key.chainId}:${key.pairId}:${key.interval}`;
}

function fingerprint(c: Kline): string {
  return [c.open_time, c.open, c.high, c.low, c.close, c.volume_base, c.volume_quote, c.volume_usd, c.trades, c.closed].join('|');
}

/** The candle that opens at `openTime` before any trade: flat at the previous close, no volume. */
export function emptyCandleAfter(prev: Kline, openTime: number, interval: KlineInterval): Kline {
  return {
    ...prev,
    open_time: openTime,
    close_time: nextBucket(openTime, interval) - 1,
    open: prev.close,
    high: prev.close,
    low: prev.close,
    volume_base: '0',
    volume_quote: '0',
    volume_usd: '0',
    trades: 0,
    closed: false,
  };
}

/**
 * When the wall clock has passed the newest stored candle's bucket, the current bucket is open even though
 * nothing traded in it yet; clients must see it open at the boundary, not at the next trade.
 */
export function withOpenBucket(candles: Kline[], interval: KlineInterval, nowSec: number): Kline[] {
  const newest = candles.at(-1);
  if (!newest) return candles;
  const current = bucketStart(nowSec, interval);
  if (newest.open_time >= current) return candles;
  return [...candles.slice(0, -1), { ...newest, closed: true }, emptyCandleAfter(newest, current, interval)];
}

export class CandleStreamHub {
  private readonly pollers = new Map<string, Poller>();
  private readonly loadLatest: LoadLatestCandles;
  private readonly pollMs: number;
  private readonly nowSec: () => number;
  private readonly onError: (error: unknown, key: StreamKey) => void;

  constructor(options: CandleStreamHubOptions) {
    this.loadLatest = options.loadLatest;
    this.pollMs = options.pollMs ?? STREAM_POLL_MS;
    this.nowSec = options.nowSec ?? (() => Math.floor(Date.now() / 1000));
    this.onError = options.onError ?? (() => {});
  }

  /** Starts (or joins) the key's poller; the returned function unsubscribes and stops an idle poller. */
  subscribe(key: StreamKey, listener: CandleListener): () => void {
    const id = keyOf(key);
    let poller = this.pollers.get(id);
    if (!poller) {
      poller = { key, listeners: new Set(), timer: undefined, stopped: false, last: undefined, lastPrint: '' };
      this.pollers.set(id, poller);
      void this.tick(poller);
    } else if (poller.last) {
      listener(poller.last);
    }
    poller.listeners.add(listener);
    const joined = poller;
    return () => leavePoller(this.pollers, id, joined, listener);
  }

  subscriberCount(key: StreamKey): number {
    return this.pollers.get(keyOf(key))?.listeners.size ?? 0;
  }

  pollerCount(): number {
    return this.pollers.size;
  }

  private async tick(poller: Poller): Promise<void> {
    try {
      const candles = withOpenBucket(await this.loadLatest(poller.key), poller.key.interval, this.nowSec());
      if (!poller.stopped) this.publish(poller, candles);
    } catch (error: unknown) {
      this.onError(error, poller.key);
    }
    if (!poller.stopped) poller.timer = setTimeout(() => void this.tick(poller), this.pollMs);
  }

  /** Sends, in time order, the newest candle if it changed and every candle newer than it. */
  private publish(poller: Poller, candles: Kline[]): void {
    for (const candle of candles) {
      const print = fingerprint(candle);
      const last = poller.last;
      const isNew = last === undefined || candle.open_time > last.open_time;
      const changed = last !== undefined && candle.open_time === last.open_time && print !== poller.lastPrint;
      if (!isNew && !changed) continue;
      poller.last = candle;
      poller.lastPrint = print;
      for (const listener of poller.listeners) listener(candle);
    }
  }
}
