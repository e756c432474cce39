// A gasless transaction not mined in time is replaced at the same nonce with a higher fee: the order keeps the hashes
// it replaced, since any one of them (and only one, sharing the nonce) may be the one mined.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON array of the earlier transactions' hashes, oldest first; null before the first replacement.
  await db.schema.alterTable('gasless_orders').addColumn('replaced_tx_hashes', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('gasless_orders').dropColumn('replaced_tx_hashes').execute();
}
