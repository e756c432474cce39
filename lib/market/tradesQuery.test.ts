// Trade pages over each store: newest first, every trade once across pages whatever the page size (cursors inside a
// block and at its edge), nothing of other pairs, and cursors this API did not issue refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_DB_KINDS, type TestDb } from '@/lib/db/openTestDb';
import type { MarketPairsTable } from '@/lib/db/schema';
import { DomainError } from '@/lib/domain/DomainError';
import { storeTrades, type NewTrade } from './storeTrades';
import { decodeTradeCursor, encodeTradeCursor, tradesPage } from './tradesQuery';

const PAIR: MarketPairsTable = {
  pair_id: 1, chain_id: 31337, pool: `0x${'1'.repeat(40)}`, base: `0x${'2'.repeat(40)}`, quote: `0x${'3'.repeat(40)}`,
  base_symbol: 'WETH', quote_symbol: 'USDC', base_decimals: 18, quote_decimals: 6, base_is_token0: 1, pair_name: 'WETH/USDC',
  reserve_base: null, reserve_quote: null, reserves_block: null,
};

/** 40 trades of pair 1 over blocks of one to four logs (pair 2 trading in the same blocks between them). */
function trades(): NewTrade[] {
  const out: NewTrade[] = [];
  let n = 0;
  for (let block = 100; out.length < 60; block++) {
    for (let log = 0; log < 1 + (block % 4); log++) {
      n++;
      out.push({
        chainId: 31337, txHash: `0x${n.toString(16).padStart(64, '0')}`, logIndex: log * 2 + (n % 2), blockNumber: block, blockHash: `0xb${block}`,
        pairId: n % 3 === 0 ? 2 : 1, ts: 1_790_000_000 + block * 2, amountBase: BigInt(n) * 10n ** 17n, amountQuote: BigInt(n) * 300_000_000n,
        usdE18: BigInt(n) * 300n * 10n ** 18n, side: n % 2 === 0 ? 'buy' : 'sell', maker: `0x${'7'.repeat(40)}`,
      });
    }
  }
  return out;
}

describe.each(TEST_DB_KINDS)('trade pages on %s', (kind) => {
  let t: TestDb;
  const all = trades();
  const expected = all.filter((x) => x.pairId === 1).sort((a, b) => b.blockNumber - a.blockNumber || b.logIndex - a.logIndex)
    .map((x) => `${x.blockNumber}.${x.logIndex}`);

  beforeAll(async () => {
    t = await openTestDb(kind);
    await storeTrades(t.db, all);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it.each([1, 3, 4, 7, 100])('pages of %i hold every trade of the pair once, newest first, the last page without a cursor', async (limit) => {
    const seen: string[] = [];
    let before: string | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const page = await tradesPage(t.db, PAIR, limit, before);
      expect(page.trades.length).toBeLessThanOrEqual(limit);
      seen.push(...page.trades.map((x) => `${x.block_number}.${x.log_index}`));
      if (page.next_cursor === null) break;
      before = page.next_cursor;
    }
    expect(seen).toEqual(expected);
  });

  it('a cursor inside a block returns that block\'s older logs first', async () => {
    const [block, log] = (expected[5] ?? '').split('.').map(Number);
    const page = await tradesPage(t.db, PAIR, 3, encodeTradeCursor({ blockNumber: block ?? 0, logIndex: log ?? 0 }));
    expect(page.trades.map((x) => `${x.block_number}.${x.log_index}`)).toEqual(expected.slice(6, 9));
  });

  it('a cursor past the newest trade reads from the newest; one before the oldest reads nothing', async () => {
    expect((await tradesPage(t.db, PAIR, 2, encodeTradeCursor({ blockNumber: 10 ** 9, logIndex: 0 }))).trades.map((x) => `${x.block_number}.${x.log_index}`)).toEqual(expected.slice(0, 2));
    expect(await tradesPage(t.db, PAIR, 2, encodeTradeCursor({ blockNumber: 100, logIndex: 0 }))).toEqual({ trades: [], next_cursor: null });
  });
});

describe('trade cursors', () => {
  it('round-trip', () => {
    expect(decodeTradeCursor(encodeTradeCursor({ blockNumber: 43_215, logIndex: 2 }))).toEqual({ blockNumber: 43_215, logIndex: 2 });
  });

  it('refuse text this API did not issue, naming before', () => {
    const forged = [
      '', 'not-a-cursor', Buffer.from('12').toString('base64url'), Buffer.from('-1.0').toString('base64url'), Buffer.from('1.2.3').toString('base64url'),
      Buffer.from('01.2').toString('base64url').concat('='), Buffer.from(`${'9'.repeat(16)}.0`).toString('base64url'),
    ];
    for (const text of forged) {
      let error: unknown;
      try {
        decodeTradeCursor(text);
      } catch (e: unknown) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(DomainError);
      expect(error, text).toMatchObject({ type: 'INVALID_ARGUMENT', details: { field: 'before' } });
    }
  });
});
