// The submitter's permit transaction is followed like the order's: not mined in time it is replaced at its nonce with
// higher fees (the hashes it replaced kept, any one of them may be the one mined), and once the order is given up it is
// cancelled by a 0-value transfer at its nonce. `approval_settled_at_ms` marks the permit's nonce as used (by the permit,
// one of its replacements or the cancel) or dropped, so only unsettled permits are followed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gasless_orders').addColumn('approval_replaced_tx_hashes', 'text').execute();
  await db.schema.alterTable('gasless_orders').addColumn('approval_sent_at_ms', 'bigint').execute();
  await db.schema.alterTable('gasless_orders').addColumn('approval_settled_at_ms', 'bigint').execute();
  // An order sent or filled was sent after its permit was mined: nothing of the permit is left to follow.
  await sql`UPDATE gasless_orders SET approval_settled_at_ms = updated_at_ms WHERE approval_tx_hash IS NOT NULL AND status IN ('sent', 'filled')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['approval_settled_at_ms', 'approval_sent_at_ms', 'approval_replaced_tx_hashes']) {
    await db.schema.alterTable('gasless_orders').dropColumn(column).execute();
  }
}
