// Firm quotes: every quote the service signed, who asked for it, and how it ended on-chain.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quotes')
    .addColumn('quote_id', 'text', (c) => c.primaryKey())
    .addColumn('sub', 'text', (c) => c.notNull())
    .addColumn('src_chain_id', 'integer', (c) => c.notNull())
    .addColumn('dst_chain_id', 'integer', (c) => c.notNull())
    .addColumn('router_address', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('token_in', 'text', (c) => c.notNull())
    .addColumn('token_out', 'text', (c) => c.notNull())
    .addColumn('amount_in', 'text', (c) => c.notNull())
    .addColumn('amount_out', 'text', (c) => c.notNull())
    .addColumn('min_amount_out', 'text', (c) => c.notNull())
    .addColumn('fee_amount', 'text', (c) => c.notNull())
    .addColumn('deadline', 'bigint', (c) => c.notNull())
    .addColumn('issued_block', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('src_tx_hash', 'text')
    .addColumn('dst_tx_hash', 'text')
    .addColumn('amount_out_actual', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The follower settles a chain's open quotes; the status endpoint reads one quote by id.
  await db.schema.createIndex('quotes_chain_status').on('quotes').columns(['src_chain_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('quotes').execute();
}
