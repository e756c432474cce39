// Trades say who traded and which way (side, maker), pools carry their token holdings (liquidity), and token
// metadata read from the chain is kept. Existing rows stay: the new trade columns start empty and the indexer
// fills them from each trade's transaction; reserves arrive with the pool's next event or the indexer's first pass.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('market_trades').addColumn('side', 'text').execute();
  await db.schema.alterTable('market_trades').addColumn('maker', 'text').execute();
  // The trades endpoint pages a pair newest first by (block, log index); rows still without a side are found by it too.
  await db.schema.createIndex('market_trades_pair_block').on('market_trades').columns(['pair_id', 'block_number', 'log_index']).execute();

  await db.schema.alterTable('market_pairs').addColumn('reserve_base', 'text').execute();
  await db.schema.alterTable('market_pairs').addColumn('reserve_quote', 'text').execute();
  await db.schema.alterTable('market_pairs').addColumn('reserves_block', 'bigint').execute();

  await db.schema
    .createTable('market_tokens')
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_tokens_pk', ['chain_id', 'address'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('market_tokens').execute();
  await db.schema.alterTable('market_pairs').dropColumn('reserves_block').execute();
  await db.schema.alterTable('market_pairs').dropColumn('reserve_quote').execute();
  await db.schema.alterTable('market_pairs').dropColumn('reserve_base').execute();
  await db.schema.dropIndex('market_trades_pair_block').execute();
  await db.schema.alterTable('market_trades').dropColumn('maker').execute();
  await db.schema.alterTable('market_trades').dropColumn('side').execute();
}
