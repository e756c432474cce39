// POST /v1/quote/firm
import { firmQuoteEndpoint } from '@/lib/api/endpoints/firmQuoteEndpoint';
import { route } from '@/lib/api/route';
import { firmQuote } from '@/lib/quote/firmQuote';

export const dynamic = 'force-dynamic';

export const POST = route(firmQuoteEndpoint, ({ body, auth }) => firmQuote(body, auth));
