import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDb, retainingStatements } from './openDb';
import type { Db } from './schema';

describe('retainingStatements (SQLite statements live as long as the process)', () => {
  it('prepares each SQL text once and hands out the same statement after that', () => {
    const database = new Sqlite(':memory:');
    const db = retainingStatements(database);
    const first = db.prepare('select ? as v');
    expect(db.prepare('select ? as v')).toBe(first);
    expect(db.prepare('select ? + 1 as v')).not.toBe(first);
    expect(db.preparedCount).toBe(2);
    expect(first.all([41])).toEqual([{ v: 41 }]);
    expect(db.prepare('select ? as v').all([42])).toEqual([{ v: 42 }]);
    db.close();
    expect(database.open).toBe(false);
  });

  it('gives a fresh statement while the kept one is still being iterated', () => {
    const database = new Sqlite(':memory:');
    database.exec('create table t (a integer); insert into t values (1), (2), (3)');
    const db = retainingStatements(database);
    const sql = 'select a from t order by a';
    const streaming = db.prepare(sql);
    const rows = streaming.iterate([]);
    expect(rows.next().value).toEqual({ a: 1 });
    const meanwhile = db.prepare(sql);
    expect(meanwhile).not.toBe(streaming);
    expect(meanwhile.all([])).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    rows.return?.();
    expect(db.prepare(sql)).toBe(streaming);
    db.close();
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(postgresUrl)('openDb on PostgreSQL', () => {
  it('keeps the process and the store alive when the server closes an idle connection (a restart, pg_terminate_backend)', async () => {
    const heard: (string | undefined)[] = [];
    const db = openDb({ postgresUrl: postgresUrl as string, maxConnections: 1, onIdleError: (error) => heard.push(error.code) });
    const admin = openDb({ postgresUrl: postgresUrl as string, maxConnections: 1 });
    const unhandled: unknown[] = [];
    const onUncaught = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const pid = rows[0]?.pid;
      expect(pid).toBeTypeOf('number');
      // The pool's one connection is idle now; the server ends it as a restart would (57P01).
      await sql`select pg_terminate_backend(${pid})`.execute(admin);
      for (let waited = 0; waited < 5_000 && (await backendAlive(admin, pid as number)); waited += 25) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // The pool hears of the closed connection a moment after the server ends it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
      expect(heard).toEqual(['57P01']);
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await Promise.all([db.destroy(), admin.destroy()]);
    }
  });
});

async function backendAlive(db: Db, pid: number): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pid = ${pid}`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}
