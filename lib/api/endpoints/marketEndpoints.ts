// The public market-data endpoints (API.md §5–6), defined once for route() and the OpenAPI document.
import { KlinesQuery, KlinesResponse, PairOverviewDTO, PairQuery, PairsQuery, PairsResponse } from '../schemas/market';
import { defineEndpoint } from '../openapi';

/** CDN hint: candles move with each block, so a second of sharing is plenty and stale copies bridge bursts. */
export const MARKET_CACHE_CONTROL = 'public, s-maxage=1, stale-while-revalidate=5';

export const klinesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/market/klines',
  summary: 'K-line series of a pair',
  description:
    'UTC buckets (fixed intervals aligned to the epoch, 1w on Monday, 1M on the 1st), ascending, gaps filled with the previous close. '
    + 'No start/end: the most recent `limit` candles; start only: the first `limit` with open_time ≥ start; end only: the last `limit` with open_time ≤ end; both: the first `limit` in [start, end]. '
    + '`pairId`, or `base` and `quote` in either orientation (the reverse inverts prices and swaps volumes).',
  tags: ['market'],
  query: KlinesQuery,
  response: KlinesResponse,
  cacheControl: MARKET_CACHE_CONTROL,
  errors: ['UNSUPPORTED_CHAIN', 'NOT_FOUND'],
});

export const pairEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/market/pair',
  summary: 'Pair overview: price, 24 h change and volumes, USD price, FDV',
  description: '`price_source` is `kline` when the pair traded in the last 24 h, else `swap_indicative` (a small base amount priced at current reserves).',
  tags: ['market'],
  query: PairQuery,
  response: PairOverviewDTO,
  cacheControl: MARKET_CACHE_CONTROL,
  errors: ['UNSUPPORTED_CHAIN', 'NOT_FOUND', 'CHAIN_UNAVAILABLE'],
});

export const pairsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/market/pairs',
  summary: 'Indexed pairs (of one chain with chainId, else of every configured chain)',
  tags: ['market'],
  query: PairsQuery,
  response: PairsResponse,
  cacheControl: MARKET_CACHE_CONTROL,
  errors: ['UNSUPPORTED_CHAIN'],
});
