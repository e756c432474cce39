// Brings a store to the latest schema; safe to call from every process at start-up (PostgreSQL: the migrator's
// advisory lock; SQLite: a retry, see below).
import { setTimeout as sleep } from 'node:timers/promises';
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { migrations as allMigrations } from './migrations/index';

/**
 * On PostgreSQL the migrator's bookkeeping tables must be looked up in the schema in use: its existence check
 * scans every schema, so another schema's tables (a second deployment, a parallel test run) would fool it.
 */
async function migrationSchema(db: Kysely<unknown>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const r = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return r.rows[0]?.schema;
}

/**
 * Kysely's SQLite migration lock is a no-op (it assumes one connection), so processes that start together on one
 * file (the app, the indexer, the relayer…) can race: the loser's transaction reads "pending" before the winner
 * commits and fails with "table … already exists". It then rolls back and tries again.
 */
const SQLITE_MIGRATION_ATTEMPTS = 8;
const RETRY_MS = 100;

/**
 * On PostgreSQL the migrator's table lookup reads every schema of the database (pg_get_serial_sequence over each
 * table), so a schema that another deployment or test run drops at that moment fails it with "schema … does not
 * exist" (invalid_schema_name). Nothing was written: look again.
 */
const POSTGRES_MIGRATION_ATTEMPTS = 5;
const INVALID_SCHEMA_NAME = '3F000';
const droppedMeanwhile = (error: unknown) => (error as { code?: unknown } | undefined)?.code === INVALID_SCHEMA_NAME;

export async function migrateToLatest<DB>(handle: Kysely<DB>, migrations: Record<string, Migration> = allMigrations): Promise<void> {
  const db = handle as unknown as Kysely<unknown>;
  const migrationTableSchema = await migrationSchema(db);
  const migrator = new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => migrations } });
  const onSqlite = migrationTableSchema === undefined;
  const attempts = onSqlite ? SQLITE_MIGRATION_ATTEMPTS : POSTGRES_MIGRATION_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    if (attempt >= attempts || (!onSqlite && !droppedMeanwhile(error))) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(`store migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Its transaction rolled back; once the other process commits, the next attempt finds nothing pending.
    await sleep(RETRY_MS * attempt);
  }
}
