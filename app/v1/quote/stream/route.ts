// POST /v1/quote/stream: the indicative quote as server-sent events, repriced on each block that changes it (API.md §11).
import { quoteStreamEndpoint } from '@/lib/api/endpoints/quoteStreamEndpoint';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { quoteEventStream } from '@/lib/api/quoteEventStream';
import { route } from '@/lib/api/route';
import { quoteStreamSlots } from '@/lib/api/streamSlots';
import { env } from '@/lib/env';
import { SSE_HEADERS } from '@/lib/market/candleEventStream';
import { quoteStreamHub } from '@/lib/api/quoteStreams';
import type { QuoteSubscription } from '@/lib/quote/quoteStreamHub';
import type { QuoteOutcome } from '@/lib/api/quoteEventStream';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = route(quoteStreamEndpoint, async ({ body, auth, req }) => {
  // A token may hold only a few streams at once (429 beyond): checked before any pricing.
  const release = quoteStreamSlots().acquire(auth.sub);
  let subscription: QuoteSubscription<QuoteOutcome>;
  try {
    // A request that cannot be answered now gets its JSON error and status, before any event.
    subscription = await quoteStreamHub().open(body);
  } catch (error: unknown) {
    release();
    throw error;
  }
  const stream = quoteEventStream({
    first: subscription.first,
    subscribe: subscription.subscribe,
    signal: req.signal,
    maxMs: env().QUOTE_STREAM_MAX_SEC * 1000,
    onClose: release,
  });
  return new Response(stream, { headers: SSE_HEADERS });
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
