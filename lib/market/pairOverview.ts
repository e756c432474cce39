// The pair overview of API.md §5: last price, its USD value, 24 h change and volumes, FDV, all from candles.
import { isAddressEqual, type Address } from 'viem';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import type { Db } from '@/lib/db/schema';
import { bucketStart } from './bucketStart';
import { rowToCandle } from './candleAgg';
import type { ChainReader } from './chainReader';
import { unitsString } from './decimalString';
import type { ResolvedPair } from './findPair';
import type { KlineInterval } from './klineIntervals';
import { fillPrice, mulRatio, ratioText, type Ratio } from './pairPrices';

const DAY_S = 86_400;
const ONE: Ratio = { n: 1n, d: 1n };

export type PairOverview = {
  chain_id: number; pair_id: number; base: string; quote: string; pair_name: string; source: 'uniswap_v2' | 'uniswap_v3'; fee_ppm: number;
  price: string; price_usd: string; price_source: 'kline' | 'swap_indicative'; change_24h: string;
  volume_base_24h: string; volume_quote_24h: string; volume_usd_24h: string; fdv_usd: string;
};

async function latestCandle(db: Db, pairId: number, interval: KlineInterval, atOrBefore?: number) {
  let q = db.selectFrom('market_candles').selectAll().where('pair_id', '=', pairId).where('interval', '=', interval);
  if (atOrBefore !== undefined) q = q.where('open_time', '<=', atOrBefore);
  const row = await q.orderBy('open_time', 'desc').limit(1).executeTakeFirst();
  return row ? rowToCandle(row) : undefined;
}

/** A V3 pool's spot price, quote per base in whole tokens, from its sqrtPriceX96 (token1 per token0 = sqrtP² / 2¹⁹²). */
export function v3SpotPrice(pair: ResolvedPair['pair'], sqrtPriceX96: bigint): Ratio {
  if (sqrtPriceX96 === 0n) return { n: 0n, d: 1n };
  const p1per0 = sqrtPriceX96 * sqrtPriceX96;
  const q192 = 1n << 192n;
  return fillPrice(pair, false, pair.base_is_token0 ? { b: q192, q: p1per0 } : { b: p1per0, q: q192 });
}

/** Price of a small base amount sold into current reserves (0.01 % of the base reserve, after the 0.3 % pool fee). */
export function indicativePrice(r: ResolvedPair, reserveBase: bigint, reserveQuote: bigint): Ratio {
  if (reserveBase === 0n || reserveQuote === 0n) return { n: 0n, d: 1n };
  const amountIn = reserveBase / 10_000n > 0n ? reserveBase / 10_000n : 1n;
  const inWithFee = amountIn * 997n;
  const out = (inWithFee * reserveQuote) / (reserveBase * 1000n + inWithFee);
  return fillPrice(r.pair, false, { b: amountIn, q: out });
}

/** USD per whole token now: 1 for stablecoins, else the last close against a stablecoin, else via wrapped native. */
export async function usdPriceNow(db: Db, chain: ChainConfig, token: Address, depth = 0): Promise<Ratio | undefined> {
  if (chain.stablecoins.some((s) => isAddressEqual(s, token))) return ONE;
  if (depth > 1) return undefined;
  const pairs = await db.selectFrom('market_pairs').selectAll().where('chain_id', '=', chain.id).execute();
  const mine = pairs.filter((p) => isAddressEqual(p.base as Address, token));
  const rank = (quote: string) => (chain.stablecoins.some((s) => isAddressEqual(s, quote as Address)) ? 2 : isAddressEqual(chain.weth, quote as Address) ? 1 : 0);
  for (const p of mine.filter((x) => rank(x.quote) > 0).sort((a, b) => rank(b.quote) - rank(a.quote))) {
    const c = await latestCandle(db, Number(p.pair_id), '1M');
    const quoteUsd = c ? await usdPriceNow(db, chain, p.quote as Address, depth + 1) : undefined;
    if (c && quoteUsd) return mulRatio(fillPrice({ ...p, base_decimals: Number(p.base_decimals), quote_decimals: Number(p.quote_decimals) }, false, c.close), quoteUsd);
  }
  return undefined;
}

