// GET /v1/market/pair: one pair overview (API.md §5).
import { route } from '@/lib/api/route';
import { PairQuery } from '@/lib/api/schemas/market';
import { MARKET_CACHE_CONTROL, marketPair } from '@/lib/market/marketEndpoints';

export const GET = route({ query: PairQuery, cacheControl: MARKET_CACHE_CONTROL }, ({ query }) => marketPair(query));
