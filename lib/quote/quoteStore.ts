// Reads and writes stored firm quotes; the same queries run on SQLite and PostgreSQL.
import type { Selectable } from 'kysely';
import type { QuoteDb, QuotesTable } from './quotesTable';

export type StoredQuote = Omit<Selectable<QuotesTable>, 'deadline' | 'issued_block' | 'created_at' | 'updated_at' | 'filled_block' | 'fill_deadline'> & {
  fill_deadline: number | null;
  deadline: number;
  issued_block: number;
  created_at: number;
  updated_at: number;
  filled_block: number | null;
};
export type NewQuote = Omit<StoredQuote, 'status' | 'src_tx_hash' | 'dst_tx_hash' | 'amount_out_actual' | 'updated_at' | 'filled_block' | 'order_id' | 'fill_deadline'> &
  Partial<Pick<StoredQuote, 'order_id' | 'fill_deadline'>>;
export type QuoteFill = { quoteId: string; chainId: number; txHash: string; amountOut: bigint; block: number };

function normalise(row: Selectable<QuotesTable>): StoredQuote {
  return {
    ...row,
    deadline: Number(row.deadline),
    issued_block: Number(row.issued_block),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    filled_block: row.filled_block === null ? null : Number(row.filled_block),
    fill_deadline: row.fill_deadline === null ? null : Number(row.fill_deadline),
  };
}

export function quoteStore(db: QuoteDb) {
  return {
    async insert(quote: NewQuote): Promise<void> {
      await db
        .insertInto('quotes')
        .values({ ...quote, order_id: quote.order_id?.toLowerCase() ?? null, fill_deadline: quote.fill_deadline ?? null, status: 'issued', src_tx_hash: null, dst_tx_hash: null, amount_out_actual: null, updated_at: quote.created_at })
        .execute();
    },

    async find(quoteId: string): Promise<StoredQuote | undefined> {
      const row = await db.selectFrom('quotes').selectAll().where('quote_id', '=', quoteId.toLowerCase()).executeTakeFirst();
      return row ? normalise(row) : undefined;
    },

    /** The quote a source-chain transaction executed (same-chain fills record it as they are seen). */
    async findBySrcTxHash(txHash: string): Promise<StoredQuote | undefined> {
      const row = await db.selectFrom('quotes').selectAll().where('src_tx_hash', '=', txHash.toLowerCase()).executeTakeFirst();
      return row ? normalise(row) : undefined;
    },

    /** Records an on-chain fill; a quote executes at most once, so the first fill wins. */
    async markFilled(fill: QuoteFill, now: number): Promise<void> {
      await db
        .updateTable('quotes')
        .set({ status: 'filled', src_tx_hash: fill.txHash, amount_out_actual: fill.amountOut.toString(), filled_block: fill.block, updated_at: now })
        .where('quote_id', '=', fill.quoteId.toLowerCase())
        .where('src_chain_id', '=', fill.chainId)
        .where('status', '!=', 'filled')
        .execute();
    },

    /** A reorg replaced blocks from `fromBlock` on: fills recorded there go back to `issued` until seen again. */
    async unfillFrom(chainId: number, fromBlock: number, now: number): Promise<void> {
      await db
        .updateTable('quotes')
        .set({ status: 'issued', src_tx_hash: null, amount_out_actual: null, filled_block: null, updated_at: now })
        .where('src_chain_id', '=', chainId)
        .where('status', '=', 'filled')
        .where('filled_block', '>=', fromBlock)
        .execute();
    },

    async markExpired(quoteId: string, now: number): Promise<void> {
      await db
        .updateTable('quotes')
        .set({ status: 'expired', updated_at: now })
        .where('quote_id', '=', quoteId.toLowerCase())
        .where('status', '=', 'issued')
        .execute();
    },
  };
}

export type QuoteStore = ReturnType<typeof quoteStore>;
