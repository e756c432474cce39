// The process-wide hub behind GET /v1/crosschain/orders/stream: one store poller, however many connections.
import 'server-only';
import { log } from '@/lib/log';
import { crosschainDb } from './crosschainDb';
import { orderStore } from './orderStore';
import { OrderStreamHub } from './orderStreamHub';

const globalHub = globalThis as { __swapdeskOrderHub?: OrderStreamHub };

/** One hub per server process (kept on globalThis so module reloads in development do not start a second). */
export function orderStreams(): OrderStreamHub {
  globalHub.__swapdeskOrderHub ??= new OrderStreamHub({
    loadChanged: async (sinceSec, limit) => orderStore(await crosschainDb()).changedSince(sinceSec, limit),
    onError: (error) => log.warn({ err: error instanceof Error ? error.message : String(error) }, 'orders stream could not read the store'),
  });
  return globalHub.__swapdeskOrderHub;
}
