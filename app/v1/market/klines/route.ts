// GET /v1/market/klines: a kline series (API.md §5).
import { route } from '@/lib/api/route';
import { KlinesQuery } from '@/lib/api/schemas/market';
import { MARKET_CACHE_CONTROL, marketKlines } from '@/lib/market/marketEndpoints';

export const GET = route({ query: KlinesQuery, cacheControl: MARKET_CACHE_CONTROL }, ({ query }) => marketKlines(query));
