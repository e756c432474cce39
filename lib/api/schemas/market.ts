// Request and response schemas of the market endpoints (API.md §5–6): queries are strict, messages name the field.
import { z } from 'zod';
import { KLINE_INTERVALS, KLINES_MAX_LIMIT } from '@/lib/market/klineIntervals';
import { addressString, queryInt, queryUnixSeconds } from './primitives';

const MAX_ID = Number.MAX_SAFE_INTEGER;

const interval = (field: string) =>
  z.enum(KLINE_INTERVALS, { error: `${field} must be one of ${KLINE_INTERVALS.join(', ')}` }).describe('Kline interval (case-sensitive)');

const pairRef = {
  chainId: queryInt('chainId', 1, MAX_ID, 'Chain id'),
  pairId: queryInt('pairId', 1, MAX_ID, 'Pair id from /v1/market/pairs; or give base and quote').optional(),
  base: addressString('base').describe('Base token address (with quote, instead of pairId). When a V2 pair and V3 pools share the two tokens, the deepest pool is meant').optional(),
  quote: addressString('quote').describe('Quote token address (with base, instead of pairId)').optional(),
};

export const KlinesQuery = z.object({
  ...pairRef,
  interval: interval('interval'),
  start: queryUnixSeconds('start', 'Unix seconds: candles with open_time ≥ start').optional(),
  end: queryUnixSeconds('end', 'Unix seconds: candles with open_time ≤ end').optional(),
  limit: queryInt('limit', 1, KLINES_MAX_LIMIT, 'Number of candles, default 500').optional(),
}).strict();

export const PairQuery = z.object({ ...pairRef, interval: interval('interval').default('1h') }).strict();

export const PAIRS_SORTS = ['volume', 'liquidity', 'change'] as const;
export const PAIRS_MAX_LIMIT = 1000;
export const PAIRS_MAX_QUERY_CHARS = 64;

export const PairsQuery = z.object({
  chainId: queryInt('chainId', 1, MAX_ID, 'Chain id; every configured chain when absent').optional(),
  q: z.string({ error: 'q must be text' }).trim().min(1, { error: 'q must not be empty' }).max(PAIRS_MAX_QUERY_CHARS, { error: `q must be at most ${PAIRS_MAX_QUERY_CHARS} characters` })
    .describe('Case-insensitive: part of a symbol, the pair name or a token name, or the start of a pool or token address (0x…)').optional(),
  sort: z.enum(PAIRS_SORTS, { error: `sort must be one of ${PAIRS_SORTS.join(', ')}` }).describe('Descending by 24 h USD volume, USD liquidity or 24 h change; chain and pair id order when absent').optional(),
  limit: queryInt('limit', 1, PAIRS_MAX_LIMIT, 'Rows per page; every matching pair when absent').optional(),
  offset: queryInt('offset', 0, MAX_ID, 'Matching rows to skip, default 0').optional(),
}).strict();

const decimal = z.string().describe('human-unit decimal string: no exponent, at most 18 fractional digits');

export const KlineDTO = z.object({
  chain_id: z.number().int(),
  base: z.string(),
  quote: z.string(),
  interval: z.enum(KLINE_INTERVALS),
  open_time: z.number().int().describe('Unix seconds'),
  close_time: z.number().int().describe('next open_time − 1, Unix seconds'),
  open: decimal, high: decimal, low: decimal, close: decimal,
  volume_base: decimal, volume_quote: decimal, volume_usd: decimal,
  trades: z.number().int(),
  closed: z.boolean().describe('false only for the candle that is still open'),
}).meta({ id: 'Kline' });
export const KlinesResponse = z.array(KlineDTO);

export const PairOverviewDTO = z.object({
  chain_id: z.number().int(),
  pair_id: z.number().int(),
  base: z.string(),
  quote: z.string(),
  pair_name: z.string(),
  source: z.enum(['uniswap_v2', 'uniswap_v3']).describe('the kind of pool'),
  fee_ppm: z.number().int().describe('the pool\'s swap fee in parts per million (3000 = 0.3 %; every V2 pool\'s)'),
  price: decimal,
  price_usd: decimal,
  price_source: z.enum(['kline', 'swap_indicative']),
  change_24h: decimal.describe('decimal fraction; 0.1234 means +12.34%'),
  volume_base_24h: decimal,
  volume_quote_24h: decimal,
  volume_usd_24h: decimal,
  fdv_usd: decimal,
}).meta({ id: 'PairOverview' });

export const PairListItemDTO = z.object({
  pair_id: z.number().int(),
  chain_id: z.number().int(),
  pool: z.string(),
  base: z.string(),
  quote: z.string(),
  pair_name: z.string(),
  source: z.enum(['uniswap_v2', 'uniswap_v3']).describe('the kind of pool'),
  fee_ppm: z.number().int().describe('the pool\'s swap fee in parts per million (3000 = 0.3 %; every V2 pool\'s)'),
  price: decimal.describe('quote per base: the last trade price when the pair traded in the last 24 h, else from a V2 pool\'s holdings or a V3 pool\'s sqrtPriceX96'),
  price_usd: decimal,
  liquidity_usd: decimal.describe('what the pool holds, in USD (each side at its USD price; a side without one counted like the other)'),
  volume_usd_24h: decimal,
  change_24h: decimal.describe('decimal fraction; 0.1234 means +12.34%'),
}).meta({ id: 'Pair' });
export const PairsResponse = z.array(PairListItemDTO);

export type KlineDTO = z.infer<typeof KlineDTO>;
export type PairOverviewDTO = z.infer<typeof PairOverviewDTO>;
export type PairListItemDTO = z.infer<typeof PairListItemDTO>;
export type KlinesQuery = z.output<typeof KlinesQuery>;
export type PairQuery = z.output<typeof PairQuery>;
export type PairsQuery = z.output<typeof PairsQuery>;
