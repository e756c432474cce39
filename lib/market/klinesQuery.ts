// Builds a kline series from stored candles: the start/end/limit rules of API.md §5, gaps filled, either orientation.
import type { Db } from '@/lib/db/schema';
import { bucketAtOrAfter, bucketStart, nextBucket, prevBucket } from './bucketStart';
import { rowToCandle, type CandleAgg, type Fill } from './candleAgg';
import { unitsString } from './decimalString';
import type { KlineInterval } from './klineIntervals';
import { fillPrice, ratioText } from './pairPrices';
import type { ResolvedPair } from './findPair';

export const KLINES_DEFAULT_LIMIT = 500;
export const KLINES_MAX_LIMIT = 1_000;

export type KlinesParams = { chainId: number; interval: KlineInterval; start?: number; end?: number; limit?: number };

export type Kline = {
  chain_id: number; base: string; quote: string; interval: KlineInterval;
  open_time: number; close_time: number;
  open: string; high: string; low: string; close: string;
  volume_base: string; volume_quote: string; volume_usd: string;
  trades: number; closed: boolean;
};

/** Open times the answer covers, ascending; empty when the window holds no bucket. */
export function klineWindow(first: number, last: number, interval: KlineInterval, p: Pick<KlinesParams, 'start' | 'end' | 'limit'>): number[] {
  const limit = p.limit ?? KLINES_DEFAULT_LIMIT;
  const to = p.end === undefined ? last : Math.min(bucketStart(p.end, interval), last);
  const opens: number[] = [];
  if (p.start === undefined) {
    // Most recent `limit` buckets up to `to`, walking back no further than the first trade.
    for (let open = to; open >= first && opens.length < limit; open = prevBucket(open, interval)) opens.push(open);
    return opens.reverse();
  }
  for (let open = Math.max(bucketAtOrAfter(p.start, interval), first); open <= to && opens.length < limit; open = nextBucket(open, interval)) opens.push(open);
  return opens;
}

async function candleAt(db: Db, pairId: number, interval: KlineInterval, order: 'asc' | 'desc', before?: number) {
  let q = db.selectFrom('market_candles').selectAll().where('pair_id', '=', pairId).where('interval', '=', interval);
  if (before !== undefined) q = q.where('open_time', '<', before);
  const row = await q.orderBy('open_time', order).limit(1).executeTakeFirst();
  return row ? rowToCandle(row) : undefined;
}

function toKline(r: ResolvedPair, interval: KlineInterval, open: number, c: CandleAgg | undefined, prevClose: Fill, now: number, chainId: number): Kline {
  const { pair, inverted } = r;
  const next = nextBucket(open, interval);
  const price = (f: Fill) => ratioText(fillPrice(pair, inverted, f));
  const [base, quote] = inverted ? [pair.quote, pair.base] : [pair.base, pair.quote];
  const common = { chain_id: chainId, base, quote, interval, open_time: open, close_time: next - 1, closed: next <= now };
  if (!c) {
    const p = price(prevClose);
    return { ...common, open: p, high: p, low: p, close: p, volume_base: '0', volume_quote: '0', volume_usd: '0', trades: 0 };
  }
  const vBase = unitsString(c.volumeBase, pair.base_decimals);
  const vQuote = unitsString(c.volumeQuote, pair.quote_decimals);
  return {
    ...common,
    open: price(c.open), close: price(c.close),
    // Inverting a price swaps which trade is the highest.
    high: price(inverted ? c.low : c.high), low: price(inverted ? c.high : c.low),
    volume_base: inverted ? vQuote : vBase, volume_quote: inverted ? vBase : vQuote,
    volume_usd: unitsString(c.volumeUsdE18, 18), trades: c.trades,
  };
}

/** Klines of a resolved pair; `now` in Unix seconds decides the open candle and how far filling reaches. */
export async function klinesQuery(db: Db, r: ResolvedPair, params: KlinesParams, now: number): Promise<Kline[]> {
  const { interval } = params;
  const pairId = r.pair.pair_id;
  const [firstCandle, lastCandle] = await Promise.all([candleAt(db, pairId, interval, 'asc'), candleAt(db, pairId, interval, 'desc')]);
  if (!firstCandle || !lastCandle) return [];
  const opens = klineWindow(firstCandle.openTime, Math.max(bucketStart(now, interval), lastCandle.openTime), interval, params);
  const from = opens[0];
  const to = opens[opens.length - 1];
  if (from === undefined || to === undefined) return [];
  const [rows, before] = await Promise.all([
    db.selectFrom('market_candles').selectAll().where('pair_id', '=', pairId).where('interval', '=', interval)
      .where('open_time', '>=', from).where('open_time', '<=', to).orderBy('open_time').execute(),
    candleAt(db, pairId, interval, 'desc', from),
  ]);
  const byOpen = new Map(rows.map((row) => [Number(row.open_time), rowToCandle(row)]));
  let prevClose = before?.close ?? firstCandle.open;
  return opens.map((open) => {
    const c = byOpen.get(open);
    const k = toKline(r, interval, open, c, prevClose, now, params.chainId);
    if (c) prevClose = c.close;
    return k;
  });
}
