// Keeps one chain's pool graph current: loads the factory's pairs, then follows PairCreated and Sync logs per block.
import 'server-only';
import { createPublicClient, erc20Abi, getAddress, http, isAddressEqual, parseAbiItem, type Address, type Hash, type Log, type PublicClient } from 'viem';
import { DomainError } from '@/lib/domain/DomainError';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { log } from '@/lib/log';
import { loadPools, readReserves } from './loadPools';
import { loadV3Pools, readV3Slots, v3StateOf, type V3Entry } from './loadV3Pools';
import { POOL_CREATED, V3_POOL_EVENTS, applyPositionDelta } from './v3Events';
import type { PoolState } from '@/lib/routing/pool';
import { buildTopology, poolInfo, withStates, type PoolGraph, type PoolInfo } from '@/lib/routing/poolGraph';
import { v2State } from '@/lib/routing/v2/v2Pool';
import { PoolMoves } from './poolMoves';
import { subscribeHeads, type HeadSubscription } from './subscribeHeads';

const PAIR_CREATED = parseAbiItem('event PairCreated(address indexed token0, address indexed token1, address pair, uint256 index)');
const SYNC = parseAbiItem('event Sync(uint112 reserve0, uint112 reserve1)');
/** Past this many blocks behind, reloading is cheaper than replaying logs. */
const MAX_LOG_RANGE = 2_000n;
/** How far back a detected reorg re-reads the watched logs (the fork point itself is not known). */
const REORG_REWIND_BLOCKS = 128n;
/** A full reload now and then, besides the per-poll reorg check, as a backstop. */
const FULL_RELOAD_MS = 60_000;
/** Up to this many pools every token may be a middle hop; beyond it only configured tokens are. */
const EXHAUSTIVE_SEARCH_POOLS = 200;

export type FollowerOptions = {
  /** Poll interval: the fallback while new heads do not arrive by subscription, and the liveness check. */
  pollMs: number;
  /** WebSocket RPC: each new head announced there starts a sync at once, instead of at the next poll. */
  wsUrl?: string;
  rpcTimeoutMs: number;
  /** Without a successful poll for this long, quotes answer CHAIN_UNAVAILABLE rather than use old reserves. */
  staleAfterMs: number;
  /** Full reload interval (default a minute); reorgs are caught on every poll regardless. */
  fullReloadMs?: number;
  /** Extra logs to follow (e.g. the settlement router's events), delivered once per block range in order. */
  watch?: {
    address: Address;
    /**
     * Logs since the last delivery, in order. After a reorg `replacingFrom` is set: the logs cover every block from
     * there on and replace whatever was delivered for those blocks before.
     */
    onLogs: (logs: Log[], replacingFrom?: bigint) => Promise<void> | void;
  };
  /** An ERC20 balance to follow per block like the reserves (the relayer's bridge-asset inventory). */
  inventory?: { token: Address; holder: Address };
};

type V3Log = Extract<Log<bigint, number, false, undefined, true, typeof V3_POOL_EVENTS>, { eventName: string }>;

export type FollowerHealth = { reachable: boolean; blockNumber: bigint | null; blockTimestamp: bigint | null; ageMs: number | null };

export class ChainFollower {
  readonly client: PublicClient;
  private graph: PoolGraph | undefined;
  /** Hash of the block the graph's reserves are at: a chain whose block at that height differs has reorganised. */
  private graphHash: Hash | undefined;
  private syncedAt = 0;
  private loadedAt = 0;
  private headTimestamp = 0n;
  private balance: { block: bigint; amount: bigint } | undefined;
  private logCursor: bigint | undefined;
  private watchedFrom: bigint | undefined;
  private watched: { block: bigint; hash: Hash; timestamp: bigint } | undefined;
  /** Set by a reorg: watched logs from this block on are delivered again, replacing the earlier delivery. */
  private rewindFrom: bigint | undefined;
  private needsReload = true;
  private failing = false;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private inFlight: Promise<void> | undefined;
  private waiters: (() => void)[] = [];
  private heads: HeadSubscription | undefined;
  /** A head arrived while a sync was under way: sync again as soon as it ends. */
  private headPending = false;
  /** The V3 pools with their ticks' liquidity, kept current from Mint and Burn (the graph holds immutable snapshots). */
  private v3 = new Map<Address, V3Entry>();
  /** Each pool's recent price moves, block by block (the suggested slippage reads them). */
  readonly moves = new PoolMoves();
  /** Told after each poll that changed the snapshot or failed (quote streams re-price then). */
  private readonly listeners = new Set<() => void>();

