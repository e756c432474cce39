// The trades of a pair, newest first, one page at a time (GET /v1/market/trades): an indexed range read.
import { DomainError } from '@/lib/domain/DomainError';
import type { TradeDTO, TradesPage } from '@/lib/api/schemas/trades';
import type { Db, MarketPairsTable, MarketTradesTable } from '@/lib/db/schema';
import { unitsString } from './decimalString';
import { fillPrice, ratioText } from './pairPrices';

export const TRADES_DEFAULT_LIMIT = 100;
export const TRADES_MAX_LIMIT = 1_000;

/** Where a page ends: the (block, log index) of its oldest trade. */
export type TradeCursor = { blockNumber: number; logIndex: number };

const CURSOR_PATTERN = /^([0-9]{1,15})\.([0-9]{1,9})$/;

export function encodeTradeCursor(c: TradeCursor): string {
  return Buffer.from(`${c.blockNumber}.${c.logIndex}`).toString('base64url');
}

export function decodeTradeCursor(text: string): TradeCursor {
  const m = CURSOR_PATTERN.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!m?.[1] || !m[2] || encodeTradeCursor({ blockNumber: Number(m[1]), logIndex: Number(m[2]) }) !== text) {
    throw new DomainError('INVALID_ARGUMENT', 'before is not a cursor this API issued; pass the next_cursor of a previous page', { field: 'before' });
  }
  return { blockNumber: Number(m[1]), logIndex: Number(m[2]) };
}

type TradeRow = Pick<MarketTradesTable, 'tx_hash' | 'log_index' | 'block_number' | 'block_hash' | 'ts' | 'amount_base' | 'amount_quote' | 'usd_e18' | 'side' | 'maker'>;

/** One stored trade as the API shows it (market-data number rules of API.md §5). */
export function tradeDto(pair: MarketPairsTable, r: Omit<TradeRow, 'block_hash'>): TradeDTO {
  const b = BigInt(r.amount_base);
  const q = BigInt(r.amount_quote);
  return {
    tx_hash: r.tx_hash,
    log_index: Number(r.log_index),
    block_number: Number(r.block_number),
    time: Number(r.ts),
    side: r.side,
    price: ratioText(fillPrice(pair, false, { b, q })),
    amount_base: unitsString(b, pair.base_decimals),
    amount_quote: unitsString(q, pair.quote_decimals),
    value_usd: unitsString(BigInt(r.usd_e18), 18),
    maker: r.maker,
  };
}

const COLUMNS = ['tx_hash', 'log_index', 'block_number', 'block_hash', 'ts', 'amount_base', 'amount_quote', 'usd_e18', 'side', 'maker'] as const;

/** Up to `limit` trades of `pair` older than `before` (all when absent), newest first. */
export async function latestTrades(db: Db, pairId: number, limit: number, before?: TradeCursor): Promise<TradeRow[]> {
  let q = db.selectFrom('market_trades').select([...COLUMNS]).where('pair_id', '=', pairId);
  if (before) {
    // The bound on block_number alone is what PostgreSQL can seek the (pair_id, block_number, log_index) index by;
    // with only the OR below it walks the pair from its newest trade and filters (200 ms deep in 2M trades).
    q = q.where('block_number', '<=', before.blockNumber).where((eb) => eb.or([
      eb('block_number', '<', before.blockNumber),
      eb.and([eb('block_number', '=', before.blockNumber), eb('log_index', '<', before.logIndex)]),
    ]));
  }
  return q.orderBy('block_number', 'desc').orderBy('log_index', 'desc').limit(limit).execute();
}

export async function tradesPage(db: Db, pair: MarketPairsTable, limit: number, before?: string): Promise<TradesPage> {
  const cursor = before === undefined ? undefined : decodeTradeCursor(before);
  const rows = await latestTrades(db, pair.pair_id, limit + 1, cursor);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    trades: page.map((r) => tradeDto(pair, r)),
    next_cursor: rows.length > limit && last ? encodeTradeCursor({ blockNumber: Number(last.block_number), logIndex: Number(last.log_index) }) : null,
  };
}
