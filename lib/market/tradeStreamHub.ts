// Live trades for SSE clients: one store poller per (chain, pair), shared by every subscriber of the pair,
// that tells new trades and trades a reorg removed.
import type { TradeDTO } from '@/lib/api/schemas/trades';
import { leavePoller } from './leavePoller';

export type TradeStreamKey = { chainId: number; pairId: number };
/** A stored trade as the stream compares it: a reorg that moves it to another block changes its block hash. */
export type StreamTrade = { trade: TradeDTO; blockHash: string };
/** The newest `limit` trades of a pair, newest first. */
export type LoadLatestTrades = (key: TradeStreamKey, limit: number) => Promise<StreamTrade[]>;

export type RemovedTrade = { tx_hash: string; log_index: number; block_number: number };
export type TradeEvent = { type: 'trade'; trade: TradeDTO } | { type: 'trades_removed'; trades: RemovedTrade[] };
export type TradeListener = (event: TradeEvent) => void;

export const TRADE_POLL_MS = 1_000;
/** Trades compared per poll: a reorg deeper than this many trades of one pair is told only for these. */
export const TRADE_WINDOW = 200;
/** A new subscriber first receives the pair's newest trades, so it misses nothing between a page read and the stream. */
export const TRADE_BACKLOG = 20;

type Poller = {
  key: TradeStreamKey;
  listeners: Set<TradeListener>;
  /** Listeners that joined before the first read, waiting for their backlog. */
  waiting: Set<TradeListener>;
  timer: ReturnType<typeof setTimeout> | undefined;
  stopped: boolean;
  /** The last read, newest first; undefined before the first. */
  known: StreamTrade[] | undefined;
};

const idOf = (t: StreamTrade) => `${t.trade.tx_hash}|${t.trade.log_index}|${t.blockHash}`;
/** Chain order of two trades: block, then log index. */
const compare = (a: TradeDTO, b: TradeDTO) => a.block_number - b.block_number || a.log_index - b.log_index;

/** What changed between two reads of the newest trades (both newest first, each at most `window` long). */
export function diffTrades(known: StreamTrade[], fresh: StreamTrade[], window: number): TradeEvent[] {
  const freshIds = new Set(fresh.map(idOf));
  const knownIds = new Set(known.map(idOf));
  // A full read says nothing about trades older than its oldest; neither does a full earlier read.
  const freshFloor = fresh.length >= window ? fresh.at(-1)?.trade : undefined;
  const knownFloor = known.length >= window ? known.at(-1)?.trade : undefined;
  const removed = known.filter((k) => !freshIds.has(idOf(k)) && (freshFloor === undefined || compare(k.trade, freshFloor) >= 0));
  const added = fresh.filter((f) => !knownIds.has(idOf(f)) && (knownFloor === undefined || compare(f.trade, knownFloor) >= 0));
  const events: TradeEvent[] = [];
  if (removed.length) {
    events.push({ type: 'trades_removed', trades: removed.map(({ trade: t }) => ({ tx_hash: t.tx_hash, log_index: t.log_index, block_number: t.block_number })) });
  }
  for (const a of added.reverse()) events.push({ type: 'trade', trade: a.trade });
  return events;
}

export type TradeStreamHubOptions = {
  loadLatest: LoadLatestTrades;
  pollMs?: number;
  window?: number;
  backlog?: number;
  onError?: (error: unknown, key: TradeStreamKey) => void;
};

export class TradeStreamHub {
  private readonly pollers = new Map<string, Poller>();
  private readonly loadLatest: LoadLatestTrades;
  private readonly pollMs: number;
  private readonly window: number;
  private readonly backlog: number;
  private readonly onError: (error: unknown, key: TradeStreamKey) => void;

  constructor(options: TradeStreamHubOptions) {
    this.loadLatest = options.loadLatest;
    this.pollMs = options.pollMs ?? TRADE_POLL_MS;
    this.window = options.window ?? TRADE_WINDOW;
    this.backlog = options.backlog ?? TRADE_BACKLOG;
    this.onError = options.onError ?? (() => {});
  }

  /** Starts (or joins) the pair's poller; the listener first gets the newest trades, then every change. */
  subscribe(key: TradeStreamKey, listener: TradeListener): () => void {
    const id = `${key.chainId}:${key.pairId}`;
    let poller = this.pollers.get(id);
    if (!poller) {
      poller = { key, listeners: new Set(), waiting: new Set(), timer: undefined, stopped: false, known: undefined };
      this.pollers.set(id, poller);
      void this.tick(poller);
    }
    poller.listeners.add(listener);
    if (poller.known) this.sendBacklog(poller.known, listener);
    else poller.waiting.add(listener);
    const joined = poller;
    return () => this.leave(id, joined, listener);
  }

  pollerCount(): number {
    return this.pollers.size;
  }

  private sendBacklog(known: StreamTrade[], listener: TradeListener): void {
    for (const t of known.slice(0, this.backlog).reverse()) listener({ type: 'trade', trade: t.trade });
  }

  private leave(id: string, poller: Poller, listener: TradeListener): void {
    poller.waiting.delete(listener);
    leavePoller(this.pollers, id, poller, listener);
  }

  private async tick(poller: Poller): Promise<void> {
    try {
      const fresh = await this.loadLatest(poller.key, this.window);
      if (!poller.stopped) {
        const events = poller.known ? diffTrades(poller.known, fresh, this.window) : [];
        poller.known = fresh;
        for (const listener of poller.waiting) this.sendBacklog(fresh, listener);
        poller.waiting.clear();
        for (const e of events) for (const listener of poller.listeners) listener(e);
      }
    } catch (error: unknown) {
      this.onError(error, poller.key);
    }
    if (!poller.stopped) poller.timer = setTimeout(() => void this.tick(poller), this.pollMs);
  }
}
