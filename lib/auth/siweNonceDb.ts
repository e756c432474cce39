// The store as Sign-In with Ethereum sees it: the app's migrated database with the nonces table typed in.
import 'server-only';
import { readyDb } from '@/lib/db/getDb';
import type { SiweNonceDb, SiweNoncesTable } from './siweNonces';

export async function siweNonceDb(): Promise<SiweNonceDb> {
  return (await readyDb()).withTables<{ siwe_nonces: SiweNoncesTable }>();
}
