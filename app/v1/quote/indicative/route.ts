// POST /v1/quote/indicative
import { indicativeQuoteEndpoint } from '@/lib/api/endpoints/indicativeQuoteEndpoint';
import { route } from '@/lib/api/route';
import { indicativeQuote } from '@/lib/quote/indicativeQuote';

export const dynamic = 'force-dynamic';

export const POST = route(indicativeQuoteEndpoint, ({ body }) => indicativeQuote(body));
