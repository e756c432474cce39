import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '@/lib/db/openDb';
import { openTestDb, TEST_DB_KINDS, type TestDb } from '@/lib/db/openTestDb';
import type { Db } from '@/lib/db/schema';
import { consumeSiweNonce, issueSiweNonce, SIWE_NONCE_TTL_MS, type SiweNonceDb, type SiweNoncesTable } from './siweNonces';

const typed = (db: Db): SiweNonceDb => db.withTables<{ siwe_nonces: SiweNoncesTable }>();

describe.each(TEST_DB_KINDS)('SIWE nonces on %s', (kind) => {
  let t: TestDb;
  let db: SiweNonceDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
    db = typed(t.db);
  });
  afterAll(async () => t?.dispose());

  it('accepts an issued nonce once', async () => {
    const nonce = await issueSiweNonce(db);
    expect(nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
    expect(await consumeSiweNonce(db, nonce)).toBe(true);
    expect(await consumeSiweNonce(db, nonce)).toBe(false);
    expect(await consumeSiweNonce(db, 'neverissued123')).toBe(false);
  });

  it('refuses an expired nonce and clears expired ones when issuing', async () => {
    const now = 1_800_000_000_000;
    const stale = await issueSiweNonce(db, now);
    expect(await consumeSiweNonce(db, stale, now + SIWE_NONCE_TTL_MS)).toBe(false);
    const old = await issueSiweNonce(db, now);
    await issueSiweNonce(db, now + SIWE_NONCE_TTL_MS + 1);
    const left = await db.selectFrom('siwe_nonces').select('nonce').where('nonce', '=', old).execute();
    expect(left).toEqual([]);
  });

  it('a nonce one instance issued is accepted by another instance on the same store', async () => {
    const [url, schema] = t.label.split(' schema ');
    const second = kind === 'sqlite' ? openDb({ sqliteFile: t.label }) : openDb({ postgresUrl: url ?? '', schema });
    const other = typed(second);
    const nonces = await Promise.all(Array.from({ length: 5 }, () => issueSiweNonce(db)));
    expect(await Promise.all(nonces.map((n) => consumeSiweNonce(other, n)))).toEqual([true, true, true, true, true]);
    expect(await Promise.all(nonces.map((n) => consumeSiweNonce(db, n)))).toEqual([false, false, false, false, false]);
    await second.destroy();
  });
});
