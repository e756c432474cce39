// Gasless orders (API.md §9): each gasless firm quote's swapPermit2 call, the user's Permit2 signature once posted,
// and the submitter's transaction, recorded (hash and signed bytes) before it is handed to the node so that a
// restarted submitter rebroadcasts the same transaction instead of sending the order again.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gasless_orders')
    .addColumn('quote_id', 'text', (c) => c.primaryKey())
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('router_address', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    // swapPermit2 calldata as the quote carries it, without the permit signature.
    .addColumn('calldata', 'text', (c) => c.notNull())
    .addColumn('deadline', 'bigint', (c) => c.notNull())
    .addColumn('gas_fee_amount', 'text', (c) => c.notNull())
    // issued → submitted → sent → filled | failed (failed also from submitted, when the submitter refused to send).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('signature', 'text')
    .addColumn('tx_hash', 'text')
    .addColumn('raw_tx', 'text')
    .addColumn('tx_nonce', 'integer')
    .addColumn('error_reason', 'text')
    .addColumn('submitted_at_ms', 'bigint')
    .addColumn('sent_at_ms', 'bigint')
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gasless_orders_by_status').on('gasless_orders').columns(['status', 'chain_id']).execute();
  await db.schema
    .createTable('gasless_submitter')
    .addColumn('chain_id', 'integer', (c) => c.primaryKey())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('native_balance', 'text', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gasless_submitter').execute();
  await db.schema.dropTable('gasless_orders').execute();
}
