// Uniswap V3 pools are pairs too: each pair row says which kind of pool it is and its fee in parts per million, and
// a V3 pool keeps its current sqrtPriceX96 (its price when it has not traded for a day). Existing rows are V2 pools
// charging 0.3 %.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('market_pairs').addColumn('source', 'text', (c) => c.notNull().defaultTo('uniswap_v2')).execute();
  await db.schema.alterTable('market_pairs').addColumn('fee_ppm', 'integer', (c) => c.notNull().defaultTo(3000)).execute();
  await db.schema.alterTable('market_pairs').addColumn('sqrt_price_x96', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('market_pairs').dropColumn('sqrt_price_x96').execute();
  await db.schema.alterTable('market_pairs').dropColumn('fee_ppm').execute();
  await db.schema.alterTable('market_pairs').dropColumn('source').execute();
}
