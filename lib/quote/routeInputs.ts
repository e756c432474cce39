// What a route search between two tokens reads of a chain's graph: the topology (which pools exist, so which candidate
// paths) and the states of the pools on the candidate paths, nothing else. A block that changed none of them leaves
// the search's answer as it was, so a standing quote need not be searched again.
import type { PoolState } from '@/lib/routing/pool';
import { candidatePaths } from '@/lib/routing/candidatePaths';
import type { CandidatePath, PoolGraph, PoolTopology } from '@/lib/routing/poolGraph';
import { withoutSources } from '@/lib/routing/withoutSources';
import { poolToken, type ExactInRequest } from './quoteExactIn';

export type RouteInputs = {
  /** The topology the search ran on (with the excluded sources' pools taken out). */
  topology: PoolTopology;
  /** The candidate paths it weighed: the topology's cached list, so a re-enumeration shows as a new array. */
  paths: readonly CandidatePath[];
  /** Every pool on those paths, and its state object as the search read it. */
  pools: readonly number[];
  states: readonly (PoolState | undefined)[];
};

type SearchRequest = Pick<ExactInRequest, 'tokenIn' | 'tokenOut' | 'excludedSources'>;

function searchedGraph(graph: PoolGraph, request: SearchRequest): { searched: PoolGraph; paths: readonly CandidatePath[] } {
  const searched = withoutSources(graph, request.excludedSources);
  const tokenIn = poolToken(searched, request.tokenIn);
  const tokenOut = poolToken(searched, request.tokenOut);
  return { searched, paths: tokenIn === tokenOut ? [] : candidatePaths(searched, tokenIn, tokenOut) };
}

/** The inputs of `request`'s route search on `graph` (call it right after the search, which filled the path cache). */
export function routeInputs(graph: PoolGraph, request: SearchRequest): RouteInputs {
  const { searched, paths } = searchedGraph(graph, request);
  const pools = [...new Set(paths.flatMap((path) => path.hops.map((hop) => hop.pool)))];
  return { topology: searched.topology, paths, pools, states: pools.map((i) => graph.states[i]) };
}

/**
 * Whether the search of `request` on `graph` would read exactly what it read before: the same topology, the same
 * candidate paths, and the very same state object for each of their pools (the follower replaces a pool's state only
 * when a log of the block touched it, so an untouched pool keeps its object).
 */
export function sameRouteInputs(before: RouteInputs, graph: PoolGraph, request: SearchRequest): boolean {
  const { searched, paths } = searchedGraph(graph, request);
  if (searched.topology !== before.topology || paths !== before.paths) return false;
  return before.pools.every((pool, k) => graph.states[pool] === before.states[k]);
}
