// GET /v1/market/pairs: the indexed pairs (API.md §6).
import { pairsEndpoint } from '@/lib/api/endpoints/marketEndpoints';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { marketPairs } from '@/lib/market/marketAnswers';

export const dynamic = 'force-dynamic';

export const GET = route(pairsEndpoint, ({ query }) => marketPairs(query));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
