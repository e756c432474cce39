// POST /v1/quote/firm
import { firmQuoteEndpoint } from '@/lib/api/endpoints/firmQuoteEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { firmQuote } from '@/lib/quote/firmQuote';

export const dynamic = 'force-dynamic';

export const POST = route(firmQuoteEndpoint, ({ body, auth }) => firmQuote(body, auth));

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
