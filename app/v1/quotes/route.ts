// GET /v1/quotes?limit=&cursor=
import { quotesEndpoint } from '@/lib/api/endpoints/quotesEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { QUOTES_DEFAULT_LIMIT } from '@/lib/api/schemas/quoteHistory';
import { listQuotes } from '@/lib/quote/quoteHistory';

export const dynamic = 'force-dynamic';

export const GET = route(quotesEndpoint, ({ query, auth }) => listQuotes(auth, { limit: query.limit ?? QUOTES_DEFAULT_LIMIT, cursor: query.cursor }));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
