// GET /v1/quote/status?quote_id=… (or ?src_tx_hash=…)
import { quoteStatusEndpoint } from '@/lib/api/endpoints/quoteStatusEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { quoteStatus } from '@/lib/quote/quoteStatus';

export const dynamic = 'force-dynamic';

export const GET = route(quoteStatusEndpoint, ({ query, auth }) => quoteStatus(query, auth));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
