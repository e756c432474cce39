// An in-memory pool graph of one chain: who trades with whom (topology) plus the reserves at one block.
import type { Address } from 'viem';

export type PoolInfo = { address: Address; token0: Address; token1: Address };
export type Reserves = readonly [reserve0: bigint, reserve1: bigint];

/** One hop of a candidate path: a pool index and the direction through it. */
export type Hop = { pool: number; zeroForOne: boolean };
/** A simple path of pools from one token to another; `tokens` has one entry more than `hops`. */
export type CandidatePath = { hops: readonly Hop[]; tokens: readonly Address[] };

/** The part of a graph that changes only when pools are created; shared by every reserve snapshot. */
export type PoolTopology = {
  chainId: number;
  weth: Address;
  pools: readonly PoolInfo[];
  /** Pool index by pool address. */
  poolIndex: ReadonlyMap<Address, number>;
  /** Token → indices of the pools that hold it. */
  adjacency: ReadonlyMap<Address, readonly number[]>;
  /** Tokens allowed in the middle of a path (all tokens when undefined). */
  intermediates: ReadonlySet<Address> | undefined;
  /** Candidate paths per `tokenIn>tokenOut`, filled lazily and reused across reserve updates. */
  pathCache: Map<string, readonly CandidatePath[]>;
};

export type PoolGraph = {
  topology: PoolTopology;
  /** Reserves by pool index, as of `blockNumber`. */
  reserves: readonly Reserves[];
  blockNumber: bigint;
};

/** Builds the topology of `pools`; `intermediates` bounds the path search on large graphs. */
export function buildTopology(chainId: number, weth: Address, pools: readonly PoolInfo[], intermediates?: Iterable<Address>): PoolTopology {
  const poolIndex = new Map<Address, number>();
  const adjacency = new Map<Address, number[]>();
  pools.forEach((pool, i) => {
    poolIndex.set(pool.address, i);
    for (const token of [pool.token0, pool.token1]) {
      const list = adjacency.get(token) ?? [];
      list.push(i);
      adjacency.set(token, list);
    }
  });
  return {
    chainId,
    weth,
    pools,
    poolIndex,
    adjacency,
    intermediates: intermediates ? new Set(intermediates) : undefined,
    pathCache: new Map(),
  };
}

/** A graph over `pools` with their reserves (same order as `pools`). */
export function buildPoolGraph(
  chainId: number,
  weth: Address,
  pools: readonly (PoolInfo & { reserve0: bigint; reserve1: bigint })[],
  blockNumber = 0n,
  intermediates?: Iterable<Address>,
): PoolGraph {
  const topology = buildTopology(chainId, weth, pools.map(({ address, token0, token1 }) => ({ address, token0, token1 })), intermediates);
  return { topology, reserves: pools.map((p) => [p.reserve0, p.reserve1] as const), blockNumber };
}

/** A new snapshot with some pools' reserves replaced; the topology (and its path cache) is shared. */
export function withReserves(graph: PoolGraph, updates: ReadonlyMap<Address, Reserves>, blockNumber: bigint): PoolGraph {
  const reserves = graph.reserves.slice();
  for (const [address, value] of updates) {
    const i = graph.topology.poolIndex.get(address);
    if (i !== undefined) reserves[i] = value;
  }
  return { topology: graph.topology, reserves, blockNumber };
}
