// Table types of the market-data store; other domains add theirs with `db.withTables<...>()`.
import type { Generated, Kysely } from 'kysely';

export type PairSource = 'uniswap_v2' | 'uniswap_v3';

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
  /**
   * What the pool holds of each token, base units as decimal text (its liquidity), at `reserves_block`; null until
   * the indexer has seen the pool's state (for a constant-product pool: the reserves of its latest `Sync`; for a V3
   * pool: its token balances, read again after each event that changes them, `reserves_block` null meanwhile).
   */
  reserve_base: string | null;
  reserve_quote: string | null;
  reserves_block: number | null;
  /** 'uniswap_v2' or 'uniswap_v3'; the store defaults it to 'uniswap_v2' (rows written before V3 pools were indexed). */
  source?: PairSource;
  /** The pool's swap fee in parts per million; the store defaults it to 3000 (every V2 pool's). */
  fee_ppm?: number;
  /** A V3 pool's sqrtPriceX96 (decimal text) at `reserves_block`; null for V2 pools and before the first read. */
  sqrt_price_x96?: string | null;
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
  /** `buy` when the trader received the base token, `sell` when they paid it; null only on rows stored before the column existed, until the indexer fills them. */
  side: 'buy' | 'sell' | null;
  /** The account that sent the trade's transaction (EIP-55); null like `side`. */
  maker: string | null;
}

/** ERC-20 metadata read from the chain (tokens of indexed pools, and unlisted tokens looked up by address). */
export interface MarketTokensTable {
  chain_id: number;
  /** EIP-55. */
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  /** Unix seconds of the read. */
  read_at: number;
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
  market_tokens: MarketTokensTable;
  indexer_checkpoints: IndexerCheckpointsTable;
}

export type Db = Kysely<Database>;
