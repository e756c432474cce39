// One writer per background job: a lease row with a heartbeat, the same on PostgreSQL and SQLite. Every copy of a
// job tries to take the lease; one holds it and works, the others wait as hot standbys and take over once it has
// expired. Writes check the fence inside their own transaction, so a deposed holder (paused, cut off) cannot commit.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '@/lib/db/openDb';
import type { Database } from '@/lib/db/schema';
import type { JobDb, JobTables } from './jobTables';

type AnyDb = Kysely<Database> | Kysely<Database & JobTables>;

export type LeaseTimings = {
  /** A lease not renewed for this long may be taken by a standby. */
  ttlMs: number;
  /** How often the holder renews it. */
  renewMs: number;
  /** How often a standby tries to take it. */
  standbyPollMs: number;
};

export const DEFAULT_LEASE_TIMINGS: LeaseTimings = { ttlMs: 15_000, renewMs: 3_000, standbyPollMs: 2_000 };

/** The write a fence check refused: another holder has the lease now. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/** The store's clock in ms: one clock for every machine, so hosts' skew does not shorten or stretch a lease. */
export function storeNowMs(db: AnyDb) {
  return dialectOf(db) === 'postgres'
    ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;
}

export function newHolderId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Takes the lease if it is free, expired or already ours; returns its fence, or undefined while another holds it. */
export async function tryAcquireLease(db: AnyDb, job: string, holder: string, ttlMs: number): Promise<bigint | undefined> {
  const now = storeNowMs(db);
  const { rows } = await sql<{ fence: string | number }>`
    insert into job_leases (job, holder, fence, expires_at_ms, acquired_at_ms)
    values (${job}, ${holder}, 1, ${now} + ${ttlMs}, ${now})
    on conflict (job) do update set
      fence = case when job_leases.holder = excluded.holder then job_leases.fence else job_leases.fence + 1 end,
      acquired_at_ms = case when job_leases.holder = excluded.holder then job_leases.acquired_at_ms else excluded.acquired_at_ms end,
      holder = excluded.holder,
      expires_at_ms = excluded.expires_at_ms
    where job_leases.holder = excluded.holder or job_leases.expires_at_ms < excluded.acquired_at_ms
    returning fence`.execute(db);
  const row = rows[0];
  return row ? BigInt(row.fence) : undefined;
}

/** Extends the lease; false when another holder has taken it meanwhile. */
export async function renewLease(db: AnyDb, job: string, holder: string, fence: bigint, ttlMs: number): Promise<boolean> {
  const result = await (db as JobDb).updateTable('job_leases')
    .set({ expires_at_ms: sql`${storeNowMs(db)} + ${ttlMs}` })
    .where('job', '=', job).where('holder', '=', holder).where('fence', '=', fence.toString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Inside a write transaction: throws LeaseLostError unless `holder` still holds the lease under `fence`. On
 * PostgreSQL the row stays locked until the transaction ends, so a takeover waits for this commit and then resumes
 * from what it committed; SQLite runs one write transaction at a time anyway.
 */
export async function assertLeaseHeld<DB>(trx: Transaction<DB>, job: string, holder: string, fence: bigint): Promise<void> {
  const result = await (trx as unknown as JobDb).updateTable('job_leases')
    .set({ fence: fence.toString() })
    .where('job', '=', job).where('holder', '=', holder).where('fence', '=', fence.toString())
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new LeaseLostError(`the ${job} lease is held by another process now; this write is refused`);
}

/** Gives the lease up at once (a clean shutdown), so a standby need not wait for it to expire. */
export async function releaseLease(db: AnyDb, job: string, holder: string, fence: bigint): Promise<void> {
  await (db as JobDb).updateTable('job_leases').set({ expires_at_ms: '0' })
    .where('job', '=', job).where('holder', '=', holder).where('fence', '=', fence.toString()).execute();
}

export type LeaseRow = { holder: string; fence: bigint; expiresAtMs: number; acquiredAtMs: number };

export async function readLease(db: AnyDb, job: string): Promise<LeaseRow | undefined> {
  const row = await (db as JobDb).selectFrom('job_leases').selectAll().where('job', '=', job).executeTakeFirst();
  return row ? { holder: row.holder, fence: BigInt(row.fence), expiresAtMs: Number(row.expires_at_ms), acquiredAtMs: Number(row.acquired_at_ms) } : undefined;
}
