// GET /v1/market/stream: live candles as server-sent events, defined once for route() and the OpenAPI document.
import { KlineDTO } from '../schemas/market';
import { StreamQuery } from '../schemas/marketStream';
import { defineEndpoint } from '../openapi';

export const marketStreamEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/market/stream',
  summary: 'Live candles and trades of a pair (server-sent events)',
  description:
    'A `text/event-stream`. Each `candle` event carries one KlineDTO as JSON in `data`: the open candle whenever it changes, '
    + 'and the next candle as soon as it opens (at the bucket boundary, flat at the previous close until something trades). '
    + 'The same stream carries the pair\'s trades: `trade` events (one Trade of GET /v1/market/trades each; first the pair\'s newest 20, then every new one in chain order) '
    + 'and `trades_removed` (`{ trades: [{ tx_hash, log_index, block_number }] }`) when a reorg takes trades away. '
    + 'Comment lines (`: heartbeat`) keep the connection alive every 15 s; `retry` tells EventSource how soon to reconnect. '
    + 'An unknown pair or bad query is answered with the JSON error envelope before any event is sent.',
  tags: ['market'],
  query: StreamQuery,
  response: KlineDTO,
  example: {
    query: { chainId: 31337, pairId: 1, interval: '1m' },
    response: {
      chain_id: 31337, base: 'WETH', quote: 'USDC', interval: '1m', open_time: 1795499940, close_time: 1795499999,
      open: '3001.2', high: '3001.77', low: '3000.95', close: '3001.77',
      volume_base: '0.75', volume_quote: '2251.1', volume_usd: '2251.1', trades: 2, closed: false,
    },
  },
  contentType: 'text/event-stream',
  envelope: false,
  errors: ['UNSUPPORTED_CHAIN', 'NOT_FOUND', 'CHAIN_UNAVAILABLE'],
});
