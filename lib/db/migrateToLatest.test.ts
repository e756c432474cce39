import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest } from './migrateToLatest';
import { openTestDb, TEST_DB_KINDS, type TestDb } from './openTestDb';

describe.each(TEST_DB_KINDS)('store on %s', (kind) => {
  const opened: TestDb[] = [];
  afterAll(async () => { for (const t of opened) await t.dispose(); });

  it('migrates idempotently, runs concurrent migrations safely and round-trips big decimal text exactly', async () => {
    const t = await openTestDb(kind);
    opened.push(t);
    await Promise.all([migrateToLatest(t.db), migrateToLatest(t.db)]);
    const big = (2n ** 255n + 12345n).toString();
    await t.db.insertInto('market_trades').values({
      chain_id: 1, tx_hash: '0xab', log_index: 3, pair_id: 1, block_number: 2 ** 40, block_hash: '0xcd', ts: 1_700_000_000,
      amount_base: big, amount_quote: '1', usd_e18: '0',
    }).execute();
    const again = await t.db.insertInto('market_trades').values({
      chain_id: 1, tx_hash: '0xab', log_index: 3, pair_id: 1, block_number: 2 ** 40, block_hash: '0xcd', ts: 1_700_000_000,
      amount_base: '9', amount_quote: '1', usd_e18: '0',
    }).onConflict((oc) => oc.doNothing()).returning('log_index').execute();
    expect(again).toEqual([]);
    const rows = await t.db.selectFrom('market_trades').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount_base).toBe(big);
    expect(Number(rows[0]?.block_number)).toBe(2 ** 40);
    const tables = await sql<{ n: number }>`select count(*) as n from market_candles`.execute(t.db);
    expect(Number(tables.rows[0]?.n)).toBe(0);
  });

  it('migrates a store next to another migrated store (another schema on PostgreSQL) without mixing them up', async () => {
    const [a, b] = await Promise.all([openTestDb(kind), openTestDb(kind)]);
    opened.push(a, b);
    await a.db.insertInto('market_pairs').values({
      pair_id: 1, chain_id: 1, pool: '0x1', base: '0x2', quote: '0x3', base_symbol: 'A', quote_symbol: 'B', base_decimals: 18, quote_decimals: 6, base_is_token0: 1, pair_name: 'A/B',
    }).execute();
    await migrateToLatest(b.db);
    expect(await b.db.selectFrom('market_pairs').selectAll().execute()).toEqual([]);
    expect(await a.db.selectFrom('market_pairs').select('pair_name').execute()).toEqual([{ pair_name: 'A/B' }]);
  });
});
