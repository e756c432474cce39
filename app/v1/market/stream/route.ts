// GET /v1/market/stream: server-sent `candle` events for one pair and interval (the open candle as it changes).
import { randomUUID } from 'node:crypto';
import { errorResponse } from '@/lib/api/envelope';
import { ApiError } from '@/lib/api/errors';
import { parseInput } from '@/lib/api/parseInput';
import { findChain } from '@/lib/chains/loadChains';
import { candleEventStream, SSE_HEADERS } from '@/lib/market/candleEventStream';
import { candleStreams, loadLatestCandles, setStreamOrigin } from '@/lib/market/candleStreams';
import { StreamQuery } from '@/lib/market/streamQuery';
import { V1Error } from '@/lib/market/v1Get';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(req: Request): Promise<Response> {
  const requestId = req.headers.get('x-request-id') ?? randomUUID();
  try {
    const url = new URL(req.url);
    const query = parseInput(StreamQuery, Object.fromEntries(url.searchParams));
    if (!findChain(query.chainId)) throw new ApiError('UNSUPPORTED_CHAIN', `chainId ${query.chainId} is not configured`, { field: 'chainId' });
    setStreamOrigin(url.origin);
    // Fails with the documented 404 before any event is sent when the pair is unknown.
    await loadLatestCandles(query);
    const body = candleEventStream({ hub: candleStreams(), key: query, signal: req.signal });
    return new Response(body, { headers: { ...SSE_HEADERS, 'x-request-id': requestId } });
  } catch (error: unknown) {
    const apiError =
      error instanceof ApiError ? error
      : error instanceof V1Error && error.status === 404 ? new ApiError('NOT_FOUND', `pairId is not an indexed pair`, { field: 'pairId' })
      : new ApiError('INTERNAL', `internal error (request id ${requestId})`);
    return errorResponse(apiError, { 'x-request-id': requestId, 'cache-control': 'no-store' });
  }
}
