// A graph that routes only through the liquidity sources a request allows (`excluded_sources`, and the sources the
// settlement router cannot execute): the same pools by index and the same states, fewer edges.
import type { LiquiditySource } from './pool';
import { buildTopology, type PoolGraph, type PoolTopology } from './poolGraph';

const filtered = new WeakMap<PoolTopology, Map<string, PoolTopology>>();

function topologyWithout(topology: PoolTopology, excluded: ReadonlySet<LiquiditySource>, key: string): PoolTopology {
  let byKey = filtered.get(topology);
  if (!byKey) {
    byKey = new Map();
    filtered.set(topology, byKey);
  }
  let found = byKey.get(key);
  if (!found) {
    const full = buildTopology(topology.chainId, topology.weth, topology.pools, topology.intermediates);
    const adjacency = new Map<PoolTopology['weth'], readonly number[]>();
    for (const [token, pools] of full.adjacency) {
      const kept = pools.filter((i) => {
        const source = topology.pools[i]?.source;
        return source !== undefined && !excluded.has(source);
      });
      // A token whose every pool is excluded stays known: the answer is "no route", not "unsupported token".
      adjacency.set(token, kept);
    }
    found = { ...full, adjacency };
    byKey.set(key, found);
  }
  return found;
}

/** `graph` without the pools of `excluded` sources (the graph itself when nothing is excluded). */
export function withoutSources(graph: PoolGraph, excluded: Iterable<LiquiditySource> | undefined): PoolGraph {
  const set = new Set(excluded ?? []);
  if (set.size === 0) return graph;
  const key = [...set].sort().join(',');
  return { ...graph, topology: topologyWithout(graph.topology, set, key) };
}
