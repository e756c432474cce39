// POST /v1/quote/firm: a signed quote priced at the latest block, with the router calldata that executes it.
import { defineEndpoint } from '../openapi';
import { FirmQuote, FirmQuoteRequest } from '../schemas/quote';

export const firmQuoteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/quote/firm',
  summary: 'Firm quote',
  description:
    'Priced at the latest block and signed (EIP-712) for the SwapRouter. Send `calldata` to `router_address` with `value` from `from_address` before `deadline`; approve `allowance_target` first for token input. With `indicative_amount_out`, an output below it by more than `slippage` is 409 SLIPPAGE_EXCEEDED and no quote is issued. A wallet token may only quote for its own `from_address`.',
  tags: ['quotes'],
  body: FirmQuoteRequest,
  auth: 'quote:firm',
  response: FirmQuote,
  example: {
    body: {
      src_chain_id: 31337,
      dst_chain_id: 31337,
      token_in: '0x0000000000000000000000000000000000000000',
      token_out: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
      amount_in: '1000000000000000000',
      from_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      to_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      indicative_amount_out: '2984113256',
      slippage: 0.5,
      expiry_time_sec: 60,
    },
    response: {
      quote_id: '0x6d1f1c4be3a8d1f7b5e3a0c9d2f4e6a8b0c2d4e6f8a0b2c4d6e8f0a2b4c6d8e0',
      src_chain_id: 31337,
      dst_chain_id: 31337,
      calldata: '0x8a1c7e2b0000000000000000000000000000000000000000000000000000000000000020',
      router_address: '0xD8a5a9b31c3C0232E196d518E89Fd8bF83AcAd43',
      from_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      to_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      token_in: '0x0000000000000000000000000000000000000000',
      token_out: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
      amount_in: '1000000000000000000',
      amount_out: '2984102377',
      min_amount_out: '2969181865',
      fee_rate: 20,
      fee_amount: '2000000000000000',
      deadline: 1795500060,
      value: '1000000000000000000',
      allowance_target: null,
      route: [{ chain_id: 31337, share_bps: 10000, amount_in: '998000000000000000', amount_out: '2984102377', hops: [{ pool: '0xDEDC0D7FCdFe17a09D69a34112EE8A1621BD83e0', token_in: '0x5FbDB2315678afecb367f032d93F642f64180aa3', token_out: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9', source: 'uniswap_v2', fee_ppm: 3000 }] }],
      price_impact_bps: 2,
      block_number: 43218,
    },
  },
  errors: ['UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'NO_ROUTE', 'INSUFFICIENT_LIQUIDITY', 'AMOUNT_TOO_SMALL', 'SLIPPAGE_EXCEEDED', 'CHAIN_UNAVAILABLE'],
});
