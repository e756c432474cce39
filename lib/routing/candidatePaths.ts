// The simple pool paths of up to three hops between two tokens worth simulating, once per token pair. On a large
// graph (thousands of pools, hubs holding hundreds) enumerating every path is neither affordable nor useful: paths
// leave the input token through its deepest pools and reach the output token through its deepest pools (a bounded
// fan-out at each end; any pool joins the two middle tokens), and the deepest paths are kept.
import type { Address } from 'viem';
import { ROUTER_MAX_HOPS } from '@/lib/contracts/swapRouterQuote';
import type { PoolState } from './pool';
import type { CandidatePath, Hop, PoolGraph, PoolTopology } from './poolGraph';
import { spotRateOf } from './poolSim';

/** The router executes paths of at most this many pools. */
export const MAX_HOPS = ROUTER_MAX_HOPS;
/** Bounds the work per quote on dense graphs: every direct pool, then the deepest multi-hop paths. */
export const MAX_CANDIDATE_PATHS = 64;
/**
 * Pools per end token a multi-hop path may start or end with, its deepest in that token. A token with no more pools
 * than this has every path enumerated, so small graphs see every path of up to three hops.
 */
export const MAX_FAN_OUT = 16;

/**
 * Token pairs whose paths stay cached (least recently used out): a chain of 400 tokens has 160,000 ordered pairs at
 * some 15 KB of paths each, more than a quote server should hold for pairs nobody asks for.
 */
export const MAX_CACHED_PAIRS = 4_096;
const Q96_FLOAT = 2 ** 96;

/** Per topology: each token's pools, deepest in that token first; and the pools of each token pair. */
type SearchIndex = { ranked: Map<Address, readonly number[]>; byPair: Map<string, number[]> };
const indexes = new WeakMap<PoolTopology, SearchIndex>();

function searchIndex(topology: PoolTopology): SearchIndex {
  let index = indexes.get(topology);
  if (!index) {
    const byPair = new Map<string, number[]>();
    for (const [token, pools] of topology.adjacency) {
      for (const i of pools) {
        const info = topology.pools[i];
        if (!info) continue;
        const other = info.token0 === token ? info.token1 : info.token0;
        const key = `${token}|${other}`;
        const list = byPair.get(key) ?? [];
        list.push(i);
        byPair.set(key, list);
      }
    }
    index = { ranked: new Map(), byPair };
    indexes.set(topology, index);
  }
  return index;
}

/** Base units of `isToken0 ? token0 : token1` the pool holds at its price (a V3 pool: in range, virtually). */
function depthOf(state: PoolState | undefined, isToken0: boolean): number {
  if (!state) return 0;
  if (state.source === 'uniswap_v2') return Number(isToken0 ? state.reserve0 : state.reserve1);
  const sqrt = Number(state.sqrtPriceX96) / Q96_FLOAT;
  if (sqrt === 0) return 0;
  const liquidity = Number(state.liquidity);
  return isToken0 ? liquidity / sqrt : liquidity * sqrt;
}

function rankedPools(graph: PoolGraph, index: SearchIndex, token: Address): readonly number[] {
  let ranked = index.ranked.get(token);
  if (!ranked) {
    const { topology, states } = graph;
    const depth = new Map<number, number>();
    for (const i of topology.adjacency.get(token) ?? []) depth.set(i, depthOf(states[i], topology.pools[i]?.token0 === token));
    ranked = [...depth.keys()].sort((a, b) => (depth.get(b) ?? 0) - (depth.get(a) ?? 0));
    index.ranked.set(token, ranked);
  }
  return ranked;
}

function step(topology: PoolTopology, pool: number, token: Address): { next: Address; hop: Hop } | undefined {
  const info = topology.pools[pool];
  if (!info) return undefined;
  if (info.token0 === token) return { next: info.token1, hop: { pool, zeroForOne: true } };
  if (info.token1 === token) return { next: info.token0, hop: { pool, zeroForOne: false } };
  return undefined;
}

