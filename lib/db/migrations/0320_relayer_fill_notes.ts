// The relayer's word on orders it has not filled (yet): why, how often it tried, when it tries again, whether it gave
// up (the order then waits for its refund), and what it added of its own to a fill that it delivered.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('relayer_fill_notes')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    // A named reason (the settler's error name, or the relayer's own: EscrowTooSmall, OverOrderCap, …) and its text.
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    // Fills that were mined and reverted: each one burned gas.
    .addColumn('reverts', 'integer', (c) => c.notNull())
    .addColumn('gave_up', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at_ms', 'bigint', (c) => c.notNull())
    // Bridge asset (destination base units) the relayer added of its own to the fill it sent, if any.
    .addColumn('top_up', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('relayer_fill_notes').execute();
}
