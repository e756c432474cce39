import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_DB_KINDS, type TestDb } from '@/lib/db/openTestDb';
import type { CrosschainTables } from './crosschainTables';
import { relayerPayouts } from './relayerPayouts';

describe.each(TEST_DB_KINDS)('relayerPayouts on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(async () => t?.dispose());

  it('counts the last minute per chain only, and a second reader of the store (a restarted relayer) sees the same', async () => {
    const db = t.db.withTables<CrosschainTables>();
    const w = relayerPayouts(db, 60_000);
    await w.add(1, '0xAA', 10n, 1_000);
    await w.add(1, '0xbb', 5n, 31_000);
    await w.add(2, '0xcc', 7n, 31_000);
    expect(await w.spent(1, 60_999)).toBe(15n);
    expect(await w.spent(1, 61_000)).toBe(5n);
    expect(await w.spent(2, 61_000)).toBe(7n);
    const restarted = relayerPayouts(db, 60_000);
    expect(await restarted.spent(1, 60_999)).toBe(15n);
    // The same order paid again later (a fill sent again after a reorg) is a payout of its own.
    await restarted.add(1, '0xbb', 5n, 40_000);
    expect(await w.spent(1, 61_000)).toBe(10n);
  });
});
