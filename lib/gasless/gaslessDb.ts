// The store as the gasless module sees it: the app's migrated database with the gasless tables typed in.
import 'server-only';
import { readyDb } from '@/lib/db/getDb';
import type { GaslessDb, GaslessTables } from './gaslessTables';

export async function gaslessDb(): Promise<GaslessDb> {
  return (await readyDb()).withTables<GaslessTables>();
}
