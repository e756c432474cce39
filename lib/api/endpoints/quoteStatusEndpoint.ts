// GET /v1/quote/status: what became of one of the caller's firm quotes.
import { defineEndpoint } from '../openapi';
import { QuoteStatus, QuoteStatusQuery } from '../schemas/quote';

export const quoteStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/v1/quote/status',
  summary: 'Firm quote status',
  description:
    '`issued` until the router emits QuoteFilled (`filled`, with the transaction and the amount received) or the chain’s clock passes the deadline (`expired`). Only the token subject that obtained the quote can read it; any other id is 404.',
  tags: ['quotes'],
  query: QuoteStatusQuery,
  auth: 'quote:firm',
  response: QuoteStatus,
  errors: ['NOT_FOUND'],
});
