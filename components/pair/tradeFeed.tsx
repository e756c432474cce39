'use client';
// The pair page's one market stream also carries trades: the chart's stream publishes them here and the trades
// table listens, so a page holds one connection, not two.
import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import type { TradeDTO } from '@/lib/api/schemas/trades';
import type { LiveStatus } from './useLiveCandles';

export type RemovedTrade = { tx_hash: string; log_index: number; block_number: number };
export type TradeFeedEvent = { type: 'trade'; trade: TradeDTO } | { type: 'trades_removed'; trades: RemovedTrade[] };
type Listener = (e: TradeFeedEvent) => void;

type TradeFeed = {
  publish: (e: TradeFeedEvent) => void;
  subscribe: (listener: Listener) => () => void;
  status: LiveStatus;
  setStatus: (s: LiveStatus) => void;
};

const noop = () => {};
const TradeFeedContext = createContext<TradeFeed>({ publish: noop, subscribe: () => noop, status: 'connecting', setStatus: noop });

export function TradeFeedProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const bus = useMemo(() => {
    const listeners = new Set<Listener>();
    return {
      publish: (e: TradeFeedEvent) => listeners.forEach((l) => l(e)),
      subscribe: (l: Listener) => {
        listeners.add(l);
        return () => {
          listeners.delete(l);
        };
      },
    };
  }, []);
  return <TradeFeedContext value={{ ...bus, status, setStatus }}>{children}</TradeFeedContext>;
}

export function useTradeFeed(): TradeFeed {
  return use(TradeFeedContext);
}
