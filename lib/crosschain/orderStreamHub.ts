// The orders stream's one store poller per process: every connection joins it, the last one out stops it.
import { leavePoller, type SharedPoller } from '@/lib/market/leavePoller';
import type { StoredOrder } from './orderStore';

/** Orders written at or after `sinceSec` (wall clock), oldest write first (OrderStore.changedSince). */
export type LoadChangedOrders = (sinceSec: number, limit: number) => Promise<StoredOrder[]>;
export type OrderListener = (orders: readonly StoredOrder[]) => void;

/** How often the store is read for changed orders: fills land within a block or two, so well under a block time. */
export const ORDERS_STREAM_POLL_MS = 250;
const CHANGES_PER_POLL = 500;
const ID = 'orders';

type Poller = SharedPoller<OrderListener> & { since: number };

export type OrderStreamHubOptions = {
  loadChanged: LoadChangedOrders;
  pollMs?: number;
  /** Unix seconds now (injectable for tests). */
  nowSec?: () => number;
  onError?: (error: unknown) => void;
};

export class OrderStreamHub {
  private readonly pollers = new Map<string, Poller>();
  private readonly loadChanged: LoadChangedOrders;
  private readonly pollMs: number;
  private readonly nowSec: () => number;
  private readonly onError: (error: unknown) => void;

  constructor(options: OrderStreamHubOptions) {
    this.loadChanged = options.loadChanged;
    this.pollMs = options.pollMs ?? ORDERS_STREAM_POLL_MS;
    this.nowSec = options.nowSec ?? (() => Math.floor(Date.now() / 1000));
    this.onError = options.onError ?? (() => {});
  }

  /** Joins (or starts) the poller; each poll hands every listener the orders written since about the last one. */
  subscribe(listener: OrderListener): () => void {
    let poller = this.pollers.get(ID);
    if (!poller) {
      // Rows are stamped in wall-clock seconds: each poll reads from the second before the last one it saw.
      poller = { listeners: new Set(), timer: undefined, stopped: false, since: this.nowSec() - 1 };
      this.pollers.set(ID, poller);
      void this.tick(poller);
    }
    poller.listeners.add(listener);
    const joined = poller;
    return () => leavePoller(this.pollers, ID, joined, listener);
  }

  pollerCount(): number {
    return this.pollers.size;
  }

  subscriberCount(): number {
    return this.pollers.get(ID)?.listeners.size ?? 0;
  }

  private async tick(poller: Poller): Promise<void> {
    try {
      const changed = await this.loadChanged(poller.since, CHANGES_PER_POLL);
      const newest = changed.at(-1)?.updated_at;
      if (newest !== undefined) poller.since = Math.max(poller.since, newest - 1);
      if (!poller.stopped && changed.length > 0) {
        for (const listener of [...poller.listeners]) {
          try {
            listener(changed);
          } catch (error: unknown) {
            this.onError(error);
          }
        }
      }
    } catch (error: unknown) {
      this.onError(error);
    }
    if (!poller.stopped) poller.timer = setTimeout(() => void this.tick(poller), this.pollMs);
  }
}
