// GET /v1/crosschain/orders/stream: `order` events for fillers, the open orders at once and then every order as it
// opens or changes (read from the store the relayer writes, a poll at a time).
import 'server-only';
import type { CrossChainOrderDTO, CrossChainOrdersStreamQuery } from '@/lib/api/schemas/crosschainOrders';
import { SSE_HEARTBEAT_MS, SSE_RETRY_MS } from '@/lib/market/candleEventStream';
import { log } from '@/lib/log';
import { crossChainOrderJson } from './crossChainOrderJson';
import type { OrderStore, StoredOrder } from './orderStore';

/** How often the store is read for changed orders: fills land within a block or two, so well under a block time. */
export const ORDERS_STREAM_POLL_MS = 250;
const OPEN_AT_CONNECT = 200;
const CHANGES_PER_POLL = 500;

export type OrderEventStreamOptions = {
  store: OrderStore;
  filter: CrossChainOrdersStreamQuery;
  signal: AbortSignal;
  pollMs?: number;
  onClose?: () => void;
};

const versionOf = (o: StoredOrder) => `${o.state}:${o.fill_tx_hash ?? ''}:${o.settle_tx_hash ?? ''}:${o.refund_tx_hash ?? ''}`;

export function orderEventStream({ store, filter, signal, pollMs = ORDERS_STREAM_POLL_MS, onClose }: OrderEventStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const sent = new Map<string, string>();
  const wanted = (o: StoredOrder) => (filter.origin_chain_id === undefined || o.src_chain_id === filter.origin_chain_id)
    && (filter.destination_chain_id === undefined || o.dst_chain_id === filter.destination_chain_id);
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const emit = (orders: readonly StoredOrder[]) => {
        for (const o of orders) {
          const version = versionOf(o);
          if (!wanted(o) || sent.get(o.order_id) === version) continue;
          sent.set(o.order_id, version);
          const json: CrossChainOrderDTO = crossChainOrderJson(o);
          send(`event: order\nid: ${o.order_id}:${o.updated_at}\ndata: ${JSON.stringify(json)}\n\n`);
        }
      };
      // Rows are stamped in wall-clock seconds: each poll reads from the second before the last one it saw.
      let since = Math.floor(Date.now() / 1000) - 1;
      let timer: NodeJS.Timeout | undefined;
      const poll = async () => {
        try {
          const changed = await store.changedSince(since, CHANGES_PER_POLL);
          emit(changed);
          const newest = changed.at(-1)?.updated_at;
          if (newest !== undefined) since = Math.max(since, newest - 1);
        } catch (error: unknown) {
          log.warn({ err: error instanceof Error ? error.message : String(error) }, 'orders stream could not read the store');
        }
        if (!closed) timer = setTimeout(() => void poll(), pollMs);
      };
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), SSE_HEARTBEAT_MS);
      const onAbort = () => cleanup();
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
        onClose?.();
      };
      send(`retry: ${SSE_RETRY_MS}\n: connected\n\n`);
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort);
      void store.page({ state: 'opened', srcChainId: filter.origin_chain_id, dstChainId: filter.destination_chain_id, limit: OPEN_AT_CONNECT })
        .then((open) => emit([...open].reverse()), () => undefined)
        .finally(() => void poll());
    },
    cancel() {
      cleanup();
    },
  });
}
