// Follows a chain's new heads over WebSocket (`eth_subscribe` newHeads) and reconnects with backoff when dropped.
import 'server-only';
import { WebSocket } from 'isows';
import { log } from '@/lib/log';

export type HeadSubscription = {
  /** True while subscribed: heads arrive as the node announces them. */
  live(): boolean;
  close(): void;
};

export type SubscribeHeadsOptions = {
  chainId: number;
  /** First reconnect delay; doubles per failed attempt up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
};

const SUBSCRIBE_ID = 1;

type Message = { id?: number; result?: unknown; error?: unknown; method?: string; params?: { result?: { number?: string } } };

/** Calls `onHead` with each new head's number; the connection is re-made (and re-subscribed) whenever it drops. */
export function subscribeHeads(url: string, onHead: (blockNumber: bigint) => void, options: SubscribeHeadsOptions): HeadSubscription {
  const minBackoffMs = options.minBackoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  let socket: WebSocket | undefined;
  let subscribed = false;
  let closed = false;
  let backoffMs = minBackoffMs;
  let retry: NodeJS.Timeout | undefined;
  let wasLive = false;

  const dropped = (reason: string) => {
    subscribed = false;
    socket = undefined;
    if (closed || retry) return;
    if (wasLive) log.warn({ chainId: options.chainId, reason }, 'head subscription dropped; polling until it is back');
    wasLive = false;
    retry = setTimeout(() => {
      retry = undefined;
      connect();
    }, backoffMs);
    retry.unref?.();
    backoffMs = Math.min(maxBackoffMs, backoffMs * 2);
  };

  const connect = () => {
    if (closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch (error: unknown) {
      dropped(error instanceof Error ? error.message : String(error));
      return;
    }
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ jsonrpc: '2.0', id: SUBSCRIBE_ID, method: 'eth_subscribe', params: ['newHeads'] }));
    ws.onmessage = (event: { data: unknown }) => {
      let message: Message;
      try {
        message = JSON.parse(String(event.data)) as Message;
      } catch {
        return;
      }
      if (message.id === SUBSCRIBE_ID) {
        if (typeof message.result === 'string') {
          subscribed = true;
          backoffMs = minBackoffMs;
          if (!wasLive) log.info({ chainId: options.chainId }, 'following new heads by subscription');
          wasLive = true;
        } else {
          ws.close();
        }
        return;
      }
      const number = message.method === 'eth_subscription' ? message.params?.result?.number : undefined;
      if (typeof number === 'string') onHead(BigInt(number));
    };
    ws.onerror = () => {
      // A close event follows; reconnecting is handled there.
    };
    ws.onclose = () => {
      if (socket === ws) dropped('connection closed');
    };
  };

  connect();
  return {
    live: () => subscribed,
    close: () => {
      closed = true;
      subscribed = false;
      clearTimeout(retry);
      socket?.close();
      socket = undefined;
    },
  };
}
