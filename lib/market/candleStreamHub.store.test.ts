import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '@/lib/db/openTestDb';
import type { MarketPairsTable } from '@/lib/db/schema';
import { CandleStreamHub, type StreamKey } from './candleStreamHub';
import { klinesQuery } from './klinesQuery';
import type { Kline } from './marketDto';
import { storeTrades, type NewTrade } from './storeTrades';

const CHAIN = 31337;
const PAIR: MarketPairsTable = {
  pair_id: 1, chain_id: CHAIN, pool: '0x1111111111111111111111111111111111111111',
  base: '0x2222222222222222222222222222222222222222', quote: '0x3333333333333333333333333333333333333333',
  base_symbol: 'WETH', quote_symbol: 'USDC', base_decimals: 18, quote_decimals: 6, base_is_token0: 1, pair_name: 'WETH/USDC',
  reserve_base: null, reserve_quote: null, reserves_block: null,
};
const KEY: StreamKey = { chainId: CHAIN, pairId: 1, interval: '1m' };
const T0 = Date.UTC(2026, 10, 21, 22, 0) / 1000;

let n = 0;
function trade(ts: number, usdcPerEth: bigint): NewTrade {
  n += 1;
  return {
    chainId: CHAIN, txHash: `0x${n.toString(16).padStart(64, '0')}`, logIndex: 0, blockNumber: n, blockHash: `0xb${n}`,
    pairId: 1, ts, amountBase: 10n ** 18n, amountQuote: usdcPerEth * 10n ** 6n, usdE18: usdcPerEth * 10n ** 18n,
    side: n % 2 === 0 ? 'sell' : 'buy', maker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  };
}

describe('CandleStreamHub over a real SQLite store', () => {
  let t: TestDb;
  let now = T0 + 30;
  let hub: CandleStreamHub;
  const got: Kline[] = [];
  let unsubscribe = () => {};

  const waitFor = async (check: (k: Kline | undefined) => boolean) => {
    const deadline = Date.now() + 3_000;
    while (!check(got.at(-1))) {
      if (Date.now() > deadline) throw new Error(`not seen; last was ${JSON.stringify(got.at(-1))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  beforeAll(async () => {
    t = await openTestDb('sqlite');
    await t.db.insertInto('market_pairs').values(PAIR).execute();
    await storeTrades(t.db, [trade(T0 + 10, 2000n)], { chainId: CHAIN, blockNumber: 1, blockHash: '0xb1' });
    hub = new CandleStreamHub({
      loadLatest: (key) => klinesQuery(t.db, { pair: PAIR, inverted: false }, { chainId: key.chainId, interval: key.interval, limit: 2 }, now),
      pollMs: 10,
      nowSec: () => now,
    });
    unsubscribe = hub.subscribe(KEY, (k) => got.push(k));
  });
  afterAll(async () => {
    unsubscribe();
    expect(hub.pollerCount()).toBe(0);
    await t?.dispose();
  });

  it('pushes the open candle, opens the next one at the minute boundary, then pushes the trade that lands in it', async () => {
    await waitFor((k) => k?.open_time === T0 && k.close === '2000');

    now = T0 + 60;
    await waitFor((k) => k?.open_time === T0 + 60);
    expect(got.at(-1)).toMatchObject({ open: '2000', high: '2000', low: '2000', close: '2000', volume_base: '0', trades: 0, closed: false });

    await storeTrades(t.db, [trade(T0 + 65, 2100n)], { chainId: CHAIN, blockNumber: 2, blockHash: '0xb2' });
    await waitFor((k) => k?.open_time === T0 + 60 && k.close === '2100');
    expect(got.at(-1)).toMatchObject({ high: '2100', volume_base: '1', volume_quote: '2100', trades: 1 });
  });
});
