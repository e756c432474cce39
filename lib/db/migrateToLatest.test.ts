import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest } from './migrateToLatest';
import { migrations } from './migrations/index';
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

  it('keeps the trades and pairs of a store made before trades had a side and pools their holdings', async () => {
    // openTestDb migrates to the latest: step back to the schema before 0510 with its own down().
    const old = await openTestDb(kind);
    opened.push(old);
    const later = Object.entries(migrations).filter(([name]) => name >= '0510').reverse();
    for (const [, m] of later) await m.down?.(old.db);
    await sql`delete from kysely_migration where name >= '0510'`.execute(old.db);
    await sql`insert into market_pairs (pair_id, chain_id, pool, base, quote, base_symbol, quote_symbol, base_decimals, quote_decimals, base_is_token0, pair_name)
      values (1, 1, '0x1', '0x2', '0x3', 'A', 'B', 18, 6, 1, 'A/B')`.execute(old.db);
    await sql`insert into market_trades (chain_id, tx_hash, log_index, pair_id, block_number, block_hash, ts, amount_base, amount_quote, usd_e18)
      values (1, '0xab', 3, 1, 7, '0xcd', 1700000000, '5', '9', '0')`.execute(old.db);
    await migrateToLatest(old.db);
    expect(await old.db.selectFrom('market_trades').select(['tx_hash', 'amount_base', 'side', 'maker']).execute()).toEqual([{ tx_hash: '0xab', amount_base: '5', side: null, maker: null }]);
    expect(await old.db.selectFrom('market_pairs').select(['pair_name', 'reserve_base', 'reserves_block']).execute()).toEqual([{ pair_name: 'A/B', reserve_base: null, reserves_block: null }]);
    expect(await old.db.selectFrom('market_tokens').selectAll().execute()).toEqual([]);
  });
});
