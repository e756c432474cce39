// POST /v1/orders: a gasless quote signed by its sender, for Swapdesk's submitter to send.
import { defineEndpoint } from '../openapi';
import { OrderAccepted, OrderRequest } from '../schemas/orders';

export const ordersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/v1/orders',
  summary: 'Post a gasless order',
  description:
    'Hands a gasless firm quote (asked with `gasless: true`) and from_address\'s signature of its `gasless.eip712` to Swapdesk\'s submitter, which sends the transaction and pays its gas (same-chain `swapPermit2`; cross-chain the ERC-7683 `openFor` of the signed GaslessCrossChainOrder); follow it with GET /v1/quote/status (`submitted` → `filled`, cross-chain `submitted` → `deposited` → `filled` → `settled`, or `failed` with `error.reason`, and then nothing of the sender\'s moved). A signature by anyone but from_address is 400 naming `signature` (when from_address has code, a smart-contract wallet, the signature is what its ERC-1271 `isValidSignature` accepts for the typed data\'s hash, as Permit2 checks it); a quote that is not gasless, expired or too close to its deadline for the submitter (GASLESS_MIN_WINDOW_SEC) is 400 naming `quote_id`; a second post of one quote is 409 ORDER_EXISTS with the current status. Only the token subject that obtained the quote can post it; any other id is 404.',
  tags: ['quotes'],
  body: OrderRequest,
  auth: 'quote:firm',
  response: OrderAccepted,
  example: {
    body: {
      quote_id: '0x6d1f1c4be3a8d1f7b5e3a0c9d2f4e6a8b0c2d4e6f8a0b2c4d6e8f0a2b4c6d8e0',
      signature: `0x${'5a'.repeat(64)}1b`,
    },
    response: { quote_id: '0x6d1f1c4be3a8d1f7b5e3a0c9d2f4e6a8b0c2d4e6f8a0b2c4d6e8f0a2b4c6d8e0', status: 'submitted' },
  },
  errors: ['NOT_FOUND', 'ORDER_EXISTS', 'CHAIN_UNAVAILABLE'],
});
