// Table type of stored firm quotes (migration 0100_quotes); amounts are base-unit integers as decimal text.
import type { ColumnType, Kysely } from 'kysely';

/** PostgreSQL returns BIGINT as a string; SQLite as a number. */
type BigIntColumn = ColumnType<number | string, number, number>;

export type QuoteState = 'issued' | 'filled' | 'expired';

export interface QuotesTable {
  quote_id: string;
  /** `sub` of the access token that asked: only it may read the status. */
  sub: string;
  src_chain_id: number;
  dst_chain_id: number;
  router_address: string;
  from_address: string;
  to_address: string;
  token_in: string;
  token_out: string;
  amount_in: string;
  amount_out: string;
  min_amount_out: string;
  fee_amount: string;
  /** Unix seconds. */
  deadline: BigIntColumn;
  issued_block: BigIntColumn;
  status: QuoteState;
  src_tx_hash: string | null;
  dst_tx_hash: string | null;
  amount_out_actual: string | null;
  /** Block of the fill; a reorg dropping it returns the quote to `issued` (migration 0101). */
  filled_block: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** Cross-chain (migration 0301): the ERC-7683 order the quote opens, and its fill deadline (destination clock). */
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  fill_deadline: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** Unix seconds. */
  created_at: BigIntColumn;
  updated_at: BigIntColumn;
}

export type QuoteTables = { quotes: QuotesTable };
export type QuoteDb = Kysely<QuoteTables>;
