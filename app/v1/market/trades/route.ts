// GET /v1/market/trades: a pair's trades, newest first, with cursor paging (API.md §11).
import { tradesEndpoint } from '@/lib/api/endpoints/tradesEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { marketTrades } from '@/lib/market/marketAnswers';

export const dynamic = 'force-dynamic';

export const GET = route(tradesEndpoint, ({ query }) => marketTrades(query));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
