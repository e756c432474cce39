import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '@/lib/db/openTestDb';
import type { MarketPairsTable } from '@/lib/db/schema';
import { findPair, quoteDepth } from './findPair';

const CHAIN = 31337;
const WETH = '0x2222222222222222222222222222222222222222';
const USDC = '0x3333333333333333333333333333333333333333';
const Q96 = 1n << 96n;
const E18 = 10n ** 18n;
const E6 = 10n ** 6n;

function pool(pairId: number, extra: Partial<MarketPairsTable>): MarketPairsTable {
  return {
    pair_id: pairId, chain_id: CHAIN, pool: `0x${String(pairId).padStart(40, '0')}`, base: WETH, quote: USDC,
    base_symbol: 'WETH', quote_symbol: 'USDC', base_decimals: 18, quote_decimals: 6, base_is_token0: 1, pair_name: 'WETH/USDC',
    reserve_base: null, reserve_quote: null, reserves_block: null, ...extra,
  };
}

// 2,500 USDC per WETH as a V3 sqrtPriceX96 with WETH as token0: sqrt(2500e6 / 1e18) × 2^96 = 5e-5 × 2^96.
const SQRT_2500 = (Q96 * 5n) / 100_000n;
// The V2 pair holds 100 WETH + 250,000 USDC (500,000 USDC of depth); the 0.05 % pool 20 WETH + 1,000,000 USDC
// (1,050,000); the 1 % pool 1 WETH + 1,000 USDC (3,500); a pool not read yet has none.
const V2 = pool(1, { source: 'uniswap_v2', fee_ppm: 3000, reserve_base: String(100n * E18), reserve_quote: String(250_000n * E6) });
const V3_THIN = pool(2, { source: 'uniswap_v3', fee_ppm: 10_000, reserve_base: String(E18), reserve_quote: String(1_000n * E6), sqrt_price_x96: String(SQRT_2500) });
const V3_DEEP = pool(3, { source: 'uniswap_v3', fee_ppm: 500, reserve_base: String(20n * E18), reserve_quote: String(1_000_000n * E6), sqrt_price_x96: String(SQRT_2500) });
const V3_UNREAD = pool(4, { source: 'uniswap_v3', fee_ppm: 100 });

describe('findPair by base and quote', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb('sqlite');
    await t.db.insertInto('market_pairs').values([V2, V3_THIN, V3_DEEP, V3_UNREAD]).execute();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('values each pool in the quote token at its own price', () => {
    // The sqrt price is truncated to an integer, so a V3 base side may come out one unit (1e-6 USDC) low.
    const within1 = (got: bigint, want: bigint) => expect(want - got >= 0n && want - got <= 1n, `${got} ≈ ${want}`).toBe(true);
    expect(quoteDepth(V2)).toBe(500_000n * E6);
    within1(quoteDepth(V3_THIN), 3_500n * E6);
    within1(quoteDepth(V3_DEEP), 1_050_000n * E6);
    expect(quoteDepth(V3_UNREAD)).toBe(0n);
    // WETH as token1: the base side converts through the inverse price.
    const inverse = pool(5, { ...V3_DEEP, base_is_token0: 0, sqrt_price_x96: String((Q96 * 100_000n) / 5n) });
    expect(quoteDepth(inverse)).toBe(1_000_000n * E6 + (20n * E18 << 192n) / ((Q96 * 100_000n) / 5n) ** 2n);
  });

  it('names the deepest pool of the two tokens, in either orientation, not the first indexed', async () => {
    expect((await findPair(t.db, CHAIN, { base: WETH, quote: USDC })).pair.pair_id).toBe(3);
    const reversed = await findPair(t.db, CHAIN, { base: USDC.toUpperCase().replace('0X', '0x'), quote: WETH });
    expect({ id: reversed.pair.pair_id, inverted: reversed.inverted }).toEqual({ id: 3, inverted: true });
  });

  it('with the deep pool drained, the V2 pair is the deepest', async () => {
    await t.db.updateTable('market_pairs').set({ reserve_base: '0', reserve_quote: '0' }).where('pair_id', '=', 3).execute();
    expect((await findPair(t.db, CHAIN, { base: WETH, quote: USDC })).pair.pair_id).toBe(1);
  });

  it('a pairId still names exactly that pool', async () => {
    expect((await findPair(t.db, CHAIN, { pairId: 2 })).pair.pair_id).toBe(2);
  });
});
