// The app's store handle: PostgreSQL when DATABASE_URL is set, else `<data dir>/swapdesk.sqlite`; migrated once.
import 'server-only';
import path from 'node:path';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { migrateToLatest } from './migrateToLatest';
import { openDb } from './openDb';
import type { Db } from './schema';

let db: Db | undefined;
let migrated: Promise<void> | undefined;

/** The memoised store of this process. Call `readyDb()` where the schema must exist first. */
export function getDb(): Db {
  if (!db) {
    const { DATABASE_URL, SWAPDESK_DATA_DIR } = env();
    db = DATABASE_URL ? openDb({
      postgresUrl: DATABASE_URL,
      onIdleError: (error) => log.warn({ code: error.code, err: error.message }, 'PostgreSQL closed an idle connection; the next query opens another'),
    }) : openDb({ sqliteFile: path.join(SWAPDESK_DATA_DIR, 'swapdesk.sqlite') });
  }
  return db;
}

/** The store after its migrations ran (once per process). */
export async function readyDb(): Promise<Db> {
  const handle = getDb();
  migrated ??= migrateToLatest(handle).catch((error: unknown) => {
    migrated = undefined;
    throw error;
  });
  await migrated;
  return handle;
}
