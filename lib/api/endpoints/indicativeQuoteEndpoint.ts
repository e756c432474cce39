// POST /v1/quote/indicative: a display price from the engine's current snapshot (no signature).
import { defineEndpoint } from '../openapi';
import { IndicativeQuote, IndicativeQuoteRequest } from '../schemas/quote';

export const indicativeQuoteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/quote/indicative',
  summary: 'Indicative quote',
  description:
    'Best route of up to 3 Uniswap V2 hops at the reserves of `block_number`, after the service fee (`fee_amount = floor(amount_in × fee_rate / 10000)`). No RPC round trip; 503 CHAIN_UNAVAILABLE when the chain has not answered recently.',
  tags: ['quotes'],
  body: IndicativeQuoteRequest,
  auth: 'quote:indicative',
  response: IndicativeQuote,
  errors: ['UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'NO_ROUTE', 'INSUFFICIENT_LIQUIDITY', 'AMOUNT_TOO_SMALL', 'CHAIN_UNAVAILABLE'],
});
