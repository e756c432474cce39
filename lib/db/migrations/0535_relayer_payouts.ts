// The relayer's payouts per destination chain, kept for a minute: the per-minute inventory cap
// (RELAYER_MAX_USD_PER_MIN) is counted from the store, so a restart or a standby taking over does not reset it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('relayer_payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    // Bridge asset (destination base units) the fill pays out, the relayer's top-up included.
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('relayer_payouts_by_chain_time').on('relayer_payouts').columns(['chain_id', 'at_ms']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('relayer_payouts').execute();
}
