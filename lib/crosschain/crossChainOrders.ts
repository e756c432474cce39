// GET /v1/crosschain/orders: Swapdesk's ERC-7683 orders for fillers, newest first, with cursor paging (API.md §10).
import 'server-only';
import type { CrossChainOrdersPage, CrossChainOrdersQuery } from '@/lib/api/schemas/crosschainOrders';
import { DomainError } from '@/lib/domain/DomainError';
import { crosschainDb } from './crosschainDb';
import type { OrderState } from './crosschainTables';
import { crossChainOrderJson } from './crossChainOrderJson';
import { ORDERS_DEFAULT_LIMIT } from './ordersPaging';
import { orderStore, type StoredOrder } from './orderStore';

const STATE: Record<NonNullable<CrossChainOrdersQuery['status']>, OrderState> = { open: 'opened', filled: 'filled', settled: 'settled', expired: 'expired', refunded: 'refunded' };

const cursorOf = (order: StoredOrder) => Buffer.from(`${order.open_ts}.${order.order_id}`).toString('base64url');

function parseCursor(cursor: string): { openTs: number; orderId: string } {
  const [ts, orderId] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (!ts || !/^[0-9]{1,12}$/.test(ts) || !orderId || !/^0x[0-9a-f]{64}$/.test(orderId)) {
    throw new DomainError('INVALID_ARGUMENT', 'cursor is not a cursor this API issued', { field: 'cursor' });
  }
  return { openTs: Number(ts), orderId };
}

export async function crossChainOrders(query: CrossChainOrdersQuery): Promise<CrossChainOrdersPage> {
  const limit = query.limit ?? ORDERS_DEFAULT_LIMIT;
  const rows = await orderStore(await crosschainDb()).page({
    state: query.status ? STATE[query.status] : undefined, srcChainId: query.origin_chain_id, dstChainId: query.destination_chain_id,
    limit: limit + 1, before: query.cursor ? parseCursor(query.cursor) : undefined,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { orders: page.map(crossChainOrderJson), next_cursor: rows.length > limit && last ? cursorOf(last) : null };
}
