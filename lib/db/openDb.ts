// Opens the store: an embedded SQLite file (WAL) or a PostgreSQL pool; the same Kysely queries serve both.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './schema';

export type OpenDbOptions =
  | { sqliteFile: string }
  /** `schema` sets the search_path, so tests can run in a throwaway schema. */
  | {
    postgresUrl: string;
    schema?: string;
    maxConnections?: number;
    /** Hears an idle connection the server closed (a restart, an administrator's terminate); the pool has dropped it. */
    onIdleError?: (error: Error & { code?: string }) => void;
  };

export type DbDialect = 'sqlite' | 'postgres';

const dialects = new WeakMap<object, DbDialect>();

/** Which engine a store handle talks to (for the few places where performance tuning differs). */
export function dialectOf<DB>(db: Kysely<DB>): DbDialect {
  return dialects.get(db) ?? 'sqlite';
}

/** Past this many distinct SQL texts on one connection, some query is built with variable text: say so once. */
const MANY_STATEMENTS = 2_000;
/** Closed connections and their statements, kept reachable for the same reason as the statements themselves. */
const retired: unknown[] = [];

/**
 * better-sqlite3 12 on Node 24 aborts the whole process when the garbage collector finalizes one of its objects
 * ("Assertion failed: (env) != nullptr" in node::RemoveEnvironmentCleanupHook). So each SQL text is prepared once
 * and its statement kept for the life of the process, which also spares re-preparing every query; multi-row
 * writes use a few fixed row counts (storeTrades) so the set of texts stays small.
 */
export function retainingStatements(database: Sqlite.Database): SqliteDatabase & { readonly preparedCount: number } {
  const statements = new Map<string, Sqlite.Statement>();
  let warned = false;
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      // A statement still being iterated (a streamed query) cannot run again until it finishes.
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(sql);
      if (cached) retired.push(statement);
      else statements.set(sql, statement);
      if (statements.size > MANY_STATEMENTS && !warned) {
        warned = true;
        // Imported here: the logger reads the configuration, which openDb's callers may not have set up yet.
        void import('@/lib/log').then(({ log }) => log.warn({ file: database.name, statements: statements.size }, 'many distinct SQL texts on one SQLite connection'));
      }
      return statement;
    },
    close() {
      database.close();
      retired.push(database, statements);
    },
    get preparedCount() {
      return statements.size;
    },
  };
}

function openSqlite(file: string): Db {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new Sqlite(file);
  // exec, not pragma(): pragma() prepares a statement of its own, which would later be collected.
  database.exec('PRAGMA journal_mode = WAL');
  // WAL with synchronous=NORMAL stays durable across process crashes; only an OS crash may lose the last commits.
  database.exec('PRAGMA synchronous = NORMAL');
  // The app and the indexer share the file; wait for the other writer instead of failing.
  database.exec('PRAGMA busy_timeout = 5000');
  // 64 MiB of page cache keeps the hot candle and index pages in memory while the indexer writes.
  database.exec('PRAGMA cache_size = -65536');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: retainingStatements(database) }) });
}

function openPostgres(url: string, schema: string | undefined, max: number, onIdleError?: (error: Error & { code?: string }) => void): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection the server closes (a restart, an administrator's terminate) is an 'error' event on the pool,
  // which unheard would end the process. pg has already dropped that connection; the next query opens another.
  pool.on('error', (error: Error & { code?: string }) => onIdleError?.(error));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export function openDb(options: OpenDbOptions): Db {
  const db = 'sqliteFile' in options
    ? openSqlite(options.sqliteFile)
    : openPostgres(options.postgresUrl, options.schema, options.maxConnections ?? 10, options.onIdleError);
  dialects.set(db, 'sqliteFile' in options ? 'sqlite' : 'postgres');
  return db;
}
