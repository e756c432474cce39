import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { migrations } from './migrations/index';
import { openTestDb } from './openTestDb';
import { openDb } from './openDb';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'migrate-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function migrateInChild(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(import.meta.dirname, 'fixtures/migrateSqliteFile.ts'), file], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

it('processes that start together on one SQLite file all migrate it, each migration applied once', async () => {
  const file = path.join(dir, 'swapdesk.sqlite');
  const results = await Promise.all(Array.from({ length: 6 }, () => migrateInChild(file)));
  for (const r of results) expect(r, r.output).toMatchObject({ code: 0 });
  const db = openDb({ sqliteFile: file });
  const applied = await db.selectFrom('kysely_migration' as never).select('name' as never).execute();
  await db.destroy();
  expect(applied).toHaveLength(Object.keys(migrations).length);
}, 60_000);

it('a PostgreSQL store migrates while another user of the database creates and drops schemas', async () => {
  // The migrator's table lookup reads every schema: one dropped meanwhile must not fail the migration.
  const url = env().TEST_DATABASE_URL;
  let stop = false;
  const churn = (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (let i = 0; !stop; i += 1) {
        const schema = `churn_${process.pid}_${i}`;
        await client.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.t (id serial PRIMARY KEY)`);
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
      }
    } finally {
      await client.end();
    }
  })();
  const failures: string[] = [];
  try {
    for (let i = 0; i < 10; i += 1) {
      try {
        await (await openTestDb('postgres')).dispose();
      } catch (error: unknown) {
        failures.push(String(error));
      }
    }
  } finally {
    stop = true;
    await churn;
  }
  expect(failures).toEqual([]);
}, 120_000);
