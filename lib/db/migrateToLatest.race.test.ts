import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrations } from './migrations/index';
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
