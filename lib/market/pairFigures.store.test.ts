// The pairs list over each store (SQLite and PostgreSQL): the same pairs give the same figures, search, sort and paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainConfig } from '@/lib/chains/chainConfig';
import { openTestDb, TEST_DB_KINDS, type TestDb } from '@/lib/db/openTestDb';
import { ABC, PAIRS_CHAIN, PAIRS_NOW, seedPairs } from '@/test/pairsFixture';
import { pairFigures, type PairFigures } from './pairFigures';
import { pairRow, pairsPage, type TokenNames } from './pairsList';

const chain = ChainConfig.parse(PAIRS_CHAIN);

describe.each(TEST_DB_KINDS)('pairs list on %s', (kind) => {
  let t: TestDb;
  let rows: PairFigures[];
  let names: TokenNames;
  const ids = (q: Parameters<typeof pairsPage>[2]) => pairsPage(rows, names, q).map((f) => f.pair.pair_id);

  beforeAll(async () => {
    t = await openTestDb(kind);
    await seedPairs(t.db);
    rows = await pairFigures(t.db, chain, PAIRS_NOW);
    // As the endpoint names tokens: those read from the chain, then the registry's.
    const read = await t.db.selectFrom('market_tokens').select(['address', 'name']).execute();
    names = new Map([...read.map((r) => [r.address.toLowerCase(), r.name] as const), ...chain.tokens.map((r) => [r.address.toLowerCase(), r.name] as const)]);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('gives each pair its price, USD price, liquidity, 24 h volume and change', () => {
    const wire = pairsPage(rows, names, {}).map(pairRow);
    expect(wire.map((r) => r.pair_id)).toEqual([1, 2, 3]);
    expect(wire[0]).toMatchObject({ pair_name: 'TKN/USDC', price: '4', price_usd: '4', change_24h: '1', volume_usd_24h: '8', liquidity_usd: '800' });
    expect(wire[1]).toMatchObject({ pair_name: 'WETH/USDC', price: '3000', price_usd: '3000', change_24h: '0', volume_usd_24h: '3000', liquidity_usd: '60000' });
    const abc = wire[2];
    expect(abc).toMatchObject({ volume_usd_24h: '0', change_24h: '0' });
    expect(Number(abc?.price)).toBeCloseTo(0.001 * 0.997 / 1.0000997, 9);
    expect(Number(abc?.liquidity_usd)).toBeCloseTo(1000 * Number(abc?.price_usd) + 3000, 4);
  });

  it('sorts descending by liquidity, volume or change, ties in pair order', () => {
    expect(ids({ sort: 'liquidity' })).toEqual([2, 3, 1]);
    expect(ids({ sort: 'volume' })).toEqual([2, 1, 3]);
    expect(ids({ sort: 'change' })).toEqual([1, 2, 3]);
  });

  it('searches symbols, names and address prefixes, then pages', () => {
    expect(ids({ q: 'usdc' })).toEqual([1, 2]);
    expect(ids({ q: 'soup' })).toEqual([3]);
    expect(ids({ q: ABC.slice(0, 8) })).toEqual([3]);
    expect(ids({ q: 'wrapped', sort: 'liquidity', limit: 1, offset: 1 })).toEqual([3]);
    expect(ids({ sort: 'liquidity', limit: 5, offset: 2 })).toEqual([1]);
    expect(ids({ sort: 'liquidity', offset: 3 })).toEqual([]);
  });
});
