// GET /v1/market/trades (API.md §11): query and page schemas.
import { z } from 'zod';
import { TRADES_DEFAULT_LIMIT, TRADES_MAX_LIMIT } from '@/lib/market/tradesQuery';
import { queryInt } from './primitives';

const MAX_ID = Number.MAX_SAFE_INTEGER;
const decimal = z.string().describe('human-unit decimal string: no exponent, at most 18 fractional digits');

export const TradesQuery = z.object({
  chainId: queryInt('chainId', 1, MAX_ID, 'Chain id'),
  pairId: queryInt('pairId', 1, MAX_ID, 'Pair id from /v1/market/pairs'),
  limit: queryInt('limit', 1, TRADES_MAX_LIMIT, `Trades per page, default ${TRADES_DEFAULT_LIMIT}`).optional(),
  before: z.string({ error: 'before must be the next_cursor of a previous page' }).max(100, { message: 'before is not a cursor this API issued' })
    .describe('next_cursor of the previous page: trades older than its last one').optional(),
}).strict();

export const TradeDTO = z.object({
  tx_hash: z.string().describe('Transaction that made the trade'),
  log_index: z.number().int().describe('Index of its Swap log in the block'),
  block_number: z.number().int(),
  time: z.number().int().describe('Block timestamp, Unix seconds'),
  side: z.enum(['buy', 'sell']).nullable().describe('`buy`: the trader received the base token; `sell`: the trader paid it. Null only for a trade indexed by an older version until the indexer has read it again'),
  price: decimal.describe('Quote per base of this trade'),
  amount_base: decimal,
  amount_quote: decimal,
  value_usd: decimal.describe('USD value at trade time (0 while the quote token had no USD price yet)'),
  maker: z.string().nullable().describe('Sender of the transaction (EIP-55); null like side'),
}).meta({ id: 'Trade' });

export const TradesPage = z.object({
  trades: z.array(TradeDTO).describe('Newest first'),
  next_cursor: z.string().nullable().describe('Pass as `before` for older trades; null on the last page'),
}).meta({ id: 'TradesPage' });

export type TradesQuery = z.output<typeof TradesQuery>;
export type TradeDTO = z.infer<typeof TradeDTO>;
export type TradesPage = z.infer<typeof TradesPage>;
