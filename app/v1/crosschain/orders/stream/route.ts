// GET /v1/crosschain/orders/stream: server-sent `order` events as orders open and change (API.md §10).
import { crossChainOrdersStreamEndpoint } from '@/lib/api/endpoints/crossChainOrdersEndpoint';
import { clientIp } from '@/lib/api/clientIp';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { route } from '@/lib/api/route';
import { streamSlots } from '@/lib/api/streamSlots';
import { crosschainDb } from '@/lib/crosschain/crosschainDb';
import { orderEventStream } from '@/lib/crosschain/orderEventStream';
import { orderStore } from '@/lib/crosschain/orderStore';
import { orderStreams } from '@/lib/crosschain/orderStreams';
import { SSE_HEADERS } from '@/lib/market/candleEventStream';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = route(crossChainOrdersStreamEndpoint, async ({ query, req }) => {
  // One client may hold only a few streams at once (429 beyond).
  const release = streamSlots().acquire(clientIp(req));
  try {
    const store = orderStore(await crosschainDb());
    return new Response(orderEventStream({ store, hub: orderStreams(), filter: query, signal: req.signal, onClose: release }), { headers: SSE_HEADERS });
  } catch (error: unknown) {
    release();
    throw error;
  }
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
