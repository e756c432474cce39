// Table types of the background jobs' leases and cursors (migration 0400).
import type { Kysely } from 'kysely';
import type { Database } from '@/lib/db/schema';

export interface JobLeasesTable {
  job: string;
  /** Which process holds the lease (host:pid:random). */
  holder: string;
  /** Grows at every change of holder (bigint: a string from PostgreSQL, a number from SQLite). */
  fence: string | number;
  /** Store clock, ms since the epoch. */
  expires_at_ms: string | number;
  acquired_at_ms: string | number;
}

/** Where a job resumes on a chain: the last block it has fully handled, with its hash to notice a reorg. */
export interface JobCursorsTable {
  job: string;
  chain_id: number;
  block_number: string | number;
  block_hash: string;
}

export type JobTables = { job_leases: JobLeasesTable; job_cursors: JobCursorsTable };
export type JobDb = Kysely<Database & JobTables>;
