// Market-data tables: pairs, trades (one row per Swap event), candles for every interval, indexer checkpoints.
import { SqliteAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('market_pairs')
    .addColumn('pair_id', 'integer', (c) => c.primaryKey())
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('pool', 'text', (c) => c.notNull())
    .addColumn('base', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('base_symbol', 'text', (c) => c.notNull())
    .addColumn('quote_symbol', 'text', (c) => c.notNull())
    .addColumn('base_decimals', 'integer', (c) => c.notNull())
    .addColumn('quote_decimals', 'integer', (c) => c.notNull())
    .addColumn('base_is_token0', 'integer', (c) => c.notNull())
    .addColumn('pair_name', 'text', (c) => c.notNull())
    .addUniqueConstraint('market_pairs_chain_pool', ['chain_id', 'pool'])
    .execute();
  await db.schema.createIndex('market_pairs_tokens').on('market_pairs').columns(['chain_id', 'base', 'quote']).execute();

  await db.schema
    .createTable('market_trades')
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('log_index', 'integer', (c) => c.notNull())
    .addColumn('pair_id', 'integer', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('amount_base', 'text', (c) => c.notNull())
    .addColumn('amount_quote', 'text', (c) => c.notNull())
    .addColumn('usd_e18', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_trades_pk', ['chain_id', 'tx_hash', 'log_index'])
    .execute();
  // Rollback on reorg walks a chain's trades by height; candle rebuilds read a pair's trades by time.
  await db.schema.createIndex('market_trades_chain_block').on('market_trades').columns(['chain_id', 'block_number']).execute();
  await db.schema.createIndex('market_trades_pair_ts').on('market_trades').columns(['pair_id', 'ts']).execute();

  await db.schema
    .createTable('market_candles')
    .addColumn('pair_id', 'integer', (c) => c.notNull())
    .addColumn('interval', 'text', (c) => c.notNull())
    .addColumn('open_time', 'bigint', (c) => c.notNull())
    .addColumn('open_b', 'text', (c) => c.notNull())
    .addColumn('open_q', 'text', (c) => c.notNull())
    .addColumn('high_b', 'text', (c) => c.notNull())
    .addColumn('high_q', 'text', (c) => c.notNull())
    .addColumn('low_b', 'text', (c) => c.notNull())
    .addColumn('low_q', 'text', (c) => c.notNull())
    .addColumn('close_b', 'text', (c) => c.notNull())
    .addColumn('close_q', 'text', (c) => c.notNull())
    .addColumn('volume_base', 'text', (c) => c.notNull())
    .addColumn('volume_quote', 'text', (c) => c.notNull())
    .addColumn('volume_usd_e18', 'text', (c) => c.notNull())
    .addColumn('trades', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_candles_pk', ['pair_id', 'interval', 'open_time'])
    // On SQLite the candles live in their primary-key b-tree: one write per upsert, and a kline range is contiguous.
    .$call((b) => (sqlite ? b.modifyEnd(sql`without rowid`) : b))
    .execute();

  await db.schema
    .createTable('indexer_checkpoints')
    .addColumn('chain_id', 'integer', (c) => c.primaryKey())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
