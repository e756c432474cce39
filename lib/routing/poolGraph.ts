// An in-memory pool graph of one chain: who trades with whom (topology) plus every pool's state at one block.
import type { Address } from 'viem';
import type { LiquiditySource, PoolState } from './pool';
import { v2State, V2_FEE_PPM } from './v2/v2Pool';

export type PoolInfo = {
  address: Address;
  token0: Address;
  token1: Address;
  source: LiquiditySource;
  /** The pool's fee in millionths of the input (3000 for every V2 pair). */
  feePpm: number;
};
export type Reserves = readonly [reserve0: bigint, reserve1: bigint];

/** One hop of a candidate path: a pool index and the direction through it. */
export type Hop = { pool: number; zeroForOne: boolean };
/** A simple path of pools from one token to another; `tokens` has one entry more than `hops`. */
export type CandidatePath = { hops: readonly Hop[]; tokens: readonly Address[] };

/** The part of a graph that changes only when pools are created; shared by every state snapshot. */
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
  /** Candidate paths per `tokenIn>tokenOut`, filled lazily and reused across state updates. */
  pathCache: Map<string, readonly CandidatePath[]>;
};

export type PoolGraph = {
  topology: PoolTopology;
  /** State by pool index, as of `blockNumber`. */
  states: readonly PoolState[];
  blockNumber: bigint;
};

/** A pool as a graph is built from: a V2 pair by its reserves, or any pool by its state. */
export type PoolInput = { address: Address; token0: Address; token1: Address } & (
  | { reserve0: bigint; reserve1: bigint }
  | { state: PoolState }
);

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

const stateOf = (input: PoolInput): PoolState => ('state' in input ? input.state : v2State(input.reserve0, input.reserve1));

/** What the topology records of a pool in `state`. */
export function poolInfo(address: Address, token0: Address, token1: Address, state: PoolState): PoolInfo {
  return { address, token0, token1, source: state.source, feePpm: state.source === 'uniswap_v3' ? state.feePpm : V2_FEE_PPM };
}

/** A graph over `pools` with their states (same order as `pools`). */
export function buildPoolGraph(chainId: number, weth: Address, pools: readonly PoolInput[], blockNumber = 0n, intermediates?: Iterable<Address>): PoolGraph {
  const states = pools.map(stateOf);
  const infos = pools.map((p, i) => poolInfo(p.address, p.token0, p.token1, states[i] ?? v2State(0n, 0n)));
  return { topology: buildTopology(chainId, weth, infos, intermediates), states, blockNumber };
}

/** A new snapshot with some pools' states replaced; the topology (and its path cache) is shared. */
export function withStates(graph: PoolGraph, updates: ReadonlyMap<Address, PoolState>, blockNumber: bigint): PoolGraph {
  const states = graph.states.slice();
  for (const [address, value] of updates) {
    const i = graph.topology.poolIndex.get(address);
    if (i !== undefined) states[i] = value;
  }
  return { topology: graph.topology, states, blockNumber };
}

/** A V2 pool's reserves (undefined for another source or an unknown index). */
export function reservesOf(graph: PoolGraph, pool: number): Reserves | undefined {
  const state = graph.states[pool];
  return state?.source === 'uniswap_v2' ? [state.reserve0, state.reserve1] : undefined;
}
