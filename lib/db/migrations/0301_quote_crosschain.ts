// Cross-chain firm quotes remember the ERC-7683 order they open and its fill deadline; status is also looked up by
// the source transaction's hash.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quotes').addColumn('order_id', 'text').execute();
  await db.schema.alterTable('quotes').addColumn('fill_deadline', 'bigint').execute();
  await db.schema.createIndex('quotes_src_tx_hash').on('quotes').column('src_tx_hash').execute();
  await db.schema.createIndex('quotes_order_id').on('quotes').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('quotes_order_id').execute();
  await db.schema.dropIndex('quotes_src_tx_hash').execute();
  await db.schema.alterTable('quotes').dropColumn('fill_deadline').execute();
  await db.schema.alterTable('quotes').dropColumn('order_id').execute();
}
