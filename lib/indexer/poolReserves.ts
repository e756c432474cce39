// What each pool holds of its two tokens (its liquidity), kept on the pair row: from a constant-product pool's
// latest Sync in each indexed range, or read as token balances where no event has said it yet.
import type { Transaction } from 'kysely';
import { erc20Abi, type Address, type PublicClient } from 'viem';
import type { Database, Db, MarketPairsTable } from '@/lib/db/schema';
import { uniswapV3PoolAbi } from '@/contracts/generated/uniswapV3Pool';
import type { SyncLog } from './readSwapLogs';

export type PoolReserves = { pairId: number; reserveBase: bigint; reserveQuote: bigint; blockNumber: number; sqrtPriceX96?: bigint };

/** Requests in flight at once while reading balances. */
const CONCURRENCY = 16;

/** Each indexed pool's reserves after the last Sync among `syncs`. */
export function latestReserves(syncs: readonly SyncLog[], pairs: ReadonlyMap<string, { row: MarketPairsTable }>): PoolReserves[] {
  const latest = new Map<number, { log: SyncLog; row: MarketPairsTable }>();
  for (const log of syncs) {
    const p = pairs.get(log.address.toLowerCase());
    if (!p) continue;
    const prev = latest.get(p.row.pair_id)?.log;
    if (!prev || log.blockNumber > prev.blockNumber || (log.blockNumber === prev.blockNumber && log.logIndex > prev.logIndex)) latest.set(p.row.pair_id, { log, row: p.row });
  }
  return [...latest.values()].map(({ log, row }) => ({
    pairId: row.pair_id,
    reserveBase: row.base_is_token0 ? log.reserve0 : log.reserve1,
    reserveQuote: row.base_is_token0 ? log.reserve1 : log.reserve0,
    blockNumber: Number(log.blockNumber),
  }));
}

export async function storeReserves(trx: Transaction<Database> | Db, reserves: readonly PoolReserves[]): Promise<void> {
  for (const r of reserves) {
    await trx.updateTable('market_pairs')
      .set({ reserve_base: r.reserveBase.toString(), reserve_quote: r.reserveQuote.toString(), reserves_block: r.blockNumber })
      .where('pair_id', '=', r.pairId).execute();
  }
}

/**
 * Marks the holdings of V3 pools that changed (a swap, a position minted, burnt or collected, a flash loan's fee) as
 * to be read again, in the transaction that stores the range they changed in: a pass that stops before its end
 * leaves them marked for the next one. The last holdings stay listed until then.
 */
export async function markHoldingsStale(trx: Transaction<Database> | Db, pairIds: readonly number[]): Promise<void> {
  if (pairIds.length === 0) return;
  await trx.updateTable('market_pairs').set({ reserves_block: null }).where('pair_id', 'in', [...pairIds]).execute();
}

/**
 * Reads, at `blockNumber`, the token balances of the chain's pools whose holdings are unknown (pools indexed before
 * holdings were kept, new pools without an event yet, pools a rollback reset, V3 pools marked stale: they emit no
 * Sync) and stores them; for a V3 pool also its current sqrtPriceX96 (slot0).
 */
export async function fillPoolHoldings(db: Db, client: PublicClient, chainId: number, blockNumber: bigint, fence?: (trx: Transaction<Database>) => Promise<void>): Promise<number> {
  const unknown = await db.selectFrom('market_pairs').select(['pair_id', 'pool', 'base', 'quote', 'source'])
    .where('chain_id', '=', chainId).where('reserves_block', 'is', null).execute();
  if (unknown.length === 0) return 0;
  const balance = (token: string, holder: string) =>
    client.readContract({ address: token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [holder as Address], blockNumber });
  const read: PoolReserves[] = [];
  for (let i = 0; i < unknown.length; i += CONCURRENCY) {
    read.push(...await Promise.all(unknown.slice(i, i + CONCURRENCY).map(async (p) => {
      const [reserveBase, reserveQuote, slot0] = await Promise.all([
        balance(p.base, p.pool), balance(p.quote, p.pool),
        p.source === 'uniswap_v3' ? client.readContract({ address: p.pool as Address, abi: uniswapV3PoolAbi, functionName: 'slot0', blockNumber }) : undefined,
      ]);
      return { pairId: Number(p.pair_id), reserveBase, reserveQuote, blockNumber: Number(blockNumber), sqrtPriceX96: slot0?.[0] };
    })));
  }
  await db.transaction().execute(async (trx) => {
    // Only rows still unknown or older: an indexing pass that raced this one and stored newer reserves wins.
    for (const r of read) {
      await trx.updateTable('market_pairs')
        .set({ reserve_base: r.reserveBase.toString(), reserve_quote: r.reserveQuote.toString(), reserves_block: r.blockNumber, sqrt_price_x96: r.sqrtPriceX96?.toString() ?? null })
        .where('pair_id', '=', r.pairId).where((eb) => eb.or([eb('reserves_block', 'is', null), eb('reserves_block', '<=', r.blockNumber)])).execute();
    }
    await fence?.(trx);
  });
  return read.length;
}
