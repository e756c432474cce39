// The process-wide trade hub behind the candle stream's `trade` events: one store poller per pair with subscribers.
import 'server-only';
import { readyDb } from '@/lib/db/getDb';
import { log } from '@/lib/log';
import { findPair } from './findPair';
import { TradeStreamHub, type TradeStreamKey, type StreamTrade } from './tradeStreamHub';
import { latestTrades, tradeDto } from './tradesQuery';

export async function loadLatestTrades(key: TradeStreamKey, limit: number): Promise<StreamTrade[]> {
  const db = await readyDb();
  const { pair } = await findPair(db, key.chainId, { pairId: key.pairId });
  const rows = await latestTrades(db, pair.pair_id, limit);
  return rows.map((r) => ({ trade: tradeDto(pair, r), blockHash: r.block_hash }));
}

const globalHub = globalThis as { __swapdeskTradeHub?: TradeStreamHub };

/** One hub per server process (kept on globalThis so module reloads in development do not start a second). */
export function tradeStreams(): TradeStreamHub {
  globalHub.__swapdeskTradeHub ??= new TradeStreamHub({
    loadLatest: loadLatestTrades,
    onError: (err, key) => log.warn({ err, ...key }, 'trade stream poll failed'),
  });
  return globalHub.__swapdeskTradeHub;
}
