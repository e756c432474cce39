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
  const row = await db.selectFrom('market_pairs').selectAll().where('chain_id', '=', chainId)
    .where((eb) => eb.or([eb.and([eb('base', '=', b), eb('quote', '=', q)]), eb.and([eb('base', '=', q), eb('quote', '=', b)])]))
    .orderBy('pair_id').limit(1).executeTakeFirst();
  if (row) return { pair: normalised(row), inverted: row.base !== b };
  throw new DomainError('NOT_FOUND', `no indexed pair of base ${base} and quote ${quote} on chain ${chainId}`, { field: 'base' });
}
