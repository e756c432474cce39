// GET /v1/quotes: the caller's own firm quotes, newest first, a page at a time, each with its current status.
import 'server-only';
import type { QuoteActivity, QuotesPage } from '@/lib/api/schemas/quoteHistory';
import type { AuthContext } from '@/lib/auth/authContext';
import { invalidArgument } from '@/lib/domain/DomainError';
import { quoteDb } from './quoteDb';
import { quoteStatus } from './quoteStatus';

/** Same-chain quotes end here; a cross-chain quote is final once settled or refunded. */
const FINAL_SAME_CHAIN = new Set(['filled', 'expired']);

type Position = { createdAt: number; quoteId: string };

function encodeCursor(p: Position): string {
  return Buffer.from(`${p.createdAt}:${p.quoteId}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): Position {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^([0-9]{1,12}):(0x[0-9a-f]{64})$/.exec(text);
  if (!match?.[1] || !match[2]) throw invalidArgument('cursor', 'cursor is not one this API issued; pass next_cursor of the previous page');
  return { createdAt: Number(match[1]), quoteId: match[2] };
}

export async function listQuotes(auth: AuthContext, { limit, cursor }: { limit: number; cursor?: string }): Promise<QuotesPage> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const db = await quoteDb();
  let query = db.selectFrom('quotes').selectAll().where('sub', '=', auth.sub);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('quote_id', '<', after.quoteId)])]),
    );
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('quote_id', 'desc').limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const quotes: QuoteActivity[] = [];
  for (const row of page) {
    const sameChain = row.src_chain_id === row.dst_chain_id;
    // A quote still under way is settled the way its status lookup settles it; a final one is read as stored.
    const status = sameChain && FINAL_SAME_CHAIN.has(row.status)
      ? { quote_id: row.quote_id, status: row.status, src_tx_hash: row.src_tx_hash, dst_tx_hash: row.dst_tx_hash, amount_out_actual: row.amount_out_actual, updated_at: Number(row.updated_at) }
      : await quoteStatus({ quote_id: row.quote_id }, auth);
    quotes.push({
      ...status,
      src_chain_id: row.src_chain_id,
      dst_chain_id: row.dst_chain_id,
      token_in: row.token_in,
      token_out: row.token_out,
      from_address: row.from_address,
      to_address: row.to_address,
      amount_in: row.amount_in,
      amount_out: row.amount_out,
      min_amount_out: row.min_amount_out,
      deadline: Number(row.deadline),
      created_at: Number(row.created_at),
    });
  }
  const last = page[page.length - 1];
  return { quotes, next_cursor: rows.length > limit && last ? encodeCursor({ createdAt: Number(last.created_at), quoteId: last.quote_id }) : null };
}
