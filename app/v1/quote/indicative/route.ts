// POST /v1/quote/indicative
import { indicativeQuoteEndpoint } from '@/lib/api/endpoints/indicativeQuoteEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { indicativeQuote } from '@/lib/quote/indicativeQuote';

export const dynamic = 'force-dynamic';

export const POST = route(indicativeQuoteEndpoint, ({ body }) => indicativeQuote(body));

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
