import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { retainingStatements } from './openDb';

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
