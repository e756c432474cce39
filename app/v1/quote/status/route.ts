// GET /v1/quote/status?quote_id=…
import { quoteStatusEndpoint } from '@/lib/api/endpoints/quoteStatusEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { quoteStatus } from '@/lib/quote/quoteStatus';

export const dynamic = 'force-dynamic';

export const GET = route(quoteStatusEndpoint, ({ query, auth }) => quoteStatus(query.quote_id, auth));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
