// GET /v1/quotes: the token's own firm quotes, newest first, with cursor pagination (the web app's activity page).
import { defineEndpoint } from '../openapi';
import { QuotesPage, QuotesQuery } from '../schemas/quoteHistory';

const QUOTE_ID = '0x6d1f1c4be3a8d1f7b5e3a0c9d2f4e6a8b0c2d4e6f8a0b2c4d6e8f0a2b4c6d8e0';

export const quotesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/quotes',
  summary: 'The token\'s own firm quotes',
  description:
    'Every firm quote issued to this token\'s subject (`sub`), newest first, with what became of it (the same status as GET /v1/quote/status, plus what was asked and quoted). '
    + 'A wallet token lists its wallet\'s quotes; quotes of other subjects are never listed. Pass `next_cursor` as `cursor` for the next page; a cursor this API did not issue is 400.',
  tags: ['quotes'],
  query: QuotesQuery,
  auth: 'quote:firm',
  response: QuotesPage,
  errors: ['CHAIN_UNAVAILABLE'],
  example: {
    query: { limit: 20 },
    response: {
      quotes: [
        {
          quote_id: QUOTE_ID,
          status: 'filled',
          src_tx_hash: '0x3b7c0e5d9f1a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c',
          dst_tx_hash: '0x3b7c0e5d9f1a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c',
          amount_out_actual: '2984102377',
          updated_at: 1795500012,
          src_chain_id: 31337,
          dst_chain_id: 31337,
          token_in: '0x0000000000000000000000000000000000000000',
          token_out: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
          from_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          to_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          amount_in: '1000000000000000000',
          amount_out: '2984102377',
          min_amount_out: '2969181865',
          deadline: 1795500060,
          created_at: 1795500000,
        },
      ],
      next_cursor: 'MTc5NTUwMDAwMDoweDZkMWYxYzRi',
    },
  },
});
