// Undoes a reorg: drops a chain's trades above a height and rebuilds the candles they touched from what remains.
import type { Transaction } from 'kysely';
import type { Database, Db } from '@/lib/db/schema';
import { bucketStart } from './bucketStart';
import { aggregateTrades } from './candleAgg';
import { KLINE_INTERVALS } from './klineIntervals';
import { saveCheckpoint, upsertCandles, type Checkpoint } from './storeTrades';

/**
 * Removes trades of `checkpoint.chainId` above `checkpoint.blockNumber`; returns how many were removed.
 * `beforeCommit` runs in the transaction before commit (the writer's lease check); a throw undoes the rollback.
 */
export async function rollbackTrades(db: Db, checkpoint: Checkpoint, beforeCommit?: (trx: Transaction<Database>) => Promise<void>): Promise<number> {
  const { chainId, blockNumber } = checkpoint;
  return db.transaction().execute(async (trx) => {
    const affected = await trx.selectFrom('market_trades')
      .select(['pair_id', (eb) => eb.fn.min('ts').as('min_ts'), (eb) => eb.fn.countAll().as('n')])
      .where('chain_id', '=', chainId).where('block_number', '>', blockNumber)
      .groupBy('pair_id').execute();
    await trx.deleteFrom('market_trades').where('chain_id', '=', chainId).where('block_number', '>', blockNumber).execute();
    let removed = 0;
    for (const a of affected) {
      removed += Number(a.n);
      const pairId = Number(a.pair_id);
      const minTs = Number(a.min_ts);
      let earliest = minTs;
      for (const interval of KLINE_INTERVALS) {
        const from = bucketStart(minTs, interval);
        earliest = Math.min(earliest, from);
        await trx.deleteFrom('market_candles').where('pair_id', '=', pairId).where('interval', '=', interval).where('open_time', '>=', from).execute();
      }
      // The reorg path may read trades; request paths never do.
      const rows = await trx.selectFrom('market_trades').select(['ts', 'amount_base', 'amount_quote', 'usd_e18'])
        .where('pair_id', '=', pairId).where('ts', '>=', earliest).orderBy('block_number').orderBy('log_index').execute();
      const rebuilt = aggregateTrades(rows.map((r) => ({
        pairId, ts: Number(r.ts), amountBase: BigInt(r.amount_base), amountQuote: BigInt(r.amount_quote), usdE18: BigInt(r.usd_e18),
      })));
      await upsertCandles(trx, [...rebuilt.values()].filter((c) => c.openTime >= bucketStart(minTs, c.interval)));
    }
    // Pool holdings seen on the abandoned fork are forgotten; the indexer reads them again on the canonical chain.
    await trx.updateTable('market_pairs').set({ reserve_base: null, reserve_quote: null, reserves_block: null })
      .where('chain_id', '=', chainId).where('reserves_block', '>', blockNumber).execute();
    await saveCheckpoint(trx, checkpoint);
    await beforeCommit?.(trx);
    return removed;
  });
}
