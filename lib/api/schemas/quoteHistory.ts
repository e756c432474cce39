// GET /v1/quotes (the token's own firm quotes, newest first): query and page schemas.
import { z } from 'zod';
import { queryInt } from './primitives';
import { QuoteStatus } from './quote';

export const QUOTES_DEFAULT_LIMIT = 20;
export const QUOTES_MAX_LIMIT = 100;

export const QuotesQuery = z
  .object({
    limit: queryInt('limit', 1, QUOTES_MAX_LIMIT, `Quotes per page, default ${QUOTES_DEFAULT_LIMIT}`).optional(),
    cursor: z.string({ error: 'cursor must be the next_cursor of a previous page' }).max(200, { message: 'cursor is not one this API issued' }).describe('next_cursor of the previous page').optional(),
  })
  .strict();

const Wei = z.string().describe('Integer string, wei');

export const QuoteActivity = QuoteStatus.extend({
  src_chain_id: z.number().int(),
  dst_chain_id: z.number().int(),
  token_in: z.string().describe('As requested (the zero address is the native coin)'),
  token_out: z.string().describe('As requested (the zero address is the native coin)'),
  from_address: z.string(),
  to_address: z.string(),
  amount_in: Wei.describe('Total input, service fee included'),
  amount_out: Wei.describe('Quoted output'),
  min_amount_out: Wei.describe('The least the router (or relayer) delivers'),
  deadline: z.number().int().describe('Unix seconds; the quote could not be executed after it'),
  created_at: z.number().int().describe('Unix seconds the quote was issued'),
}).meta({ id: 'QuoteActivity' });

export const QuotesPage = z
  .object({
    quotes: z.array(QuoteActivity).describe('Newest first'),
    next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
  })
  .meta({ id: 'QuotesPage' });

export type QuotesQuery = z.output<typeof QuotesQuery>;
export type QuoteActivity = z.infer<typeof QuoteActivity>;
export type QuotesPage = z.infer<typeof QuotesPage>;
