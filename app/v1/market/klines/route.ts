// GET /v1/market/klines: a kline series (API.md §5).
import { klinesEndpoint } from '@/lib/api/endpoints/marketEndpoints';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { marketKlinesJson } from '@/lib/market/marketAnswers';

export const dynamic = 'force-dynamic';

export const GET = route(klinesEndpoint, ({ query }) => marketKlinesJson(query));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
