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
  errors: ['UNSUPPORTED_CHAIN', 'UNSUPPORTED_TOKEN', 'NO_ROUTE', 'INSUFFICIENT_LIQUIDITY', 'AMOUNT_TOO_SMALL', 'SLIPPAGE_EXCEEDED', 'CHAIN_UNAVAILABLE'],
});
