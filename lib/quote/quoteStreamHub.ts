// Quote streams priced per block once per distinct request, not once per stream: streams with the same inputs share
// one group, and a group whose route search read nothing the block changed keeps its route (only the suggested
// slippage, which slides with time, is read again). A block's groups are priced in time slices that yield to the
// event loop, so requests keep being served while a large fan-out runs.
import 'server-only';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { IndicativeQuote, IndicativeQuoteRequest } from '@/lib/api/schemas/quote';
import type { ChainFollower } from '@/lib/chainstate/chainFollower';
import { DomainError } from '@/lib/domain/DomainError';
import { log } from '@/lib/log';
import type { PoolGraph } from '@/lib/routing/poolGraph';
import { exactInRequest, indicativeAnswer, indicativeQuote } from './indicativeQuote';
import { onFollowerReplaced } from '@/lib/chainstate/quoteFollowers';
import { quoteChain } from './quoteChain';
import { quoteExactIn, type ExactInQuote, type ExactInRequest } from './quoteExactIn';
import { routeInputs, sameRouteInputs, type RouteInputs } from './routeInputs';

/** A block's fan-out prices groups for at most this long before letting other work (HTTP requests) run. */
export const FANOUT_SLICE_MS = 10;

/** One pricing of a group: the answer, or the failure its streams are told of. */
export type Priced = { answer: IndicativeQuote } | { error: DomainError };

export type QuoteStreamHubOptions<O> = {
  /** Makes a pricing into what the group's streams are handed (an encoded event): once per group per block. */
  outcome: (priced: Priced) => O;
  /** The running follower of a configured chain (default: the server's, after the quote chain rules). */
  followerOf?: (chainId: number) => Promise<ChainFollower>;
  /**
   * Subscribes to followers started in place of stopped ones (default: the server's, with the default `followerOf`):
   * the streams on that chain move to the new one.
   */
  followerReplaced?: (listener: (follower: ChainFollower) => void) => () => void;
  /** Told of every route search or cross-chain pricing a stream causes (tests and benches count them). */
  onSearch?: (body: IndicativeQuoteRequest) => void;
};

export type QuoteSubscription<O> = {
  /** The answer's outcome as of now (a failure is thrown instead). */
  first: O;
  /** Adds a listener for the group's later pricings; returns the unsubscribe. */
  subscribe: (listener: (outcome: O) => void) => () => void;
};

/** A search's result kept with what it read: a domain failure (no route…) follows from the same inputs as an answer. */
type Search = { inputs: RouteInputs } & ({ quote: ExactInQuote } | { error: DomainError });

type Group<O> = {
  key: string;
  body: IndicativeQuoteRequest;
  chainIds: number[];
  listeners: Set<(outcome: O) => void>;
  followers: ChainFollower[];
  request?: ExactInRequest;
  search?: Search;
  /** The snapshot the group was last priced at (same-chain), and that pricing. */
  graph?: PoolGraph;
  last?: Priced;
  outcome?: O;
};

/** One pass of a block's fan-out over a chain's groups: how many were priced, searched, and how long it took. */
export type FanOutReport = { chainId: number; blockNumber: bigint | undefined; groups: number; searches: number; startedAt: number; endedAt: number };

type Watch<O> = { follower: ChainFollower; off: () => void; groups: Set<Group<O>>; running: boolean; again: boolean };

/** Every input that changes the answer, as the request spelled it (the answer echoes the token addresses). */
function groupKey(body: IndicativeQuoteRequest): string {
  const excluded = [...(body.excluded_sources ?? [])].sort();
  return JSON.stringify([body.src_chain_id, body.dst_chain_id, body.token_in, body.token_out, body.amount_in, excluded]);
}

function normalise(error: unknown, key: string): DomainError {
  if (error instanceof DomainError) return error;
  log.error({ err: error, stream: key }, 'quote stream: repricing failed');
  return new DomainError('INTERNAL', 'internal error');
}

export class QuoteStreamHub<O> {
  private readonly groups = new Map<string, Group<O>>();
  private readonly watches = new Map<number, Watch<O>>();
  private readonly followerOf: (chainId: number) => Promise<ChainFollower>;
  private readonly fanOutListeners = new Set<(report: FanOutReport) => void>();
  /** Route searches (and cross-chain pricings) run for streams so far. */
  searches = 0;

  constructor(private readonly options: QuoteStreamHubOptions<O>) {
    this.followerOf = options.followerOf ?? (async (chainId) => (await quoteChain(chainId, chainId)).follower);
    const followerReplaced = options.followerReplaced ?? (options.followerOf ? undefined : onFollowerReplaced);
    followerReplaced?.((follower) => this.replaced(follower));
  }

  /** A chain's follower was replaced (its registry entry changed): its groups follow the new one, priced at once. */
  private replaced(follower: ChainFollower): void {
    const chainId = follower.chain.id;
    const watch = this.watches.get(chainId);
    if (!watch) return;
    for (const group of watch.groups) group.followers = group.followers.map((f) => (f.chain.id === chainId ? follower : f));
    void this.fanOut(this.watch(follower));
  }

  /** Distinct inputs being streamed now. */
  get groupCount(): number {
    return this.groups.size;
  }

  /** Calls `listener` after each fan-out pass (benches time them); returns the unsubscribe. */
  onFanOut(listener: (report: FanOutReport) => void): () => void {
    this.fanOutListeners.add(listener);
    return () => this.fanOutListeners.delete(listener);
  }

