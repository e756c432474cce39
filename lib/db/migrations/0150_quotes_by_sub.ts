// GET /v1/quotes lists one token subject's quotes newest first: an index that serves that page by page.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('quotes_sub_created').on('quotes').columns(['sub', 'created_at', 'quote_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('quotes_sub_created').execute();
}
