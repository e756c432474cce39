// The market-data wire shapes of the spec and API.md §5–6, as the pages and the stream read them.
import type { KlineInterval } from './klineIntervals';

/** One candle (KlineDTO); prices and volumes are human-unit decimal strings. */
export type Kline = {
  chain_id: number;
  base: string;
  quote: string;
  interval: KlineInterval;
  open_time: number;
  close_time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume_base: string;
  volume_quote: string;
  volume_usd: string;
  trades: number;
  closed: boolean;
};

export type PairOverview = {
  chain_id: number;
  pair_id: number;
  base: string;
  quote: string;
  pair_name: string;
  price: string;
  price_usd: string;
  price_source: 'kline' | 'swap_indicative';
  change_24h: string;
  volume_base_24h: string;
  volume_quote_24h: string;
  volume_usd_24h: string;
  fdv_usd: string;
};

export type PairListing = {
  pair_id: number;
  chain_id: number;
  pool: string;
  base: string;
  quote: string;
  pair_name: string;
};
