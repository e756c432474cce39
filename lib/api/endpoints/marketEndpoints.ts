// The public market-data endpoints (API.md §5–6), defined once for route() and the OpenAPI document.
import { KlinesQuery, KlinesResponse, PairOverviewDTO, PairQuery, PairsQuery, PairsResponse } from '../schemas/market';
import { defineEndpoint } from '../openapi';

const EXAMPLE_CANDLE = {
  chain_id: 31337,
  base: 'WETH',
  quote: 'USDC',
  interval: '1h',
  open_time: 1795496400,
  close_time: 1795499999,
  open: '2998.41',
  high: '3004.9',
  low: '2995.02',
  close: '3001.77',
  volume_base: '12.482',
  volume_quote: '37451.203961',
  volume_usd: '37451.203961',
  trades: 14,
  closed: false,
};

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
  example: { query: { chainId: 31337, pairId: 1, interval: '1h', limit: 2 }, response: [{ ...EXAMPLE_CANDLE, open_time: 1795492800, close_time: 1795496399, open: '2991.5', close: '2998.41', closed: true }, EXAMPLE_CANDLE] },
  cacheControl: MARKET_CACHE_CONTROL,
  errors: ['UNSUPPORTED_CHAIN', 'NOT_FOUND', 'CHAIN_UNAVAILABLE'],
});

export const pairEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/market/pair',
  summary: 'Pair overview: price, 24 h change and volumes, USD price, FDV',
  description: '`price_source` is `kline` when the pair traded in the last 24 h, else `swap_indicative` (a small base amount priced at current reserves).',
  tags: ['market'],
  query: PairQuery,
  response: PairOverviewDTO,
  example: {
    query: { chainId: 31337, pairId: 1 },
    response: {
      chain_id: 31337,
      pair_id: 1,
      base: 'WETH',
      quote: 'USDC',
      pair_name: 'WETH/USDC',
      source: 'uniswap_v2',
      fee_ppm: 3000,
      price: '3001.77',
      price_usd: '3001.77',
      price_source: 'kline',
      change_24h: '0.0132',
      volume_base_24h: '402.118',
      volume_quote_24h: '1203377.415228',
      volume_usd_24h: '1203377.415228',
      fdv_usd: '3001770000',
    },
  },
  cacheControl: MARKET_CACHE_CONTROL,
  errors: ['UNSUPPORTED_CHAIN', 'NOT_FOUND', 'CHAIN_UNAVAILABLE'],
});

export const pairsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/market/pairs',
  summary: 'Indexed pairs (of one chain with chainId, else of every configured chain), searchable and sortable',
  description:
    'Each row carries the pair\'s price and USD price (as GET /v1/market/pair computes them), `liquidity_usd` (what the pool holds, each side at its USD price), '
    + '`volume_usd_24h` and `change_24h`. `q` keeps pairs whose symbols, pair name or token names contain it (any case), or whose pool or token address starts with it (`0x…`); '
    + '`sort` orders descending (ties by chain and pair id, the order without `sort`); `offset` and `limit` page the result, which is every matching pair without `limit`.',
  tags: ['market'],
  query: PairsQuery,
  response: PairsResponse,
  example: {
    query: { chainId: 31337, q: 'weth', sort: 'liquidity', limit: 1 },
    response: [{
      pair_id: 1, chain_id: 31337, pool: '0xDEDC0D7FCdFe17a09D69a34112EE8A1621BD83e0', base: 'WETH', quote: 'USDC', pair_name: 'WETH/USDC',
      source: 'uniswap_v2', fee_ppm: 3000,
      price: '3001.77', price_usd: '3001.77', liquidity_usd: '6003540', volume_usd_24h: '1203377.415228', change_24h: '0.0132',
    }],
  },
  cacheControl: MARKET_CACHE_CONTROL,
  errors: ['UNSUPPORTED_CHAIN', 'CHAIN_UNAVAILABLE'],
});
