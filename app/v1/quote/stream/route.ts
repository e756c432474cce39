// POST /v1/quote/stream: the indicative quote as server-sent events, repriced on each block that changes it (API.md §11).
import { quoteStreamEndpoint } from '@/lib/api/endpoints/quoteStreamEndpoint';
import { ApiError } from '@/lib/api/errors';
import { methodNotAllowed } from '@/lib/api/methodNotAllowed';
import { quoteEventStream } from '@/lib/api/quoteEventStream';
import { route } from '@/lib/api/route';
import { quoteStreamSlots } from '@/lib/api/streamSlots';
import type { IndicativeQuote } from '@/lib/api/schemas/quote';
import { findChain } from '@/lib/chains/loadChains';
import { followerFor } from '@/lib/chainstate/quoteFollowers';
import { DomainError } from '@/lib/domain/DomainError';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { SSE_HEADERS } from '@/lib/market/candleEventStream';
import { indicativeQuote } from '@/lib/quote/indicativeQuote';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Everything of a quote but the block it is priced at: a block that changes none of it is not sent. */
const keyOf = ({ block_number: _block, ...rest }: IndicativeQuote) => JSON.stringify(rest);

export const POST = route(quoteStreamEndpoint, async ({ body, auth, req, requestId }) => {
  // A token may hold only a few streams at once (429 beyond): checked before any pricing.
  const release = quoteStreamSlots().acquire(auth.sub);
  let first: IndicativeQuote;
  try {
    // A request that cannot be answered now gets its JSON error and status, before any event.
    first = await indicativeQuote(body);
  } catch (error: unknown) {
    release();
    throw error;
  }
  const chains = [...new Set([body.src_chain_id, body.dst_chain_id])].flatMap((id) => findChain(id) ?? []);
  const stream = quoteEventStream({
    first,
    compute: () => indicativeQuote(body),
    subscribe: (onChange) => {
      const offs = chains.map((c) => followerFor(c).onChange(onChange));
      return () => offs.forEach((off) => off());
    },
    keyOf,
    signal: req.signal,
    maxMs: env().QUOTE_STREAM_MAX_SEC * 1000,
    onClose: release,
    normalise: (error) => {
      if (error instanceof DomainError) return error;
      log.error({ err: error, requestId }, 'quote stream: repricing failed');
      return new ApiError('INTERNAL', `internal error (request id ${requestId})`);
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
