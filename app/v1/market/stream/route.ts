// GET /v1/market/stream: server-sent `candle` events for one pair and interval (the open candle as it changes).
import { marketStreamEndpoint } from '@/lib/api/endpoints/marketStreamEndpoint';
import { route } from '@/lib/api/route';
import { candleEventStream, SSE_HEADERS } from '@/lib/market/candleEventStream';
import { candleStreams, loadLatestCandles } from '@/lib/market/candleStreams';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = route(marketStreamEndpoint, async ({ query, req }) => {
  // An unknown chain or pair fails with its documented answer before any event is sent.
  await loadLatestCandles(query);
  return new Response(candleEventStream({ hub: candleStreams(), key: query, signal: req.signal }), { headers: SSE_HEADERS });
});
