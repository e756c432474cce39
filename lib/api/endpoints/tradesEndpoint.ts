// GET /v1/market/trades: a pair's trades, newest first, defined once for route() and the OpenAPI document.
import { defineEndpoint } from '../openapi';
import { TradesPage, TradesQuery } from '../schemas/trades';
import { MARKET_CACHE_CONTROL } from './marketEndpoints';

export const tradesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/market/trades',
  summary: 'Trades of a pair, newest first',
  description:
    'Every trade is one Swap log of the pool, stored once by (transaction, log index). `side` is the trader\'s: `buy` when they received the base token, `sell` when they paid it; '
    + '`price` is quote per base of that trade and `value_usd` its USD value at trade time; `maker` sent the transaction. '
    + 'Pass `next_cursor` as `before` for older trades; a reorg that drops a block drops its trades. The candle stream (`GET /v1/market/stream`) sends `trade` events as trades arrive.',
  tags: ['market'],
  query: TradesQuery,
  response: TradesPage,
  example: {
    query: { chainId: 31337, pairId: 1, limit: 2 },
    response: {
      trades: [
        {
          tx_hash: '0x3b7c0e5d9f1a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c', log_index: 4, block_number: 43218, time: 1795499990,
          side: 'buy', price: '3001.77', amount_base: '0.5', amount_quote: '1500.885', value_usd: '1500.885', maker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        },
        {
          tx_hash: '0x9a1f2e3d4c5b6a7f8e9d0c1b2a3f4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c9b0a1f', log_index: 2, block_number: 43215, time: 1795499981,
          side: 'sell', price: '3001.2', amount_base: '1.25', amount_quote: '3751.5', value_usd: '3751.5', maker: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
        },
      ],
      next_cursor: 'NDMyMTUuMg',
    },
  },
  cacheControl: MARKET_CACHE_CONTROL,
  errors: ['UNSUPPORTED_CHAIN', 'NOT_FOUND', 'CHAIN_UNAVAILABLE'],
});
