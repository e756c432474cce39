// Cross-chain orders (one row per ERC-7683 order our origin settlers opened) and the relayer's progress per chain.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crosschain_orders')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('quote_id', 'text', (c) => c.notNull())
    .addColumn('src_chain_id', 'integer', (c) => c.notNull())
    .addColumn('dst_chain_id', 'integer', (c) => c.notNull())
    .addColumn('origin_settler', 'text', (c) => c.notNull())
    .addColumn('user_address', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('escrow_token', 'text', (c) => c.notNull())
    .addColumn('escrow_amount', 'text', (c) => c.notNull())
    .addColumn('dst_bridge_amount', 'text', (c) => c.notNull())
    .addColumn('fill_deadline', 'bigint', (c) => c.notNull())
    // abi.encode(FillOrder): everything a fill needs, so a restarted relayer fills without re-reading the origin.
    .addColumn('origin_data', 'text', (c) => c.notNull())
    .addColumn('open_tx_hash', 'text', (c) => c.notNull())
    .addColumn('open_block', 'bigint', (c) => c.notNull())
    .addColumn('open_ts', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    // A transaction signed and handed to a node whose receipt is not seen yet: looked at again before acting twice.
    .addColumn('pending_tx_hash', 'text')
    .addColumn('pending_kind', 'text')
    .addColumn('relayer', 'text')
    .addColumn('fill_tx_hash', 'text')
    .addColumn('fill_block', 'bigint')
    .addColumn('fill_ts', 'bigint')
    .addColumn('amount_out', 'text')
    .addColumn('settle_tx_hash', 'text')
    .addColumn('settle_block', 'bigint')
    .addColumn('refund_tx_hash', 'text')
    .addColumn('refund_block', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Status looks orders up by quote and by origin transaction; the relayer works through the non-final ones.
  await db.schema.createIndex('crosschain_orders_quote').on('crosschain_orders').column('quote_id').execute();
  await db.schema.createIndex('crosschain_orders_open_tx').on('crosschain_orders').column('open_tx_hash').execute();
  await db.schema.createIndex('crosschain_orders_state').on('crosschain_orders').columns(['state', 'dst_chain_id']).execute();

  await db.schema
    .createTable('relayer_progress')
    .addColumn('chain_id', 'integer', (c) => c.primaryKey())
    .addColumn('scanned_block', 'bigint', (c) => c.notNull())
    .addColumn('scanned_hash', 'text', (c) => c.notNull())
    .addColumn('bridge_inventory', 'text')
    .addColumn('native_inventory', 'text')
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('relayer_progress').execute();
  await db.schema.dropTable('crosschain_orders').execute();
}