  /** Prices `body` now (shared with open streams of the same inputs); throws what a one-off quote would throw. */
  async open(body: IndicativeQuoteRequest): Promise<QuoteSubscription<O>> {
    const key = groupKey(body);
    const group: Group<O> = this.groups.get(key) ?? { key, body, chainIds: [...new Set([body.src_chain_id, body.dst_chain_id])], listeners: new Set(), followers: [] };
    const outcome = await this.price(group);
    // Priced ahead of the block's fan-out, which will then skip the group: its streams hear of it now.
    if (outcome !== undefined) for (const listener of [...group.listeners]) listener(outcome);
    const { last, outcome: first } = group;
    if (!last || first === undefined || 'error' in last) throw last && 'error' in last ? last.error : new DomainError('INTERNAL', 'internal error');
    if (group.followers.length === 0) {
      const found = await Promise.all(group.chainIds.map((id) => this.followerOf(id).catch(() => undefined)));
      group.followers = found.flatMap((f) => f ?? []);
    }
    return { first, subscribe: (listener) => this.subscribe(group, listener) };
  }

  private subscribe(fresh: Group<O>, listener: (outcome: O) => void): () => void {
    let group = this.groups.get(fresh.key);
    if (!group) {
      group = fresh;
      this.groups.set(group.key, group);
      for (const follower of group.followers) this.watch(follower).groups.add(group);
    }
    const joined = group;
    joined.listeners.add(listener);
    return () => {
      joined.listeners.delete(listener);
      if (joined.listeners.size > 0 || this.groups.get(joined.key) !== joined) return;
      this.groups.delete(joined.key);
      for (const [chainId, watch] of this.watches) {
        watch.groups.delete(joined);
        if (watch.groups.size === 0) {
          watch.off();
          this.watches.delete(chainId);
        }
      }
    };
  }

  /** The chain's watch, subscribed to its current follower (a restarted follower is followed instead of the old one). */
  private watch(follower: ChainFollower): Watch<O> {
    const chainId = follower.chain.id;
    let watch = this.watches.get(chainId);
    if (watch && watch.follower !== follower) {
      watch.off();
      watch.follower = follower;
      const current = watch;
      watch.off = follower.onChange(() => void this.fanOut(current));
    }
    if (!watch) {
      const created: Watch<O> = { follower, off: () => {}, groups: new Set(), running: false, again: false };
      created.off = follower.onChange(() => void this.fanOut(created));
      this.watches.set(chainId, created);
      watch = created;
    }
    return watch;
  }

  /** Prices every group of the chain after a change, in time slices; a change during the run runs it again. */
  private async fanOut(watch: Watch<O>): Promise<void> {
    if (watch.running) {
      watch.again = true;
      return;
    }
    watch.running = true;
    try {
      do {
        watch.again = false;
        const startedAt = performance.now();
        const searchesBefore = this.searches;
        let groups = 0;
        let sliceStart = startedAt;
        for (const group of [...watch.groups]) {
          if (group.listeners.size === 0) continue;
          groups++;
          if (performance.now() - sliceStart > FANOUT_SLICE_MS) {
            await yieldToEventLoop();
            sliceStart = performance.now();
          }
          const outcome = await this.price(group);
          if (outcome !== undefined) for (const listener of [...group.listeners]) listener(outcome);
        }
        const report = { chainId: watch.follower.chain.id, blockNumber: watch.follower.health().blockNumber ?? undefined, groups, searches: this.searches - searchesBefore, startedAt, endedAt: performance.now() };
        for (const listener of this.fanOutListeners) listener(report);
      } while (watch.again);
    } catch (error: unknown) {
      log.error({ err: error, chainId: watch.follower.chain.id }, 'quote stream fan-out failed');
    } finally {
      watch.running = false;
    }
  }

  /** Prices the group at the current state; the new outcome, or undefined when it was already priced there. */
  private async price(group: Group<O>): Promise<O | undefined> {
    const { body } = group;
    let last: Priced;
    if (body.src_chain_id !== body.dst_chain_id) {
      this.searches++;
      this.options.onSearch?.(body);
      last = await indicativeQuote(body).then((answer) => ({ answer }), (error: unknown) => ({ error: normalise(error, group.key) }));
    } else {
      try {
        const follower = await this.followerOf(body.src_chain_id);
        const graph = follower.snapshot();
        if (graph === group.graph && group.outcome !== undefined) return undefined;
        group.graph = graph;
        last = this.search(group, graph, follower);
      } catch (error: unknown) {
        group.graph = undefined;
        last = { error: normalise(error, group.key) };
      }
    }
    group.last = last;
    const outcome = this.options.outcome(last);
    group.outcome = outcome;
    return outcome;
  }

  /** The route searched again only when the block changed something the last search read. */
  private search(group: Group<O>, graph: PoolGraph, follower: ChainFollower): Priced {
    const request = (group.request ??= exactInRequest(group.body));
    if (!group.search || !sameRouteInputs(group.search.inputs, graph, request)) {
      this.searches++;
      this.options.onSearch?.(group.body);
      try {
        group.search = { quote: quoteExactIn(graph, request), inputs: routeInputs(graph, request) };
      } catch (error: unknown) {
        group.search = undefined;
        if (!(error instanceof DomainError)) throw error;
        group.search = { error, inputs: routeInputs(graph, request) };
      }
    }
    const search = group.search;
    if ('error' in search) return { error: search.error };
    return { answer: indicativeAnswer(group.body, search.quote, follower.moves, graph) };
  }
}
