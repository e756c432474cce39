// A gasless order whose sender has not approved Permit2 yet, on a token with EIP-2612 `permit`: the permit the quote
// offered (`gasless.approval`), the sender's signature of it once posted, and the submitter's `token.permit`
// transaction, recorded before it is handed to the node so that a restart rebroadcasts it rather than sending another.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON: token, owner, spender (Permit2), value, nonce, deadline, amount (the input it must cover) and the token's domain.
  await db.schema.alterTable('gasless_orders').addColumn('approval', 'text').execute();
  await db.schema.alterTable('gasless_orders').addColumn('approval_signature', 'text').execute();
  await db.schema.alterTable('gasless_orders').addColumn('approval_tx_hash', 'text').execute();
  await db.schema.alterTable('gasless_orders').addColumn('approval_raw_tx', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['approval_raw_tx', 'approval_tx_hash', 'approval_signature', 'approval']) {
    await db.schema.alterTable('gasless_orders').dropColumn(column).execute();
  }
}
