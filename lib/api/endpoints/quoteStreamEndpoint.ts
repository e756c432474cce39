// POST /v1/quote/stream: the indicative quote as server-sent events, repriced on every block that changes it.
import { defineEndpoint } from '../openapi';
import { IndicativeQuote, IndicativeQuoteRequest } from '../schemas/quote';
import { indicativeQuoteEndpoint } from './indicativeQuoteEndpoint';

export const quoteStreamEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/quote/stream',
  summary: 'Quote stream: the indicative quote as server-sent events, repriced per block',
  description:
    'The body of POST /v1/quote/indicative; the answer is a `text/event-stream`. `event: quote` carries the indicative quote (its `block_number` says which block it is priced at) '
    + 'at once, and again whenever a new block changes it (a block that leaves it as it was sends nothing). `event: error` carries the error envelope: after a retryable one '
    + '(`CHAIN_UNAVAILABLE`) the stream stays open and sends a quote again when it can; after any other it ends. `event: end` (`{ "reason": "max_duration" | "error" }`) closes the stream, '
    + 'at the latest after `QUOTE_STREAM_MAX_SEC`; open a new one if still needed. A `: heartbeat` comment comes every 15 s. '
    + 'A bad body, or a request whose first answer is an error, gets the JSON error envelope with its status before any event; a token may hold `QUOTE_STREAM_MAX_PER_TOKEN` streams at once (429 beyond).',
  tags: ['quotes'],
  body: IndicativeQuoteRequest,
  auth: 'quote:indicative',
  response: IndicativeQuote,
  example: indicativeQuoteEndpoint.example,
  contentType: 'text/event-stream',
  eventName: 'quote',
  envelope: false,
  errors: [...(indicativeQuoteEndpoint.errors ?? []), 'RATE_LIMITED'],
});
