// Brings a store to the latest schema; safe to call from every process at start-up (the migrator takes a lock).
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

export async function migrateToLatest<DB>(handle: Kysely<DB>, migrations: Record<string, Migration> = allMigrations): Promise<void> {
  const db = handle as unknown as Kysely<unknown>;
  const migrationTableSchema = await migrationSchema(db);
  const migrator = new Migrator({ db, migrationTableSchema, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`store migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
