// GET /v1/market/stream: server-sent `candle` events for one pair and interval (the open candle as it changes).
import { route } from '@/lib/api/route';
import { ApiError } from '@/lib/api/errors';
import { findChain } from '@/lib/chains/loadChains';
import { candleEventStream, SSE_HEADERS } from '@/lib/market/candleEventStream';
import { candleStreams, loadLatestCandles, setStreamOrigin } from '@/lib/market/candleStreams';
import { StreamQuery } from '@/lib/market/streamQuery';
import { V1Error } from '@/lib/market/v1Get';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = route({ query: StreamQuery }, async ({ query, req }) => {
  if (!findChain(query.chainId)) throw new ApiError('UNSUPPORTED_CHAIN', `chainId ${query.chainId} is not configured`, { field: 'chainId' });
  setStreamOrigin(new URL(req.url).origin);
  // An unknown pair fails with the documented 404 before any event is sent.
  await loadLatestCandles(query).catch((e: unknown) => {
    if (e instanceof V1Error && e.status === 404) throw new ApiError('NOT_FOUND', `pairId ${query.pairId} is not an indexed pair`, { field: 'pairId' });
    throw e;
  });
  return new Response(candleEventStream({ hub: candleStreams(), key: query, signal: req.signal }), { headers: SSE_HEADERS });
});
