// GET /v1/market/pairs: the indexed pairs of a chain (API.md §6).
import { route } from '@/lib/api/route';
import { PairsQuery } from '@/lib/api/schemas/market';
import { MARKET_CACHE_CONTROL, marketPairs } from '@/lib/market/marketEndpoints';

export const GET = route({ query: PairsQuery, cacheControl: MARKET_CACHE_CONTROL }, ({ query }) => marketPairs(query));
