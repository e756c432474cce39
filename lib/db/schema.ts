// Table types of the market-data store; other domains add theirs with `db.withTables<...>()`.
import type { Generated, Kysely } from 'kysely';

/** An indexed pool with its fixed base/quote orientation (API.md §5). */
export interface MarketPairsTable {
  pair_id: number;
  chain_id: number;
  /** Pool address, EIP-55. */
  pool: string;
  base: string;
  quote: string;
  base_symbol: string;
  quote_symbol: string;
  base_decimals: number;
  quote_decimals: number;
  /** 1 when the base token is the pool's token0. */
  base_is_token0: number;
  pair_name: string;
}

/**
 * One Swap event, stored once. Amounts are unsigned base-unit integers as decimal TEXT so both dialects sum
 * them exactly; `usd_e18` is the trade's USD value at trade time scaled by 1e18.
 */
export interface MarketTradesTable {
  chain_id: number;
  tx_hash: string;
  log_index: number;
  pair_id: number;
  block_number: number;
  block_hash: string;
  ts: number;
  amount_base: string;
  amount_quote: string;
  usd_e18: string;
}

/**
 * One candle. Open/high/low/close are kept as the (base, quote) amounts of the trade that set them, so a price
 * is an exact ratio in either orientation (the inverse of the high trade is the reverse pair's low).
 */
export interface MarketCandlesTable {
  pair_id: number;
  interval: string;
  open_time: number;
  open_b: string;
  open_q: string;
  high_b: string;
  high_q: string;
  low_b: string;
  low_q: string;
  close_b: string;
  close_q: string;
  volume_base: string;
  volume_quote: string;
  volume_usd_e18: string;
  trades: number;
}

/** Per chain: the last block fully indexed and its hash (reorg detection). */
export interface IndexerCheckpointsTable {
  chain_id: number;
  block_number: number;
  block_hash: string;
  /** Indexer state that must survive a restart exactly (USD prices at the checkpoint), JSON; null after a rollback. */
  state: string | null;
  updated_at: Generated<number>;
}

export interface Database {
  market_pairs: MarketPairsTable;
  market_trades: MarketTradesTable;
  market_candles: MarketCandlesTable;
  indexer_checkpoints: IndexerCheckpointsTable;
}

export type Db = Kysely<Database>;
