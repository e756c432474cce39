// GET /v1/market/stream: live candles as server-sent events, defined once for route() and the OpenAPI document.
import { KlineDTO } from '../schemas/market';
import { StreamQuery } from '../schemas/marketStream';
import { defineEndpoint } from '../openapi';

export const marketStreamEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/market/stream',
  summary: 'Live candles of a pair and interval (server-sent events)',
  description:
    'A `text/event-stream`. Each `candle` event carries one KlineDTO as JSON in `data`: the open candle whenever it changes, '
    + 'and the next candle as soon as it opens (at the bucket boundary, flat at the previous close until something trades). '
    + 'Comment lines (`: heartbeat`) keep the connection alive every 15 s; `retry` tells EventSource how soon to reconnect. '
    + 'An unknown pair or bad query is answered with the JSON error envelope before any event is sent.',
  tags: ['market'],
  query: StreamQuery,
  response: KlineDTO,
  contentType: 'text/event-stream',
  envelope: false,
  errors: ['UNSUPPORTED_CHAIN', 'NOT_FOUND'],
});
