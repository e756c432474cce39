// The trades the pair page shows, newest first: the server's first page, live trades merged in once each,
// trades a reorg removed taken out, older pages appended.
import type { TradeDTO } from '@/lib/api/schemas/trades';
import type { TradeFeedEvent } from './tradeFeed';

/** Rows kept on screen (older ones stay reachable through "Older trades"). */
export const TRADES_SHOWN = 100;

export type TradesState = {
  trades: TradeDTO[];
  /** Cursor of the oldest loaded page; null when the first trade of the pair is loaded. */
  nextCursor: string | null;
  /** How many trades the last reorg took away (for the notice). */
  removedByReorg: number;
};

export type TradesAction = TradeFeedEvent | { type: 'page'; trades: TradeDTO[] } | { type: 'older'; trades: TradeDTO[]; nextCursor: string | null };

const keyOf = (t: Pick<TradeDTO, 'tx_hash' | 'log_index'>) => `${t.tx_hash}|${t.log_index}`;
const newestFirst = (a: TradeDTO, b: TradeDTO) => b.block_number - a.block_number || b.log_index - a.log_index;

export function initialTrades(trades: TradeDTO[], nextCursor: string | null): TradesState {
  return { trades, nextCursor, removedByReorg: 0 };
}

/** `incoming` merged into `trades` (a trade seen again replaces its row), newest first, at most `cap` rows. */
function merge(trades: TradeDTO[], incoming: TradeDTO[], cap: number): TradeDTO[] {
  const byKey = new Map(trades.map((t) => [keyOf(t), t]));
  for (const t of incoming) byKey.set(keyOf(t), t);
  return [...byKey.values()].sort(newestFirst).slice(0, cap);
}

export function tradesReducer(state: TradesState, action: TradesAction): TradesState {
  switch (action.type) {
    case 'trade':
    case 'page': {
      const incoming = action.type === 'trade' ? [action.trade] : action.trades;
      // Live trades grow the list only at the top; a long list keeps its loaded older pages.
      return { ...state, trades: merge(state.trades, incoming, Math.max(TRADES_SHOWN, state.trades.length)) };
    }
    case 'trades_removed': {
      const gone = new Set(action.trades.map(keyOf));
      const trades = state.trades.filter((t) => !gone.has(keyOf(t)));
      return trades.length === state.trades.length ? state : { ...state, trades, removedByReorg: state.trades.length - trades.length };
    }
    case 'older':
      return { ...state, trades: merge(state.trades, action.trades, Number.POSITIVE_INFINITY), nextCursor: action.nextCursor };
  }
}
