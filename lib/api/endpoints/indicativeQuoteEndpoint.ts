// POST /v1/quote/indicative: a display price from the engine's current snapshot (no signature).
import { defineEndpoint } from '../openapi';
import { IndicativeQuote, IndicativeQuoteRequest } from '../schemas/quote';

export const indicativeQuoteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/quote/indicative',
  summary: 'Indicative quote',
  description:
    'Best route over Uniswap V2 pools at the reserves of `block_number`, after the service fee (`fee_amount = floor(amount_in × fee_rate / 10000)`): `route` lists its legs (paths of up to 3 hops, each with its share of the input and its exact amounts) in execution order. No RPC round trip; 503 CHAIN_UNAVAILABLE when the chain has not answered recently.',
  tags: ['quotes'],
  body: IndicativeQuoteRequest,
  auth: 'quote:indicative',
  response: IndicativeQuote,
  example: {
    body: { src_chain_id: 31337, dst_chain_id: 31337, token_in: '0x0000000000000000000000000000000000000000', token_out: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9', amount_in: '1000000000000000000' },
    response: {
      src_chain_id: 31337,
      dst_chain_id: 31337,
      token_in: '0x0000000000000000000000000000000000000000',
      token_out: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
      amount_in: '1000000000000000000',
      amount_out: '2984113256',
      fee_rate: 20,
      fee_amount: '2000000000000000',
      route: [{ chain_id: 31337, share_bps: 10000, amount_in: '998000000000000000', amount_out: '2984113256', hops: [{ pool: '0xDEDC0D7FCdFe17a09D69a34112EE8A1621BD83e0', token_in: '0x5FbDB2315678afecb367f032d93F642f64180aa3', token_out: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9', source: 'uniswap_v2', fee_ppm: 3000 }] }],
      price_impact_bps: 2,
      block_number: 43218,
      suggested_slippage: 0.3,
    },
  },
  errors: ['UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'NO_ROUTE', 'INSUFFICIENT_LIQUIDITY', 'AMOUNT_TOO_SMALL', 'CHAIN_UNAVAILABLE'],
});
