// GET /v1/crosschain/orders: Swapdesk's ERC-7683 orders for any filler, newest first (API.md §10).
import { crossChainOrdersEndpoint } from '@/lib/api/endpoints/crossChainOrdersEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { crossChainOrders } from '@/lib/crosschain/crossChainOrders';

export const dynamic = 'force-dynamic';

export const GET = route(crossChainOrdersEndpoint, ({ query }) => crossChainOrders(query));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
