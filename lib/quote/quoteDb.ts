// The store as the quote module sees it: the app's migrated database with the quotes table typed in.
import 'server-only';
import { readyDb } from '@/lib/db/getDb';
import type { QuoteDb, QuoteTables } from './quotesTable';

export async function quoteDb(): Promise<QuoteDb> {
  return (await readyDb()).withTables<QuoteTables>();
}
