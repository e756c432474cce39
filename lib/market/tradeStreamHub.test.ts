import { afterEach, describe, expect, it } from 'vitest';
import type { TradeDTO } from '@/lib/api/schemas/trades';
import { diffTrades, TradeStreamHub, type StreamTrade, type TradeEvent } from './tradeStreamHub';

const KEY = { chainId: 31337, pairId: 1 };

function st(block: number, log: number, hash = `0xb${block}`): StreamTrade {
  const trade: TradeDTO = {
    tx_hash: `0xt${block}_${log}`, log_index: log, block_number: block, time: 1_700_000_000 + block, side: log % 2 ? 'sell' : 'buy',
    price: '1', amount_base: '1', amount_quote: '1', value_usd: '1', maker: '0x1',
  };
  return { trade, blockHash: hash };
}
/** Newest first, as the store reads them. */
const desc = (...ts: StreamTrade[]) => [...ts].sort((a, b) => b.trade.block_number - a.trade.block_number || b.trade.log_index - a.trade.log_index);
const keys = (events: TradeEvent[]) => events.map((e) => (e.type === 'trade' ? `+${e.trade.block_number}.${e.trade.log_index}` : `-${e.trades.map((t) => `${t.block_number}.${t.log_index}`).join(',')}`));

describe('diffTrades', () => {
  it('sends new trades oldest first', () => {
    expect(keys(diffTrades(desc(st(1, 0)), desc(st(1, 0), st(2, 0), st(2, 3)), 10))).toEqual(['+2.0', '+2.3']);
  });

  it('tells trades a reorg removed, then the ones the new fork has at their place', () => {
    const known = desc(st(1, 0), st(2, 0), st(3, 1));
    const fresh = desc(st(1, 0), st(2, 0, '0xfork'), st(3, 0, '0xfork'));
    expect(keys(diffTrades(known, fresh, 10))).toEqual(['-3.1,2.0', '+2.0', '+3.0']);
  });

  it('says nothing about trades beyond a full window', () => {
    // Window 2: the oldest known trade falls out of the read because two newer ones arrived, not because of a reorg.
    expect(keys(diffTrades(desc(st(1, 0), st(2, 0)), desc(st(3, 0), st(4, 0)), 2))).toEqual(['+3.0', '+4.0']);
    // After a removal the read reaches further back; trades that were below the old window are not new.
    expect(keys(diffTrades(desc(st(3, 0), st(4, 0)), desc(st(2, 0), st(3, 0)), 2))).toEqual(['-4.0']);
  });
});

const hubs: TradeStreamHub[] = [];
const unsubs: (() => void)[] = [];
afterEach(() => {
  for (const u of unsubs.splice(0)) u();
  for (const h of hubs.splice(0)) expect(h.pollerCount()).toBe(0);
});

function collector() {
  const got: TradeEvent[] = [];
  const until = async (n: number) => {
    const deadline = Date.now() + 2_000;
    while (got.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(got.length).toBeGreaterThanOrEqual(n);
  };
  return { got, listener: (e: TradeEvent) => got.push(e), until };
}

describe('TradeStreamHub', () => {
  it('gives each subscriber the newest trades, then every change, from one poller per pair', async () => {
    let stored = desc(st(1, 0), st(2, 0), st(3, 0));
    let reads = 0;
    const hub = new TradeStreamHub({ loadLatest: async (_key, limit) => { reads++; return stored.slice(0, limit); }, pollMs: 10, backlog: 2 });
    hubs.push(hub);
    const a = collector();
    unsubs.push(hub.subscribe(KEY, a.listener));
    await a.until(2);
    expect(keys(a.got)).toEqual(['+2.0', '+3.0']);
    const b = collector();
    unsubs.push(hub.subscribe(KEY, b.listener));
    expect(keys(b.got)).toEqual(['+2.0', '+3.0']);
    expect(hub.pollerCount()).toBe(1);

    stored = desc(...stored, st(4, 2));
    await a.until(3);
    await b.until(3);
    expect(keys(a.got.slice(2))).toEqual(['+4.2']);
    expect(keys(b.got.slice(2))).toEqual(['+4.2']);

    stored = stored.filter((t) => t.trade.block_number < 3);
    await a.until(4);
    expect(keys(a.got.slice(3))).toEqual(['-4.2,3.0']);
    const before = reads;
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toBeGreaterThan(before);
    expect(a.got).toHaveLength(4);
  });
});
