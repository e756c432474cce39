// Builds a kline series from stored candles: the start/end/limit rules of API.md §5, gaps filled, either orientation.
import type { Db } from '@/lib/db/schema';
import { bucketAtOrAfter, bucketStart, nextBucket, prevBucket } from './bucketStart';
import { rowToCandle, type Fill } from './candleAgg';
import type { MarketCandlesTable } from '@/lib/db/schema';
import { MAX_FRACTION_DIGITS, unitsText } from './decimalString';
import { KLINES_DEFAULT_LIMIT, type KlineInterval } from './klineIntervals';
import type { ResolvedPair } from './findPair';

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

/** Formats rows of one answer; a price string is computed once per fill (filled rows repeat the previous close). */
function klineFormatter(r: ResolvedPair, interval: KlineInterval, now: number, chainId: number) {
  const { pair, inverted } = r;
  const [base, quote] = inverted ? [pair.quote, pair.base] : [pair.base, pair.quote];
  const texts = new Map<Fill, string>();
  // price × 1e18 = num × numScale / (den × denScale), truncated; scales computed once per answer.
  const baseScale = 10n ** BigInt(pair.base_decimals);
  const quoteScale = 10n ** BigInt(pair.quote_decimals);
  const numScale = (inverted ? quoteScale : baseScale) * 10n ** BigInt(MAX_FRACTION_DIGITS);
  const denScale = inverted ? baseScale : quoteScale;
  const price = (f: Fill) => {
    let text = texts.get(f);
    if (text === undefined) {
      const [num, den] = inverted ? [f.b, f.q] : [f.q, f.b];
      text = den === 0n ? '0' : unitsText(((num * numScale) / (den * denScale)).toString(), MAX_FRACTION_DIGITS);
      texts.set(f, text);
    }
    return text;
  };
  const fill = (b: string, q: string): Fill => ({ b: BigInt(b), q: BigInt(q) });
  return (open: number, c: MarketCandlesTable | undefined, prevClose: Fill): Kline => {
    const next = nextBucket(open, interval);
    // Object literals, not spreads: V8 builds spread objects slowly and an answer has up to 1000 rows.
    if (!c) {
      const p = price(prevClose);
      return {
        chain_id: chainId, base, quote, interval, open_time: open, close_time: next - 1,
        open: p, high: p, low: p, close: p, volume_base: '0', volume_quote: '0', volume_usd: '0', trades: 0, closed: next <= now,
      };
    }
    // Volumes are stored as integer digits: formatting them needs no bigint arithmetic.
    const vBase = unitsText(c.volume_base, pair.base_decimals);
    const vQuote = unitsText(c.volume_quote, pair.quote_decimals);
    const high = fill(c.high_b, c.high_q);
    const low = fill(c.low_b, c.low_q);
    return {
      chain_id: chainId, base, quote, interval, open_time: open, close_time: next - 1,
      open: price(fill(c.open_b, c.open_q)),
      // Inverting a price swaps which trade is the highest.
      high: price(inverted ? low : high), low: price(inverted ? high : low),
      close: price(fill(c.close_b, c.close_q)),
      volume_base: inverted ? vQuote : vBase, volume_quote: inverted ? vBase : vQuote,
      volume_usd: unitsText(c.volume_usd_e18, 18), trades: Number(c.trades), closed: next <= now,
    };
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
  const byOpen = new Map(rows.map((row) => [Number(row.open_time), row]));
  let prevClose = before?.close ?? firstCandle.open;
  const toKline = klineFormatter(r, interval, now, params.chainId);
  return opens.map((open) => {
    const c = byOpen.get(open);
    const k = toKline(open, c, prevClose);
    if (c) prevClose = { b: BigInt(c.close_b), q: BigInt(c.close_q) };
    return k;
  });
}
