// Opens the store: an embedded SQLite file (WAL) or a PostgreSQL pool; the same Kysely queries serve both.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './schema';

export type OpenDbOptions =
  | { sqliteFile: string }
  /** `schema` sets the search_path, so tests can run in a throwaway schema. */
  | { postgresUrl: string; schema?: string; maxConnections?: number };

export type DbDialect = 'sqlite' | 'postgres';

const dialects = new WeakMap<object, DbDialect>();

/** Which engine a store handle talks to (for the few places where performance tuning differs). */
export function dialectOf<DB>(db: Kysely<DB>): DbDialect {
  return dialects.get(db) ?? 'sqlite';
}

function openSqlite(file: string): Db {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new Sqlite(file);
  database.pragma('journal_mode = WAL');
  // WAL with synchronous=NORMAL stays durable across process crashes; only an OS crash may lose the last commits.
  database.pragma('synchronous = NORMAL');
  // The app and the indexer share the file; wait for the other writer instead of failing.
  database.pragma('busy_timeout = 5000');
  // 64 MiB of page cache keeps the hot candle and index pages in memory while the indexer writes.
  database.pragma('cache_size = -65536');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

function openPostgres(url: string, schema: string | undefined, max: number): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function openDb(options: OpenDbOptions): Db {
  const db = 'sqliteFile' in options
    ? openSqlite(options.sqliteFile)
    : openPostgres(options.postgresUrl, options.schema, options.maxConnections ?? 10);
  dialects.set(db, 'sqliteFile' in options ? 'sqlite' : 'postgres');
  return db;
}
