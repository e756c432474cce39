// GET /v1/tokens: a chain's tokens, searched, or one token by address (API.md §11).
import { tokensEndpoint } from '@/lib/api/endpoints/tokensEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { marketTokens } from '@/lib/market/marketAnswers';

export const dynamic = 'force-dynamic';

export const GET = route(tokensEndpoint, ({ query }) => marketTokens(query));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
