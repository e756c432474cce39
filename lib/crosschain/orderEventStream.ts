// GET /v1/crosschain/orders/stream: `order` events for fillers, the open orders at once and then every order as it
// opens or changes (read from the store the order feed and the relayer write, by the process's one shared poller).
import 'server-only';
import type { CrossChainOrderDTO, CrossChainOrdersStreamQuery } from '@/lib/api/schemas/crosschainOrders';
import { SSE_HEARTBEAT_MS, SSE_RETRY_MS } from '@/lib/market/candleEventStream';
import { crossChainOrderJson } from './crossChainOrderJson';
import type { OrderStore, StoredOrder } from './orderStore';
import type { OrderStreamHub } from './orderStreamHub';

const OPEN_AT_CONNECT = 200;

export type OrderEventStreamOptions = {
  /** Where the open orders at connect are read. */
  store: OrderStore;
  /** The shared poller the connection joins for changes. */
  hub: OrderStreamHub;
  filter: CrossChainOrdersStreamQuery;
  signal: AbortSignal;
  onClose?: () => void;
};

const versionOf = (o: StoredOrder) => `${o.state}:${o.fill_tx_hash ?? ''}:${o.settle_tx_hash ?? ''}:${o.refund_tx_hash ?? ''}`;

export function orderEventStream({ store, hub, filter, signal, onClose }: OrderEventStreamOptions): ReadableStream<Uint8Array> {
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
      let leave: (() => void) | undefined;
      const heartbeat = setInterval(() => send(': heartbeat\n\n'), SSE_HEARTBEAT_MS);
      const onAbort = () => cleanup();
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        leave?.();
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
        .finally(() => {
          if (!closed) leave = hub.subscribe(emit);
        });
    },
    cancel() {
      cleanup();
    },
  });
}
