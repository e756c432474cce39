// Keeps one chain's pool graph current: loads the factory's pairs, then follows PairCreated and Sync logs per block.
import 'server-only';
import { createPublicClient, erc20Abi, getAddress, http, isAddressEqual, parseAbiItem, type Address, type Hash, type Log, type PublicClient } from 'viem';
import { DomainError } from '@/lib/domain/DomainError';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { log } from '@/lib/log';
import { loadPools, readReserves } from './loadPools';
import { buildTopology, withReserves, type PoolGraph, type PoolInfo, type Reserves } from './poolGraph';
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
  private watched: { block: bigint; timestamp: bigint } | undefined;
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
   * Waits for the first load (at most `timeoutMs`). Once a snapshot exists it returns at once, even when stale:
   * a chain that went away answers CHAIN_UNAVAILABLE immediately rather than making every request wait.
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
    try {
      const [blockNumber, reserves] = await Promise.all([this.client.getBlockNumber({ cacheTime: 0 }), readReserves(this.client, pools)]);
      return withReserves(graph, reserves, blockNumber > graph.blockNumber ? blockNumber : graph.blockNumber);
    } catch (error: unknown) {
      log.warn({ chainId: this.chain.id, err: error }, 'firm quote reserve refresh failed');
      throw this.unavailable();
    }
  }

  /**
   * The newest block up to which every watched log has been delivered, with its timestamp (the chain's own clock,
   * which deadlines are checked against); undefined while the follower is not current.
   */
  watchedThrough(): { block: bigint; timestamp: bigint; since: bigint } | undefined {
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
    try {
      await this.sync();
      this.syncedAt = Date.now();
      if (this.failing) log.info({ chainId: this.chain.id }, 'chain RPC answers again');
      this.failing = false;
      for (const wake of this.waiters.splice(0)) wake();
    } catch (error: unknown) {
      // After an outage the chain may have been restarted or reorganised: start over from the factory.
      this.needsReload = true;
      if (!this.failing) log.warn({ chainId: this.chain.id, err: error instanceof Error ? error.message : String(error) }, 'chain RPC failed');
      this.failing = true;
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
    if (this.logCursor === head.number) this.watched = { block: head.number, timestamp: head.timestamp };
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
    const pools = await loadPools(this.client, this.chain.factory, blockNumber);
    const topology = buildTopology(this.chain.id, getAddress(this.chain.weth), pools, this.intermediates(pools.length));
    await this.deliverWatched(blockNumber);
    this.graph = { topology, reserves: pools.map((p) => [p.reserve0, p.reserve1] as const), blockNumber };
    this.loadedAt = Date.now();
    this.needsReload = false;
  }

  private async follow(graph: PoolGraph, toBlock: bigint): Promise<void> {
    const logs = await this.client.getLogs({ fromBlock: graph.blockNumber + 1n, toBlock, events: [PAIR_CREATED, SYNC] });
    await this.deliverWatched(toBlock);
    const created: PoolInfo[] = [];
    const updates = new Map<Address, Reserves>();
    for (const entry of logs) {
      if (entry.eventName === 'PairCreated' && isAddressEqual(entry.address, this.chain.factory)) {
        const { token0, token1, pair } = entry.args;
        if (token0 && token1 && pair) created.push({ address: getAddress(pair), token0: getAddress(token0), token1: getAddress(token1) });
      } else if (entry.eventName === 'Sync') {
        const { reserve0, reserve1 } = entry.args;
        // Log addresses come lowercase; the graph is keyed by checksummed addresses.
        if (reserve0 !== undefined && reserve1 !== undefined) updates.set(getAddress(entry.address), [reserve0, reserve1]);
      }
    }
    let base = graph;
    if (created.length > 0) {
      const pools = [...graph.topology.pools, ...created];
      const topology = buildTopology(this.chain.id, getAddress(this.chain.weth), pools, this.intermediates(pools.length));
      base = { topology, reserves: [...graph.reserves, ...created.map(() => [0n, 0n] as const)], blockNumber: graph.blockNumber };
    }
    this.graph = withReserves(base, updates, toBlock);
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
