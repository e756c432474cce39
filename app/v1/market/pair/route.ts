// GET /v1/market/pair: one pair overview (API.md §5).
import { pairEndpoint } from '@/lib/api/endpoints/marketEndpoints';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { marketPair } from '@/lib/market/marketAnswers';

export const dynamic = 'force-dynamic';

export const GET = route(pairEndpoint, ({ query }) => marketPair(query));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
