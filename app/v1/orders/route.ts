// POST /v1/orders
import { ordersEndpoint } from '@/lib/api/endpoints/ordersEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { postOrder } from '@/lib/gasless/postOrder';

export const dynamic = 'force-dynamic';

export const POST = route(ordersEndpoint, ({ body, auth }) => postOrder(body, auth));

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
