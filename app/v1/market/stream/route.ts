// GET /v1/market/stream: server-sent `candle` events for one pair and interval (the open candle as it changes),
// and the pair's `trade` events.
import { marketStreamEndpoint } from '@/lib/api/endpoints/marketStreamEndpoint';
import { clientIp } from '@/lib/api/clientIp';
import { route } from '@/lib/api/route';
import { streamSlots } from '@/lib/api/streamSlots';
import { candleEventStream, SSE_HEADERS } from '@/lib/market/candleEventStream';
import { candleStreams, loadLatestCandles } from '@/lib/market/candleStreams';
import { tradeStreams } from '@/lib/market/tradeStreams';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = route(marketStreamEndpoint, async ({ query, req }) => {
  // One client may hold only a few streams at once (429 beyond), so it cannot take every connection of the instance;
  // checked first, so a flood of stream requests is refused before it reaches the store.
  const release = streamSlots().acquire(clientIp(req));
  try {
    // An unknown chain or pair fails with its documented answer before any event is sent.
    await loadLatestCandles(query);
  } catch (error: unknown) {
    release();
    throw error;
  }
  return new Response(candleEventStream({ hub: candleStreams(), trades: tradeStreams(), key: query, signal: req.signal, onClose: release }), { headers: SSE_HEADERS });
});
