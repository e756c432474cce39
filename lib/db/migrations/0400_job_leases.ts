// Background-job leases (one writer per job across machines) and the jobs' resumable cursors per chain.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('job', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    // Grows by one at every change of holder; a write carries the fence it was started under.
    .addColumn('fence', 'bigint', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('acquired_at_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('job_cursors')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_cursors_pk', ['job', 'chain_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_cursors').execute();
  await db.schema.dropTable('job_leases').execute();
}
