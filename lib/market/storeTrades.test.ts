import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_DB_KINDS, type TestDb } from '@/lib/db/openTestDb';
import type { Db } from '@/lib/db/schema';
import { aggregateTrades, candleToRow } from './candleAgg';
import { rollbackTrades } from './rollbackTrades';
import { chunks, storeTrades, type NewTrade } from './storeTrades';

/** Deterministic trades across day, week and month edges, two pairs, a few per block. */
function syntheticTrades(count: number, seed = 7): NewTrade[] {
  let x = seed;
  const rand = () => ((x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const out: NewTrade[] = [];
  let ts = Date.UTC(2026, 10, 29, 23, 50) / 1000; // Sunday 29 Nov 2026, 23:50 UTC
  for (let i = 0; i < count; i++) {
    const block = 100 + Math.floor(i / 3);
    if (i % 3 === 0) ts += Math.floor(rand() * 1_800) + 1;
    const amountBase = BigInt(Math.floor(rand() * 1e9) + 1) * 10n ** 9n;
    out.push({
      chainId: 31337, txHash: `0x${i.toString(16).padStart(64, '0')}`, logIndex: i % 3, blockNumber: block,
      blockHash: `0xb${block}`, pairId: 1 + (i % 2), ts, amountBase,
      amountQuote: (amountBase * BigInt(2_000_000 + Math.floor(rand() * 100_000))) / 10n ** 18n,
      usdE18: BigInt(Math.floor(rand() * 1e12)) * 10n ** 6n,
      side: rand() < 0.5 ? 'buy' : 'sell', maker: `0x${(1 + (i % 7)).toString(16).padStart(40, '0')}`,
    });
  }
  return out;
}

async function allCandles(db: Db) {
  return db.selectFrom('market_candles').selectAll().orderBy('pair_id').orderBy('interval').orderBy('open_time').execute()
    .then((rows) => rows.map((r) => ({ ...r, pair_id: Number(r.pair_id), open_time: Number(r.open_time), trades: Number(r.trades) })));
}

function expected(trades: NewTrade[]) {
  return [...aggregateTrades(trades).values()].map(candleToRow)
    .sort((a, b) => a.pair_id - b.pair_id || (a.interval < b.interval ? -1 : a.interval > b.interval ? 1 : 0) || a.open_time - b.open_time);
}

describe('chunks', () => {
  it('cuts any batch into runs of 1,000, 100, 10 and 1 rows, in order, largest first', () => {
    for (let n = 0; n <= 2_345; n++) {
      const items = Array.from({ length: n }, (_, i) => i);
      const parts = chunks(items);
      expect(parts.flat()).toEqual(items);
      const sizes = parts.map((p) => p.length);
      expect(sizes.every((size) => [1_000, 100, 10, 1].includes(size))).toBe(true);
      expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
      // Greedy: fewer than ten runs of each smaller size, so a batch costs at most a few dozen statements.
      for (const size of [100, 10, 1]) expect(sizes.filter((s) => s === size).length).toBeLessThan(10);
    }
  });
});

describe.each(TEST_DB_KINDS)('storeTrades on %s', (kind) => {
  let t: TestDb;
  const trades = syntheticTrades(1_500);
  beforeAll(async () => { t = await openTestDb(kind); });
  afterAll(async () => t?.dispose());

  it('batch by batch, with repeats, equals aggregating every trade at once, and moves the checkpoint', async () => {
    for (let i = 0; i < trades.length; i += 97) {
      await storeTrades(t.db, trades.slice(Math.max(0, i - 10), i + 97), { chainId: 31337, blockNumber: i, blockHash: `0xh${i}` });
    }
    expect(await allCandles(t.db)).toEqual(expected(trades));
    const count = await t.db.selectFrom('market_trades').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(trades.length);
    const cp = await t.db.selectFrom('indexer_checkpoints').selectAll().executeTakeFirstOrThrow();
    expect(cp.block_hash).toBe(`0xh${Math.floor((trades.length - 1) / 97) * 97}`);
  });

  it('a failure before commit leaves no trade, candle or checkpoint behind', async () => {
    const before = await allCandles(t.db);
    const extra = syntheticTrades(20, 99).map((tr, i) => ({ ...tr, txHash: `0xfe${i}`, ts: tr.ts + 10_000_000 }));
    await expect(storeTrades(t.db, extra, { chainId: 31337, blockNumber: 99_999, blockHash: '0xdead' }, () => { throw new Error('crash'); }))
      .rejects.toThrow('crash');
    expect(await allCandles(t.db)).toEqual(before);
    const cp = await t.db.selectFrom('indexer_checkpoints').selectAll().executeTakeFirstOrThrow();
    expect(cp.block_hash).not.toBe('0xdead');
  });

  it('rolling back above a height rebuilds candles equal to storing only the trades up to it', async () => {
    const height = 100 + 300;
    await rollbackTrades(t.db, { chainId: 31337, blockNumber: height, blockHash: '0xfork' });
    expect(await allCandles(t.db)).toEqual(expected(trades.filter((tr) => tr.blockNumber <= height)));
  });
});
