// The store as the cross-chain modules see it: the app's migrated database with the order tables typed in.
import 'server-only';
import { readyDb } from '@/lib/db/getDb';
import type { CrosschainDb, CrosschainTables } from './crosschainTables';

export async function crosschainDb(): Promise<CrosschainDb> {
  return (await readyDb()).withTables<CrosschainTables>();
}
