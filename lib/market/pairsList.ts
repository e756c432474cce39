// Search, sort and paging of the pairs list (API.md §11) over the figures of every pair, and its wire rows.
import type { PairListItemDTO, PairsQuery } from '@/lib/api/schemas/market';
import { unitsString } from './decimalString';
import type { PairFigures } from './pairFigures';
import { ratioText, type Ratio } from './pairPrices';

/** Token names by lowercase address (the registry's and those read from the chain). */
export type TokenNames = ReadonlyMap<string, string>;

/** Part of a symbol, the pair name or a token name; or the start of the pool's or a token's address. */
export function matchesPair(f: PairFigures, names: TokenNames, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (needle === '') return true;
  const { pair } = f;
  if (needle.startsWith('0x')) return [pair.pool, pair.base, pair.quote].some((a) => a.toLowerCase().startsWith(needle));
  const texts = [pair.pair_name, pair.base_symbol, pair.quote_symbol, names.get(pair.base.toLowerCase()) ?? '', names.get(pair.quote.toLowerCase()) ?? ''];
  return texts.some((t) => t.toLowerCase().includes(needle));
}

const compareRatio = (a: Ratio, b: Ratio) => {
  const left = a.n * b.d;
  const right = b.n * a.d;
  // Denominators may be negative after arithmetic; flip so the comparison is of the values.
  const sign = (a.d < 0n) !== (b.d < 0n) ? -1 : 1;
  return left === right ? 0 : (left > right ? 1 : -1) * sign;
};

const SORT_KEYS: Record<NonNullable<PairsQuery['sort']>, (f: PairFigures) => Ratio> = {
  volume: (f) => ({ n: f.volumeUsdE18, d: 1n }),
  liquidity: (f) => f.liquidityUsd,
  change: (f) => f.change24h,
};

const byChainAndId = (a: PairFigures, b: PairFigures) => a.pair.chain_id - b.pair.chain_id || a.pair.pair_id - b.pair.pair_id;

/** Matching rows, sorted (descending; ties in chain and pair id order), then the page asked for. */
export function pairsPage(rows: PairFigures[], names: TokenNames, q: Pick<PairsQuery, 'q' | 'sort' | 'limit' | 'offset'>): PairFigures[] {
  const matched = q.q === undefined ? [...rows] : rows.filter((f) => matchesPair(f, names, q.q ?? ''));
  const key = q.sort ? SORT_KEYS[q.sort] : undefined;
  matched.sort(key ? (a, b) => compareRatio(key(b), key(a)) || byChainAndId(a, b) : byChainAndId);
  const offset = q.offset ?? 0;
  return matched.slice(offset, q.limit === undefined ? undefined : offset + q.limit);
}

export function pairRow(f: PairFigures): PairListItemDTO {
  const { pair } = f;
  return {
    pair_id: pair.pair_id, chain_id: pair.chain_id, pool: pair.pool, base: pair.base, quote: pair.quote, pair_name: pair.pair_name,
    source: pair.source ?? 'uniswap_v2', fee_ppm: Number(pair.fee_ppm ?? 3000),
    price: ratioText(f.price), price_usd: ratioText(f.priceUsd), liquidity_usd: ratioText(f.liquidityUsd),
    volume_usd_24h: unitsString(f.volumeUsdE18, 18), change_24h: ratioText(f.change24h),
  };
}
