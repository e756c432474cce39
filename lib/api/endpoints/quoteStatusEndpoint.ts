// GET /v1/quote/status: what became of one of the caller's firm quotes.
import { defineEndpoint } from '../openapi';
import { QuoteStatus, QuoteStatusQuery } from '../schemas/quote';

export const quoteStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/quote/status',
  summary: 'Firm quote status',
  description:
    'Look a quote up by `quote_id` or by `src_tx_hash` (the source transaction that executed it). Same-chain: `issued` until the router emits QuoteFilled (`filled`, with the transaction and the amount received) or the chain’s clock passes the deadline (`expired`). Cross-chain: `issued` → `deposited` (escrowed on the source chain, `src_tx_hash`) → `filled` (a filler, Swapdesk\'s relayer or any other, paid the recipient on the destination: `filler`, `filled_at`, `dst_tx_hash`, `amount_out_actual`; read from the destination settler when the relayer has not recorded it) → `settled` (the filler was repaid from the escrow); or `deposited` → `expired` (the destination clock passed `fill_deadline` unfilled; not final) → `refunded` (`refund_tx_hash`, the escrow back to the sender). Only the token subject that obtained the quote can read it; any other id is 404.',
  tags: ['quotes'],
  query: QuoteStatusQuery,
  auth: 'quote:firm',
  response: QuoteStatus,
  example: {
    query: { quote_id: '0x6d1f1c4be3a8d1f7b5e3a0c9d2f4e6a8b0c2d4e6f8a0b2c4d6e8f0a2b4c6d8e0' },
    response: {
      quote_id: '0x6d1f1c4be3a8d1f7b5e3a0c9d2f4e6a8b0c2d4e6f8a0b2c4d6e8f0a2b4c6d8e0',
      status: 'filled',
      src_tx_hash: '0x3b7c0e5d9f1a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c',
      dst_tx_hash: '0x3b7c0e5d9f1a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c',
      amount_out_actual: '2984102377',
      updated_at: 1795500012,
    },
  },
  errors: ['NOT_FOUND', 'CHAIN_UNAVAILABLE'],
});
