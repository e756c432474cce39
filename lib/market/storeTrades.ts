// Writes a batch of Swap trades, their 14 candle series and the chain's checkpoint in one transaction.
import type { Transaction } from 'kysely';
import type { Database, Db } from '@/lib/db/schema';
import { aggregateTrades, candleKey, candleToRow, combineCandles, rowToCandle, type CandleAgg, type CandleTrade } from './candleAgg';
import type { KlineInterval } from './klineIntervals';

export type NewTrade = CandleTrade & {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  side: 'buy' | 'sell';
  /** The transaction's sender (EIP-55). */
  maker: string;
};

export type Checkpoint = { chainId: number; blockNumber: number; blockHash: string; state?: string | null };

/**
 * Rows per multi-row statement, largest first: at most 1,000 (under SQLite's 32,766 bound parameters and
 * PostgreSQL's 65,535), and only these counts, so a table's inserts have four SQL texts whatever the batch size
 * (each text is prepared once and kept; see retainingStatements).
 */
const CHUNK_SIZES = [1_000, 100, 10, 1] as const;

/** `items` cut into runs of CHUNK_SIZES rows, greedily: 2,345 rows → 2 × 1,000, 3 × 100, 4 × 10, 5 × 1. */
export function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  let at = 0;
  for (const size of CHUNK_SIZES) {
    for (; items.length - at >= size; at += size) out.push(items.slice(at, at + size));
  }
  return out;
}

const tradeKey = (txHash: string, logIndex: number) => `${txHash}|${logIndex}`;

/** Inserts the trades; returns the ones that were not stored before (each event is stored once). */
async function insertNewTrades(trx: Transaction<Database>, trades: readonly NewTrade[]): Promise<NewTrade[]> {
  const inserted = new Set<string>();
  for (const part of chunks(trades)) {
    const rows = await trx.insertInto('market_trades').values(part.map((t) => ({
      chain_id: t.chainId, tx_hash: t.txHash, log_index: t.logIndex, pair_id: t.pairId, block_number: t.blockNumber,
      block_hash: t.blockHash, ts: t.ts, amount_base: t.amountBase.toString(), amount_quote: t.amountQuote.toString(),
      usd_e18: t.usdE18.toString(), side: t.side, maker: t.maker,
    }))).onConflict((oc) => oc.doNothing()).returning(['tx_hash', 'log_index']).execute();
    for (const r of rows) inserted.add(tradeKey(r.tx_hash, Number(r.log_index)));
  }
  return inserted.size === trades.length ? [...trades] : trades.filter((t) => inserted.has(tradeKey(t.txHash, t.logIndex)));
}

/** Candles already stored for the buckets the batch touches, one indexed range read per (pair, interval). */
async function existingCandles(trx: Transaction<Database>, batch: Map<string, CandleAgg>): Promise<Map<string, CandleAgg>> {
  const ranges = new Map<string, { pairId: number; interval: KlineInterval; lo: number; hi: number }>();
  for (const c of batch.values()) {
    const key = `${c.pairId}|${c.interval}`;
    const r = ranges.get(key);
    if (!r) ranges.set(key, { pairId: c.pairId, interval: c.interval, lo: c.openTime, hi: c.openTime });
    else { r.lo = Math.min(r.lo, c.openTime); r.hi = Math.max(r.hi, c.openTime); }
  }
  const out = new Map<string, CandleAgg>();
  for (const r of ranges.values()) {
    const rows = await trx.selectFrom('market_candles').selectAll()
      .where('pair_id', '=', r.pairId).where('interval', '=', r.interval)
      .where('open_time', '>=', r.lo).where('open_time', '<=', r.hi).execute();
    for (const row of rows) {
      const c = rowToCandle(row);
      out.set(candleKey(c.pairId, c.interval, c.openTime), c);
    }
  }
  return out;
}

export async function upsertCandles(trx: Transaction<Database>, candles: readonly CandleAgg[]): Promise<void> {
  for (const part of chunks(candles)) {
    await trx.insertInto('market_candles').values(part.map(candleToRow))
      .onConflict((oc) => oc.columns(['pair_id', 'interval', 'open_time']).doUpdateSet((eb) => ({
        open_b: eb.ref('excluded.open_b'), open_q: eb.ref('excluded.open_q'),
        high_b: eb.ref('excluded.high_b'), high_q: eb.ref('excluded.high_q'),
        low_b: eb.ref('excluded.low_b'), low_q: eb.ref('excluded.low_q'),
        close_b: eb.ref('excluded.close_b'), close_q: eb.ref('excluded.close_q'),
        volume_base: eb.ref('excluded.volume_base'), volume_quote: eb.ref('excluded.volume_quote'),
        volume_usd_e18: eb.ref('excluded.volume_usd_e18'), trades: eb.ref('excluded.trades'),
      }))).execute();
  }
}

export async function saveCheckpoint(trx: Transaction<Database>, cp: Checkpoint): Promise<void> {
  const row = { chain_id: cp.chainId, block_number: cp.blockNumber, block_hash: cp.blockHash, state: cp.state ?? null, updated_at: Math.floor(Date.now() / 1000) };
  await trx.insertInto('indexer_checkpoints').values(row)
    .onConflict((oc) => oc.column('chain_id').doUpdateSet({ block_number: row.block_number, block_hash: row.block_hash, state: row.state, updated_at: row.updated_at }))
    .execute();
}

/**
 * Stores trades (in chain order, later than any stored trade of their pairs) and folds them into every candle
 * series, then moves the checkpoint, atomically: a crash leaves either all of it or none.
 */
export async function storeTrades(
  db: Db,
  trades: readonly NewTrade[],
  checkpoint?: Checkpoint,
  /** Runs in the transaction just before commit (the writer's lease check); a throw rolls everything back. */
  beforeCommit?: (trx: Transaction<Database>) => void | Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const fresh = trades.length ? await insertNewTrades(trx, trades) : [];
    if (fresh.length) {
      const batch = aggregateTrades(fresh);
      const stored = await existingCandles(trx, batch);
      const merged: CandleAgg[] = [];
      for (const [key, c] of batch) {
        const prior = stored.get(key);
        merged.push(prior ? combineCandles(prior, c) : c);
      }
      await upsertCandles(trx, merged);
    }
    if (checkpoint) await saveCheckpoint(trx, checkpoint);
    await beforeCommit?.(trx);
    return fresh.length;
  });
}