  constructor(readonly chain: ChainConfig, private readonly options: FollowerOptions) {
    this.client = createPublicClient({
      transport: http(chain.rpcUrl, { timeout: options.rpcTimeoutMs, retryCount: 0, batch: { batchSize: 500 } }),
    }) as PublicClient;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
    if (this.options.wsUrl) this.heads = subscribeHeads(this.options.wsUrl, (n) => this.onHead(n), { chainId: this.chain.id });
  }

  /** Calls `listener` after every poll that gave a new snapshot (a new block) or failed; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error: unknown) {
        log.warn({ chainId: this.chain.id, err: error }, 'follower listener failed');
      }
    }
  }

  /** Whether new heads currently arrive by subscription (otherwise the poller alone keeps the graph current). */
  subscribed(): boolean {
    return this.heads?.live() ?? false;
  }

  /** Stops polling; resolves once a poll already under way has finished, after which the snapshot stays put. */
  stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.heads?.close();
    this.heads = undefined;
    for (const wake of this.waiters.splice(0)) wake();
    return this.inFlight ?? Promise.resolve();
  }

  /**
   * Waits for the first load (at most `timeoutMs`), or until it fails. Once a snapshot exists it returns at once, even
   * when stale: a chain that went away answers CHAIN_UNAVAILABLE immediately rather than making every request wait.
   */
  async ready(timeoutMs: number): Promise<void> {
    if (this.graph !== undefined || !this.running) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** The current snapshot; CHAIN_UNAVAILABLE when the RPC has not answered recently. */
  snapshot(): PoolGraph {
    const graph = this.graph;
    if (!graph || !this.isFresh()) throw this.unavailable();
    return graph;
  }

  /** The snapshot with `pools` re-read at the latest block (firm quotes), within the RPC timeout. */
  async latest(pools: readonly Address[]): Promise<PoolGraph> {
    const graph = this.snapshot();
    const v3Pools = pools.filter((p) => this.v3.has(p));
    const v2Pools = pools.filter((p) => !this.v3.has(p));
    try {
      const [blockNumber, reserves, slots] = await Promise.all([
        this.client.getBlockNumber({ cacheTime: 0 }),
        readReserves(this.client, v2Pools),
        readV3Slots(this.client, v3Pools),
      ]);
      const states = new Map<Address, PoolState>([...reserves].map(([address, [r0, r1]]) => [address, v2State(r0, r1)]));
      for (const [address, slot] of slots) {
        const i = graph.topology.poolIndex.get(address);
        const current = i === undefined ? undefined : graph.states[i];
        // Ticks change only by Mint and Burn, which the follower applies per block; price, tick and liquidity are re-read.
        if (current?.source === 'uniswap_v3') states.set(address, { ...current, ...slot });
      }
      return withStates(graph, states, blockNumber > graph.blockNumber ? blockNumber : graph.blockNumber);
    } catch (error: unknown) {
      log.warn({ chainId: this.chain.id, err: error }, 'firm quote reserve refresh failed');
      throw this.unavailable();
    }
  }

  /**
   * The newest block up to which every watched log has been delivered, with its timestamp (the chain's own clock,
   * which deadlines are checked against); undefined while the follower is not current.
   */
  watchedThrough(): { block: bigint; hash: Hash; timestamp: bigint; since: bigint } | undefined {
    if (!this.isFresh() || !this.watched || this.watchedFrom === undefined) return undefined;
    return { ...this.watched, since: this.watchedFrom };
  }

  /** The followed balance (`inventory` option) as of the latest polled block; undefined until read or while not current. */
  inventory(): bigint | undefined {
    return this.isFresh() ? this.balance?.amount : undefined;
  }

  /** The chain's clock: the timestamp of the latest polled block; undefined while not current. */
  headTime(): bigint | undefined {
    return this.isFresh() ? this.headTimestamp : undefined;
  }

  health(): FollowerHealth {
    const ageMs = this.syncedAt ? Date.now() - this.syncedAt : null;
    return {
      reachable: this.isFresh(),
      blockNumber: this.graph?.blockNumber ?? null,
      blockTimestamp: this.graph ? this.headTimestamp : null,
      ageMs,
    };
  }

  private isFresh(): boolean {
    return this.graph !== undefined && Date.now() - this.syncedAt <= this.options.staleAfterMs;
  }

  private unavailable(): DomainError {
    const retryAfter = Math.max(1, Math.ceil(this.options.pollMs / 1000));
    return new DomainError('CHAIN_UNAVAILABLE', `chain ${this.chain.id} is not answering right now; try again shortly`, {
      field: 'src_chain_id',
      retry_after_sec: retryAfter,
    });
  }

  private onHead(blockNumber: bigint): void {
    if (!this.running || (this.graph && blockNumber <= this.graph.blockNumber && !this.needsReload)) return;
    if (this.inFlight) this.headPending = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      // Restarted while a poll was under way: that poll schedules the next one.
      if (this.inFlight) return;
      this.inFlight = this.tick().finally(() => {
        this.inFlight = undefined;
      });
    }, delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    const before = this.graph;
    try {
      await this.sync();
      this.syncedAt = Date.now();
      const recovered = this.failing;
      if (this.failing) log.info({ chainId: this.chain.id }, 'chain RPC answers again');
      this.failing = false;
      for (const wake of this.waiters.splice(0)) wake();
      if (this.graph !== before || recovered) this.notify();
    } catch (error: unknown) {
      // After an outage the chain may have been restarted or reorganised: start over from the factory.
      this.needsReload = true;
      if (!this.failing) log.warn({ chainId: this.chain.id, err: error instanceof Error ? error.message : String(error) }, 'chain RPC failed');
      this.failing = true;
      // A first load that failed will not come by waiting: whoever waits for it answers CHAIN_UNAVAILABLE now.
      if (this.graph === undefined) for (const wake of this.waiters.splice(0)) wake();
      this.notify();
    } finally {
      const again = this.headPending;
      this.headPending = false;
      this.schedule(again ? 0 : this.options.pollMs);
    }
  }

  private async sync(): Promise<void> {
    const head = await this.client.getBlock({ blockTag: 'latest' });
    const graph = this.graph;
    const behind = graph ? head.number - graph.blockNumber : 0n;
    const reloadDue = Date.now() - this.loadedAt > (this.options.fullReloadMs ?? FULL_RELOAD_MS);
    const reorganised = graph !== undefined && (await this.reorganised(head, graph));
    if (!graph || this.needsReload || behind > MAX_LOG_RANGE || reloadDue || reorganised) {
      await this.reload(head.number);
    } else if (behind > 0n) {
      await this.follow(graph, head.number);
    }
    if (this.options.inventory && this.balance?.block !== head.number) await this.readInventory(this.options.inventory, head.number);
    this.graphHash = head.hash;
    this.headTimestamp = head.timestamp;
    if (this.logCursor === head.number) this.watched = { block: head.number, hash: head.hash, timestamp: head.timestamp };
  }

  /**
   * Whether the block the graph was built at is no longer on the chain, so logs after it would be applied to
   * reserves of a dropped fork; if so, also marks the watched logs to be delivered again. The head itself or its
   * parent answers the usual case without another request; a head below the graph's block is a reorg too.
   */
  private async reorganised(head: { number: bigint; hash: Hash; parentHash: Hash }, graph: PoolGraph): Promise<boolean> {
    let canonical: Hash | undefined;
    if (head.number === graph.blockNumber) canonical = head.hash;
    else if (head.number === graph.blockNumber + 1n) canonical = head.parentHash;
    else if (head.number > graph.blockNumber) canonical = (await this.client.getBlock({ blockNumber: graph.blockNumber })).hash;
    if (canonical === this.graphHash) return false;
    log.info({ chainId: this.chain.id, block: graph.blockNumber.toString() }, 'chain reorganised: reloading pools');
    const rewind = graph.blockNumber - REORG_REWIND_BLOCKS;
    this.rewindFrom = this.rewindFrom === undefined || rewind < this.rewindFrom ? rewind : this.rewindFrom;
    return true;
  }

  private async reload(blockNumber: bigint): Promise<void> {
    const v3Factory = this.chain.v3Factory;
    const [loaded, v3] = await Promise.all([
      loadPools(this.client, this.chain.factory, blockNumber),
      v3Factory ? loadV3Pools(this.client, v3Factory, BigInt(this.chain.startBlock), blockNumber) : Promise.resolve([]),
    ]);
    const states: PoolState[] = [...loaded.map((p) => v2State(p.reserve0, p.reserve1)), ...v3.map((e) => e.state)];
    const pools = [...loaded, ...v3].map((p, i) => poolInfo(p.address, p.token0, p.token1, states[i] ?? v2State(0n, 0n)));
    const topology = buildTopology(this.chain.id, getAddress(this.chain.weth), pools, this.intermediates(pools.length));
    await this.deliverWatched(blockNumber);
    this.v3 = new Map(v3.map((e) => [e.address, e]));
    this.graph = { topology, states, blockNumber };
    this.moves.record(this.graph, Date.now());
    this.loadedAt = Date.now();
    this.needsReload = false;
  }

  private async follow(graph: PoolGraph, toBlock: bigint): Promise<void> {
    const events = this.chain.v3Factory ? [PAIR_CREATED, SYNC, POOL_CREATED, ...V3_POOL_EVENTS] : [PAIR_CREATED, SYNC];
    const logs = await this.client.getLogs({ fromBlock: graph.blockNumber + 1n, toBlock, events, strict: true });
    await this.deliverWatched(toBlock);
    const created: { info: PoolInfo; state: PoolState }[] = [];
    const updates = new Map<Address, PoolState>();
    const ticksChanged = new Set<V3Entry>();
    for (const entry of logs) {
      const address = getAddress(entry.address);
      if (entry.eventName === 'PairCreated') {
        if (!isAddressEqual(address, this.chain.factory)) continue;
        const { token0, token1, pair } = entry.args;
        const state = v2State(0n, 0n);
        created.push({ info: poolInfo(getAddress(pair), getAddress(token0), getAddress(token1), state), state });
      } else if (entry.eventName === 'Sync') {
        // Any contract may emit a Sync; withStates keeps only the graph's pools.
        updates.set(address, v2State(entry.args.reserve0, entry.args.reserve1));
      } else if (entry.eventName === 'PoolCreated') {
        if (!this.chain.v3Factory || !isAddressEqual(address, this.chain.v3Factory)) continue;
        const { token0, token1, fee, tickSpacing, pool } = entry.args;
        const base = { address: getAddress(pool), token0: getAddress(token0), token1: getAddress(token1), feePpm: fee, tickSpacing, ticks: new Map() };
        const v3 = { ...base, state: v3StateOf(base, 0n, 0, 0n, undefined) };
        this.v3.set(v3.address, v3);
        created.push({ info: poolInfo(v3.address, v3.token0, v3.token1, v3.state), state: v3.state });
      } else {
        const v3 = this.v3.get(address);
        if (v3) this.applyV3(v3, entry, ticksChanged);
      }
    }
    for (const v3 of ticksChanged) v3.state = v3StateOf(v3, v3.state.sqrtPriceX96, v3.state.tick, v3.state.liquidity, undefined);
    for (const v3 of this.v3.values()) if (v3.state !== graph.states[graph.topology.poolIndex.get(v3.address) ?? -1]) updates.set(v3.address, v3.state);
    let base = graph;
    if (created.length > 0) {
      const pools = [...graph.topology.pools, ...created.map((c) => c.info)];
      const topology = buildTopology(this.chain.id, getAddress(this.chain.weth), pools, this.intermediates(pools.length));
      base = { topology, states: [...graph.states, ...created.map((c) => c.state)], blockNumber: graph.blockNumber };
    }
    this.graph = withStates(base, updates, toBlock);
    this.moves.record(this.graph, Date.now());
  }

  /** One V3 pool event, as the pool's own bookkeeping applies it: price and tick from Initialize and Swap, liquidity from Swap, Mint and Burn. */
  private applyV3(v3: V3Entry, entry: V3Log, ticksChanged: Set<V3Entry>): void {
    const s = v3.state;
    if (entry.eventName === 'Initialize') {
      v3.state = { ...s, sqrtPriceX96: entry.args.sqrtPriceX96, tick: entry.args.tick };
    } else if (entry.eventName === 'Swap') {
      v3.state = { ...s, sqrtPriceX96: entry.args.sqrtPriceX96, tick: entry.args.tick, liquidity: entry.args.liquidity };
    } else {
      const { tickLower, tickUpper, amount } = entry.args;
      const delta = entry.eventName === 'Mint' ? amount : -amount;
      if (delta === 0n) return;
      applyPositionDelta(v3.ticks, tickLower, tickUpper, delta);
      ticksChanged.add(v3);
      // The pool's in-range liquidity moves only when the position spans the current tick.
      if (tickLower <= s.tick && s.tick < tickUpper) v3.state = { ...s, liquidity: s.liquidity + delta };
    }
  }

  /**
   * Hands the watched contract's logs since the last delivery to its consumer. An RPC failure fails the tick; a
   * consumer failure (its store is down) only keeps the cursor, so the same logs are delivered again next time.
   */
  private async deliverWatched(toBlock: bigint): Promise<void> {
    const watch = this.options.watch;
    if (!watch) return;
    this.watchedFrom ??= toBlock;
    let from = this.logCursor === undefined ? toBlock : this.logCursor + 1n;
    // After a reorg, logs from the rewind point on are delivered again and replace what was delivered before.
    let replacing = false;
    if (this.rewindFrom !== undefined && this.logCursor !== undefined) {
      const rewound = this.rewindFrom > this.watchedFrom ? this.rewindFrom : this.watchedFrom;
      if (rewound < from) {
        from = rewound;
        replacing = true;
      }
    }
    if (from > toBlock && !replacing) {
      this.logCursor = toBlock;
      this.rewindFrom = undefined;
      return;
    }
    const start = toBlock - from > MAX_LOG_RANGE ? toBlock - MAX_LOG_RANGE : from;
    const logs = from > toBlock ? [] : await this.client.getLogs({ address: watch.address, fromBlock: start, toBlock });
    try {
      await watch.onLogs(logs, replacing ? start : undefined);
      this.logCursor = toBlock;
      this.rewindFrom = undefined;
    } catch (error: unknown) {
      log.error({ chainId: this.chain.id, err: error instanceof Error ? error.message : String(error) }, 'watched logs not recorded; retrying');
    }
  }

  private async readInventory(inventory: { token: Address; holder: Address }, blockNumber: bigint): Promise<void> {
    const amount = await this.client.readContract({ address: inventory.token, abi: erc20Abi, functionName: 'balanceOf', args: [inventory.holder], blockNumber });
    this.balance = { block: blockNumber, amount };
  }

  /** On large graphs paths may pass only through configured tokens, which keeps the search small. */
  private intermediates(poolCount: number): Address[] | undefined {
    if (poolCount <= EXHAUSTIVE_SEARCH_POOLS) return undefined;
    return [this.chain.weth, ...this.chain.stablecoins, ...this.chain.tokens.map((t) => t.address)].map((a) => getAddress(a));
  }
}