async function volumes24h(db: Db, r: ResolvedPair, now: number) {
  // Whole minutes inside the last 24 h: 1m candles are the finest series, so no trade is ever scanned.
  const rows = await db.selectFrom('market_candles').select(['volume_base', 'volume_quote', 'volume_usd_e18'])
    .where('pair_id', '=', r.pair.pair_id).where('interval', '=', '1m').where('open_time', '>=', now - DAY_S).execute();
  let base = 0n;
  let quote = 0n;
  let usd = 0n;
  for (const row of rows) { base += BigInt(row.volume_base); quote += BigInt(row.volume_quote); usd += BigInt(row.volume_usd_e18); }
  const vb = unitsString(base, r.pair.base_decimals);
  const vq = unitsString(quote, r.pair.quote_decimals);
  return { volume_base_24h: r.inverted ? vq : vb, volume_quote_24h: r.inverted ? vb : vq, volume_usd_24h: unitsString(usd, 18) };
}

export async function pairOverview(db: Db, chain: ChainConfig, r: ResolvedPair, interval: KlineInterval, now: number, reader: ChainReader): Promise<PairOverview> {
  const { pair, inverted } = r;
  const [base, quote] = (inverted ? [pair.quote, pair.base] : [pair.base, pair.quote]) as [Address, Address];
  const [latest, lastMinute, dayAgo] = await Promise.all([
    latestCandle(db, pair.pair_id, interval),
    latestCandle(db, pair.pair_id, '1m'),
    latestCandle(db, pair.pair_id, '1m', now - DAY_S),
  ]);
  const tradedRecently = lastMinute !== undefined && lastMinute.openTime >= bucketStart(now - DAY_S, '1m');
  let price: Ratio;
  if (tradedRecently && latest) {
    price = fillPrice(pair, inverted, latest.close);
  } else {
    let p: Ratio;
    if (pair.source === 'uniswap_v3') {
      // A V3 pool's holdings say nothing of its price: its current sqrtPriceX96 does.
      p = v3SpotPrice(pair, await reader.sqrtPriceX96(chain, pair.pool as Address));
    } else {
      const { reserve0, reserve1 } = await reader.reserves(chain, pair.pool as Address);
      const [rb, rq] = pair.base_is_token0 ? [reserve0, reserve1] : [reserve1, reserve0];
      p = indicativePrice(r, rb, rq);
    }
    price = inverted ? { n: p.d, d: p.n } : p;
  }
  const ref = dayAgo ? fillPrice(pair, inverted, dayAgo.close) : undefined;
  const change = ref && ref.n > 0n && price.d > 0n ? { n: price.n * ref.d - ref.n * price.d, d: ref.n * price.d } : { n: 0n, d: 1n };
  const [quoteUsd, supply, volumes] = await Promise.all([usdPriceNow(db, chain, quote), reader.totalSupply(chain, base), volumes24h(db, r, now)]);
  const priceUsd = quoteUsd ? mulRatio(price, quoteUsd) : { n: 0n, d: 1n };
  const baseDecimals = inverted ? pair.quote_decimals : pair.base_decimals;
  return {
    chain_id: chain.id, pair_id: pair.pair_id, base, quote,
    pair_name: inverted ? `${pair.quote_symbol}/${pair.base_symbol}` : pair.pair_name,
    source: pair.source ?? 'uniswap_v2', fee_ppm: Number(pair.fee_ppm ?? 3000),
    price: ratioText(price), price_usd: ratioText(priceUsd), price_source: tradedRecently && latest ? 'kline' : 'swap_indicative',
    change_24h: ratioText(change), ...volumes,
    fdv_usd: ratioText(mulRatio(priceUsd, { n: supply, d: 10n ** BigInt(baseDecimals) })),
  };
}
