// Every pair of a chain with its price, USD price, 24 h change and volume, and liquidity (API.md §11), computed
// with a handful of queries for the whole chain, so a list of thousands of pools needs no per-pair work or RPC.
import { sql } from 'kysely';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import type { Db, MarketCandlesTable, MarketPairsTable } from '@/lib/db/schema';
import { bucketStart } from './bucketStart';
import { rowToCandle } from './candleAgg';
import { indicativePrice, v3SpotPrice } from './pairOverview';
import { fillPrice, mulRatio, type Ratio } from './pairPrices';

const DAY_S = 86_400;
const HOUR_S = 3_600;
const ZERO: Ratio = { n: 0n, d: 1n };
const ONE: Ratio = { n: 1n, d: 1n };

export type PairFigures = {
  pair: MarketPairsTable;
  /** Quote per base (human units). */
  price: Ratio;
  priceUsd: Ratio;
  change24h: Ratio;
  /** USD, scaled by 1e18 like the candles' volume_usd_e18. */
  volumeUsdE18: bigint;
  liquidityUsd: Ratio;
};

const normalise = (p: MarketPairsTable): MarketPairsTable => ({
  ...p, pair_id: Number(p.pair_id), chain_id: Number(p.chain_id), base_decimals: Number(p.base_decimals), quote_decimals: Number(p.quote_decimals),
  base_is_token0: Number(p.base_is_token0), reserves_block: p.reserves_block === null ? null : Number(p.reserves_block),
  source: p.source ?? 'uniswap_v2', fee_ppm: Number(p.fee_ppm ?? 3000),
});

/** Per pair of the chain, its 1m candle with the greatest open_time (≤ atOrBefore when given). */
async function lastMinuteCandles(db: Db, chainId: number, atOrBefore?: number): Promise<Map<number, MarketCandlesTable>> {
  let latest = db.selectFrom('market_candles').select(['pair_id', sql<number>`max(open_time)`.as('t')]).where('interval', '=', '1m')
    .where('pair_id', 'in', db.selectFrom('market_pairs').select('pair_id').where('chain_id', '=', chainId));
  if (atOrBefore !== undefined) latest = latest.where('open_time', '<=', atOrBefore);
  const rows = await db.selectFrom('market_candles as c').innerJoin(latest.groupBy('pair_id').as('m'), (j) => j.onRef('m.pair_id', '=', 'c.pair_id').onRef('m.t', '=', 'c.open_time'))
    .selectAll('c').where('c.interval', '=', '1m').execute();
  return new Map(rows.map((r) => [Number(r.pair_id), r]));
}

/**
 * USD volume of the last 24 h per pair: the same minutes as the pair overview (1m candles opened at or after
 * now − 24 h), read as whole hours from 1h candles in the middle so at most two hours of minutes are read.
 */
async function volumesUsdE18(db: Db, chainId: number, now: number): Promise<Map<number, bigint>> {
  const from = now - DAY_S;
  const firstHour = Math.ceil(from / HOUR_S) * HOUR_S;
  const lastHour = bucketStart(now, '1h');
  const pairs = db.selectFrom('market_pairs').select('pair_id').where('chain_id', '=', chainId);
  // Three range reads of the (pair_id, interval, open_time) key, not one OR of them: PostgreSQL scans the whole
  // candle table for the OR, whose cost grows with the history kept.
  const range = (interval: '1m' | '1h', start: number, end?: number) => {
    let q = db.selectFrom('market_candles').select(['pair_id', 'volume_usd_e18']).where('pair_id', 'in', pairs)
      .where('interval', '=', interval).where('open_time', '>=', start);
    if (end !== undefined) q = q.where('open_time', '<', end);
    return q.execute();
  };
  const rows = (await Promise.all([range('1m', from, firstHour), range('1h', firstHour, lastHour), range('1m', lastHour)])).flat();
  const sums = new Map<number, bigint>();
  for (const r of rows) sums.set(Number(r.pair_id), (sums.get(Number(r.pair_id)) ?? 0n) + BigInt(r.volume_usd_e18));
  return sums;
}

/**
 * USD per whole token, ranked as the pair overview ranks paths: 1 for stablecoins, else the current price of a pair
 * that has the token as base and a stablecoin (preferred) or wrapped native as quote, times that quote's USD price.
 * Pairs are indexed by base address once: with thousands of pools, comparing every pair's address per token (viem's
 * isAddressEqual validates both each time) cost most of the list's time.
 */