/** How much of the input the path can carry before some pool runs thin: its shallowest hop's depth, in input units. */
function pathDepth(graph: PoolGraph, path: CandidatePath): number {
  let rate = 1;
  let depth = Infinity;
  for (const hop of path.hops) {
    const state = graph.states[hop.pool];
    if (!(rate > 0)) return 0;
    depth = Math.min(depth, depthOf(state, hop.zeroForOne) / rate);
    rate *= state ? spotRateOf(state, hop.zeroForOne) : 0;
  }
  return Number.isFinite(depth) ? depth : 0;
}

function enumerate(graph: PoolGraph, tokenIn: Address, tokenOut: Address): CandidatePath[] {
  const { topology } = graph;
  const index = searchIndex(topology);
  const passable = (token: Address) => topology.intermediates === undefined || topology.intermediates.has(token);
  const pairPools = (a: Address, b: Address) => index.byPair.get(`${a}|${b}`) ?? [];
  const found = new Map<string, CandidatePath>();
  const add = (hops: Hop[], tokens: Address[]) => {
    const key = hops.map((h) => h.pool).join(',');
    if (!found.has(key)) found.set(key, { hops, tokens });
  };
  const first = rankedPools(graph, index, tokenIn).slice(0, MAX_FAN_OUT).flatMap((p) => {
    const s = step(topology, p, tokenIn);
    return s && s.next !== tokenOut && passable(s.next) ? [s] : [];
  });
  // The last hop's pools, walked from the output token (the hop itself runs the other way).
  const last = rankedPools(graph, index, tokenOut).slice(0, MAX_FAN_OUT).flatMap((p) => {
    const s = step(topology, p, tokenOut);
    const hop = s && step(topology, p, s.next);
    return s && hop && s.next !== tokenIn && passable(s.next) ? [{ from: s.next, hop: hop.hop }] : [];
  });
  for (const p of pairPools(tokenIn, tokenOut)) {
    const s = step(topology, p, tokenIn);
    if (s) add([s.hop], [tokenIn, tokenOut]);
  }
  if (MAX_HOPS >= 2) {
    for (const a of first) {
      for (const p of pairPools(a.next, tokenOut)) {
        const s = step(topology, p, a.next);
        if (s) add([a.hop, s.hop], [tokenIn, a.next, tokenOut]);
      }
    }
    for (const b of last) {
      for (const p of pairPools(tokenIn, b.from)) {
        const s = step(topology, p, tokenIn);
        if (s) add([s.hop, b.hop], [tokenIn, b.from, tokenOut]);
      }
    }
  }
  if (MAX_HOPS >= 3) {
    for (const a of first) {
      for (const b of last) {
        if (a.next === b.from) continue;
        for (const p of pairPools(a.next, b.from)) {
          const s = step(topology, p, a.next);
          if (s) add([a.hop, s.hop, b.hop], [tokenIn, a.next, b.from, tokenOut]);
        }
      }
    }
  }
  let paths = [...found.values()];
  if (paths.length > MAX_CANDIDATE_PATHS) {
    // Every direct pool stays; the multi-hop paths compete on depth for the rest.
    const direct = paths.filter((p) => p.hops.length === 1);
    const depth = new Map(paths.map((p) => [p, pathDepth(graph, p)]));
    const longer = paths.filter((p) => p.hops.length > 1).sort((a, b) => (depth.get(b) ?? 0) - (depth.get(a) ?? 0));
    paths = [...direct, ...longer.slice(0, Math.max(0, MAX_CANDIDATE_PATHS - direct.length))];
  }
  // Shorter first: on a tie in output the route search keeps the path that costs less gas.
  return paths.sort((a, b) => a.hops.length - b.hops.length);
}

/**
 * The candidate paths from `tokenIn` to `tokenOut`, cached on the topology (immutable; its depths ranked at the state
 * the pair was first searched at, until pools are created or reloaded and the topology is rebuilt).
 */
export function candidatePaths(graph: PoolGraph, tokenIn: Address, tokenOut: Address): readonly CandidatePath[] {
  const key = `${tokenIn}>${tokenOut}`;
  const cache = graph.topology.pathCache;
  let paths = cache.get(key);
  if (paths) {
    // Least recently used last out: a hit moves the pair to the end of the map's order.
    cache.delete(key);
  } else {
    paths = enumerate(graph, tokenIn, tokenOut);
    if (cache.size >= MAX_CACHED_PAIRS) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
  }
  cache.set(key, paths);
  return paths;
}
