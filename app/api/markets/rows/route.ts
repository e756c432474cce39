// GET /api/markets/rows: the markets table's rows for a search, chain, sort and row count (the page's own read;
// integrators have GET /v1/market/pairs).
import { route } from '@/lib/api/route';
import { marketRowsPage } from '@/components/pair/marketRowsPage';
import { MarketsViewQuery } from '@/components/pair/marketsView';

export const dynamic = 'force-dynamic';

export const GET = route({ query: MarketsViewQuery, envelope: false }, ({ query }) => marketRowsPage(query));
