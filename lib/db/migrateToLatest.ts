// Brings a store to the latest schema; safe to call from every process at start-up (the migrator takes a lock).
import { Migrator, type Kysely, type Migration } from 'kysely';
import { migrations as allMigrations } from './migrations/index';

export async function migrateToLatest<DB>(db: Kysely<DB>, migrations: Record<string, Migration> = allMigrations): Promise<void> {
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`store migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