function usdPrices(chain: ChainConfig, pairs: MarketPairsTable[], current: Map<number, Ratio>): (token: string) => Ratio | undefined {
  const memo = new Map<string, Ratio | undefined>();
  const stable = new Set(chain.stablecoins.map((s) => s.toLowerCase()));
  const weth = chain.weth.toLowerCase();
  const rank = (quote: string) => (stable.has(quote.toLowerCase()) ? 2 : quote.toLowerCase() === weth ? 1 : 0);
  const byBase = new Map<string, MarketPairsTable[]>();
  for (const p of pairs) {
    if (rank(p.quote) === 0) continue;
    const key = p.base.toLowerCase();
    byBase.set(key, [...(byBase.get(key) ?? []), p]);
  }
  for (const list of byBase.values()) list.sort((a, b) => rank(b.quote) - rank(a.quote));
  const price = (token: string, depth: number): Ratio | undefined => {
    const key = token.toLowerCase();
    if (stable.has(key)) return ONE;
    if (depth > 1) return undefined;
    if (depth === 0 && memo.has(key)) return memo.get(key);
    let found: Ratio | undefined;
    for (const p of byBase.get(key) ?? []) {
      const close = current.get(p.pair_id);
      const quoteUsd = close && close.n > 0n ? price(p.quote, depth + 1) : undefined;
      if (close && quoteUsd) { found = mulRatio(close, quoteUsd); break; }
    }
    if (depth === 0) memo.set(key, found);
    return found;
  };
  return (token) => price(token, 0);
}

const add = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const units = (amount: string | null, decimals: number): Ratio => ({ n: BigInt(amount ?? '0'), d: 10n ** BigInt(decimals) });

/** What the pool holds, in USD: each side at its token's USD price; a side without one counts as much as the other (a constant-product pool holds equal values). */
function liquidity(p: MarketPairsTable, baseUsd: Ratio | undefined, quoteUsd: Ratio | undefined): Ratio {
  const b = baseUsd ? mulRatio(units(p.reserve_base, p.base_decimals), baseUsd) : undefined;
  const q = quoteUsd ? mulRatio(units(p.reserve_quote, p.quote_decimals), quoteUsd) : undefined;
  if (b && q) return add(b, q);
  const one = b ?? q;
  return one ? mulRatio(one, { n: 2n, d: 1n }) : ZERO;
}

export async function pairFigures(db: Db, chain: ChainConfig, now: number): Promise<PairFigures[]> {
  const [rawPairs, latest, dayAgo, volumes] = await Promise.all([
    db.selectFrom('market_pairs').selectAll().where('chain_id', '=', chain.id).orderBy('pair_id').execute(),
    lastMinuteCandles(db, chain.id),
    lastMinuteCandles(db, chain.id, now - DAY_S),
    volumesUsdE18(db, chain.id, now),
  ]);
  const pairs = rawPairs.map(normalise);
  const recent = bucketStart(now - DAY_S, '1m');
  const prices = new Map<number, Ratio>();
  for (const pair of pairs) {
    const last = latest.get(pair.pair_id);
    // As the pair overview: the last trade's price when the pair traded in the last 24 h, else a V2 pool's holdings
    // or a V3 pool's sqrtPriceX96 as last read by the indexer.
    prices.set(pair.pair_id, last && Number(last.open_time) >= recent
      ? fillPrice(pair, false, rowToCandle(last).close)
      : pair.source === 'uniswap_v3'
        ? v3SpotPrice(pair, BigInt(pair.sqrt_price_x96 ?? '0'))
        : indicativePrice({ pair, inverted: false }, BigInt(pair.reserve_base ?? '0'), BigInt(pair.reserve_quote ?? '0')));
  }
  const usd = usdPrices(chain, pairs, prices);
  return pairs.map((pair) => {
    const price = prices.get(pair.pair_id) ?? ZERO;
    const refRow = dayAgo.get(pair.pair_id);
    const ref = refRow ? fillPrice(pair, false, rowToCandle(refRow).close) : undefined;
    const change24h = ref && ref.n > 0n && price.d > 0n ? { n: price.n * ref.d - ref.n * price.d, d: ref.n * price.d } : ZERO;
    const quoteUsd = usd(pair.quote);
    const priceUsd = quoteUsd ? mulRatio(price, quoteUsd) : undefined;
    // The base side at this pool's own price when the quote has a USD price, so both sides are valued alike.
    const baseUsd = priceUsd ?? usd(pair.base);
    return {
      pair, price, change24h,
      priceUsd: priceUsd ?? ZERO,
      volumeUsdE18: volumes.get(pair.pair_id) ?? 0n,
      liquidityUsd: liquidity(pair, baseUsd, quoteUsd),
    };
  });
}
