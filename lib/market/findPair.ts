// Resolves a pair reference (pairId, or base + quote in either orientation) to a stored pool and orientation.
import { getAddress, isAddressEqual } from 'viem';
import { DomainError } from '@/lib/domain/DomainError';
import type { Db, MarketPairsTable } from '@/lib/db/schema';

export type PairRef = { pairId?: number; base?: string; quote?: string };
/** `inverted`: the caller asked for the pool as quote/base, so prices invert and volumes swap. */
export type ResolvedPair = { pair: MarketPairsTable; inverted: boolean };

function normalised(row: MarketPairsTable): MarketPairsTable {
  return { ...row, pair_id: Number(row.pair_id), chain_id: Number(row.chain_id), base_decimals: Number(row.base_decimals), quote_decimals: Number(row.quote_decimals), base_is_token0: Number(row.base_is_token0) };
}

/**
 * What the pool holds, in its quote token's base units, with the base side valued at the pool's own price. Pools
 * of the same two tokens compare by it without a USD price: a V2 pool holds equal values (twice its quote side); a
 * V3 pool's base side is converted at its sqrtPriceX96. A pool not read yet has depth 0.
 */
export function quoteDepth(p: MarketPairsTable): bigint {
  const base = BigInt(p.reserve_base ?? '0');
  const quote = BigInt(p.reserve_quote ?? '0');
  if ((p.source ?? 'uniswap_v2') === 'uniswap_v2') return 2n * quote;
  const sqrt = BigInt(p.sqrt_price_x96 ?? '0');
  if (sqrt === 0n) return quote;
  const priceX192 = sqrt * sqrt;
  return quote + (Number(p.base_is_token0) ? (base * priceX192) >> 192n : (base << 192n) / priceX192);
}

export async function findPair(db: Db, chainId: number, ref: PairRef): Promise<ResolvedPair> {
  if (ref.pairId !== undefined) {
    const row = await db.selectFrom('market_pairs').selectAll().where('pair_id', '=', ref.pairId).where('chain_id', '=', chainId).executeTakeFirst();
    if (!row) throw new DomainError('NOT_FOUND', `pairId ${ref.pairId} is not an indexed pair on chain ${chainId}`, { field: 'pairId' });
    return { pair: normalised(row), inverted: false };
  }
  const { base, quote } = ref;
  if (base === undefined || quote === undefined) {
    throw new DomainError('INVALID_ARGUMENT', 'pairId, or both base and quote, must be given', { field: base === undefined ? 'base' : 'quote' });
  }
  if (isAddressEqual(base as `0x${string}`, quote as `0x${string}`)) {
    throw new DomainError('INVALID_ARGUMENT', 'base and quote must be different tokens', { field: 'quote' });
  }
  // Stored addresses are checksummed; either orientation is one indexed lookup.
  const b = getAddress(base.toLowerCase());
  const q = getAddress(quote.toLowerCase());
  const rows = await db.selectFrom('market_pairs').selectAll().where('chain_id', '=', chainId)
    .where((eb) => eb.or([eb.and([eb('base', '=', b), eb('quote', '=', q)]), eb.and([eb('base', '=', q), eb('quote', '=', b)])]))
    .orderBy('pair_id').execute();
  // A V2 pair and V3 pools of several fees can share the two tokens: the address pair names the deepest of them.
  let best: { row: MarketPairsTable; depth: bigint } | undefined;
  for (const raw of rows) {
    const row = normalised(raw);
    const depth = quoteDepth(row);
    if (!best || depth > best.depth) best = { row, depth };
  }
  if (best) return { pair: best.row, inverted: best.row.base !== b };
  throw new DomainError('NOT_FOUND', `no indexed pair of base ${base} and quote ${quote} on chain ${chainId}`, { field: 'base' });
}
