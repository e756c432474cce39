// Pure candle aggregation: trades (in chain order) fold into per-bucket OHLC + volumes with exact bigint sums.
import { bucketStart } from './bucketStart';
import { KLINE_INTERVALS, type KlineInterval } from './klineIntervals';
import type { MarketCandlesTable } from '@/lib/db/schema';

/** A trade as candles see it: unsigned base-unit amounts; price = amountQuote / amountBase. */
export type CandleTrade = { pairId: number; ts: number; amountBase: bigint; amountQuote: bigint; usdE18: bigint };

/** The amounts of the trade that set a price, so the price is exact in either orientation. */
export type Fill = { b: bigint; q: bigint };

export type CandleAgg = {
  pairId: number;
  interval: KlineInterval;
  openTime: number;
  open: Fill;
  high: Fill;
  low: Fill;
  close: Fill;
  volumeBase: bigint;
  volumeQuote: bigint;
  volumeUsdE18: bigint;
  trades: number;
};

/** Sign of price(a) − price(b), prices as q/b with positive amounts. */
export function comparePrice(a: Fill, b: Fill): number {
  const left = a.q * b.b;
  const right = b.q * a.b;
  return left === right ? 0 : left > right ? 1 : -1;
}

export function candleKey(pairId: number, interval: string, openTime: number): string {
  return `${pairId}|${interval}|${openTime}`;
}

/** `later` covers trades after those of `earlier` in the same bucket. */
export function combineCandles(earlier: CandleAgg, later: CandleAgg): CandleAgg {
  return {
    pairId: earlier.pairId,
    interval: earlier.interval,
    openTime: earlier.openTime,
    open: earlier.open,
    high: comparePrice(later.high, earlier.high) > 0 ? later.high : earlier.high,
    low: comparePrice(later.low, earlier.low) < 0 ? later.low : earlier.low,
    close: later.close,
    volumeBase: earlier.volumeBase + later.volumeBase,
    volumeQuote: earlier.volumeQuote + later.volumeQuote,
    volumeUsdE18: earlier.volumeUsdE18 + later.volumeUsdE18,
    trades: earlier.trades + later.trades,
  };
}

function single(trade: CandleTrade, interval: KlineInterval, openTime: number): CandleAgg {
  const fill = { b: trade.amountBase, q: trade.amountQuote };
  return {
    pairId: trade.pairId, interval, openTime, open: fill, high: fill, low: fill, close: fill,
    volumeBase: trade.amountBase, volumeQuote: trade.amountQuote, volumeUsdE18: trade.usdE18, trades: 1,
  };
}

/** Adds a later trade to a candle this module created (in place: the batch fold is the indexer's hot loop). */
function addTrade(c: CandleAgg, trade: CandleTrade): void {
  const fill = { b: trade.amountBase, q: trade.amountQuote };
  if (comparePrice(fill, c.high) > 0) c.high = fill;
  if (comparePrice(fill, c.low) < 0) c.low = fill;
  c.close = fill;
  c.volumeBase += trade.amountBase;
  c.volumeQuote += trade.amountQuote;
  c.volumeUsdE18 += trade.usdE18;
  c.trades += 1;
}

/** Folds trades (in chain order) into candles of the given intervals, keyed by `candleKey`. */
export function aggregateTrades(trades: Iterable<CandleTrade>, intervals: readonly KlineInterval[] = KLINE_INTERVALS): Map<string, CandleAgg> {
  const out = new Map<string, CandleAgg>();
  for (const trade of trades) {
    for (const interval of intervals) {
      const openTime = bucketStart(trade.ts, interval);
      const key = candleKey(trade.pairId, interval, openTime);
      const current = out.get(key);
      if (current) addTrade(current, trade);
      else out.set(key, single(trade, interval, openTime));
    }
  }
  return out;
}

export function candleToRow(c: CandleAgg): MarketCandlesTable {
  return {
    pair_id: c.pairId, interval: c.interval, open_time: c.openTime,
    open_b: c.open.b.toString(), open_q: c.open.q.toString(),
    high_b: c.high.b.toString(), high_q: c.high.q.toString(),
    low_b: c.low.b.toString(), low_q: c.low.q.toString(),
    close_b: c.close.b.toString(), close_q: c.close.q.toString(),
    volume_base: c.volumeBase.toString(), volume_quote: c.volumeQuote.toString(), volume_usd_e18: c.volumeUsdE18.toString(),
    trades: c.trades,
  };
}

export function rowToCandle(r: MarketCandlesTable): CandleAgg {
  return {
    pairId: Number(r.pair_id), interval: r.interval as KlineInterval, openTime: Number(r.open_time),
    open: { b: BigInt(r.open_b), q: BigInt(r.open_q) },
    high: { b: BigInt(r.high_b), q: BigInt(r.high_q) },
    low: { b: BigInt(r.low_b), q: BigInt(r.low_q) },
    close: { b: BigInt(r.close_b), q: BigInt(r.close_q) },
    volumeBase: BigInt(r.volume_base), volumeQuote: BigInt(r.volume_quote), volumeUsdE18: BigInt(r.volume_usd_e18),
    trades: Number(r.trades),
  };
}
