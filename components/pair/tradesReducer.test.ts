import { describe, expect, it } from 'vitest';
import type { TradeDTO } from '@/lib/api/schemas/trades';
import { initialTrades, tradesReducer, TRADES_SHOWN } from './tradesReducer';

const t = (block: number, log = 0, side: 'buy' | 'sell' = 'buy'): TradeDTO => ({
  tx_hash: `0x${block}${log}`, log_index: log, block_number: block, time: block, side, price: '1', amount_base: '1', amount_quote: '1', value_usd: '1', maker: '0x1',
});
const blocks = (s: { trades: TradeDTO[] }) => s.trades.map((x) => `${x.block_number}.${x.log_index}`);

describe('tradesReducer', () => {
  it('puts a live trade on top once, even when the stream sends it again after a reconnect', () => {
    let s = initialTrades([t(3), t(2), t(1)], 'c');
    s = tradesReducer(s, { type: 'trade', trade: t(4, 1) });
    s = tradesReducer(s, { type: 'trade', trade: t(4, 1) });
    s = tradesReducer(s, { type: 'trade', trade: t(3) });
    expect(blocks(s)).toEqual(['4.1', '3.0', '2.0', '1.0']);
    expect(s.nextCursor).toBe('c');
  });

  it('takes out the trades a reorg removed and says how many', () => {
    const s = tradesReducer(initialTrades([t(3), t(2, 1), t(2), t(1)], null), { type: 'trades_removed', trades: [{ tx_hash: '0x21', log_index: 1, block_number: 2 }, { tx_hash: '0x30', log_index: 0, block_number: 3 }] });
    expect(blocks(s)).toEqual(['2.0', '1.0']);
    expect(s.removedByReorg).toBe(2);
  });

  it('keeps at most a page of live rows, but keeps older pages the trader loaded', () => {
    let s = initialTrades(Array.from({ length: TRADES_SHOWN }, (_, i) => t(TRADES_SHOWN - i)), 'c1');
    s = tradesReducer(s, { type: 'trade', trade: t(TRADES_SHOWN + 1) });
    expect(s.trades).toHaveLength(TRADES_SHOWN);
    expect(s.trades[0]?.block_number).toBe(TRADES_SHOWN + 1);
    s = tradesReducer(s, { type: 'older', trades: [t(1), t(0, 5)], nextCursor: null });
    expect(s.trades).toHaveLength(TRADES_SHOWN + 2);
    expect(s.nextCursor).toBeNull();
    s = tradesReducer(s, { type: 'trade', trade: t(TRADES_SHOWN + 2) });
    expect(s.trades).toHaveLength(TRADES_SHOWN + 2);
  });
});
