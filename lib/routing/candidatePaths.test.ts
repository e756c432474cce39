import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { scaleMarkets } from '@/lib/devnet/scaleMarkets';
import { MAX_CACHED_PAIRS, MAX_CANDIDATE_PATHS, MAX_FAN_OUT, MAX_HOPS, candidatePaths } from './candidatePaths';
import { mixedGraph } from './fixtures/mixedGraph';
import { scaleGraph } from './fixtures/scaleGraph';
import type { PoolGraph } from './poolGraph';

/** Every simple path of up to MAX_HOPS pools, by walking the graph: the reference the bounded search must equal on small graphs. */
function everyPath(graph: PoolGraph, tokenIn: Address, tokenOut: Address): string[] {
  const { topology } = graph;
  const found: string[] = [];
  const walk = (token: Address, pools: number[], tokens: Address[]) => {
    for (const pool of topology.adjacency.get(token) ?? []) {
      const info = topology.pools[pool];
      if (!info) continue;
      const next = info.token0 === token ? info.token1 : info.token0;
      if (tokens.includes(next)) continue;
      if (next === tokenOut) found.push([...pools, pool].join(','));
      else if (pools.length + 1 < MAX_HOPS) walk(next, [...pools, pool], [...tokens, next]);
    }
  };
  walk(tokenIn, [], [tokenIn]);
  return found.sort();
}

function assertWellFormed(graph: PoolGraph, tokenIn: Address, tokenOut: Address): void {
  for (const path of candidatePaths(graph, tokenIn, tokenOut)) {
    expect(path.tokens[0]).toBe(tokenIn);
    expect(path.tokens.at(-1)).toBe(tokenOut);
    expect(new Set(path.tokens).size).toBe(path.tokens.length);
    path.hops.forEach((hop, k) => {
      const info = graph.topology.pools[hop.pool];
      const [from, to] = hop.zeroForOne ? [info?.token0, info?.token1] : [info?.token1, info?.token0];
      expect([from, to]).toEqual([path.tokens[k], path.tokens[k + 1]]);
    });
  }
}

describe('candidatePaths', () => {
  it('finds every simple path of up to three pools when no token has more pools than the fan-out', () => {
    const graph = mixedGraph();
    const tokens = [...graph.topology.adjacency.keys()];
    expect(Math.max(...tokens.map((t) => graph.topology.adjacency.get(t)?.length ?? 0))).toBeLessThanOrEqual(MAX_FAN_OUT);
    let compared = 0;
    for (const a of tokens) {
      for (const b of tokens) {
        if (a === b) continue;
        const reference = everyPath(graph, a, b);
        if (reference.length > MAX_CANDIDATE_PATHS) continue;
        expect(candidatePaths(graph, a, b).map((p) => p.hops.map((h) => h.pool).join(',')).sort()).toEqual(reference);
        assertWellFormed(graph, a, b);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('on 2,000 pools keeps a bounded set of well-formed paths: every direct pool, shorter paths first', () => {
    const graph = scaleGraph(scaleMarkets(2000));
    const tokens = [...graph.topology.adjacency.keys()];
    // Hubs (the first tokens, hundreds of pools each) and tail tokens, both ways.
    const sample = [...tokens.slice(0, 5), ...tokens.filter((_, i) => i % 37 === 0)];
    for (const a of sample) {
      for (const b of sample) {
        if (a === b) continue;
        const paths = candidatePaths(graph, a, b);
        expect(paths.length).toBeLessThanOrEqual(MAX_CANDIDATE_PATHS);
        assertWellFormed(graph, a, b);
        const direct = (graph.topology.adjacency.get(a) ?? []).filter((i) => {
          const info = graph.topology.pools[i];
          return info?.token0 === b || info?.token1 === b;
        });
        expect(paths.filter((p) => p.hops.length === 1).map((p) => p.hops[0]?.pool).sort()).toEqual(direct.sort());
        const lengths = paths.map((p) => p.hops.length);
        expect(lengths).toEqual([...lengths].sort((x, y) => x - y));
      }
    }
  });

  it('routes a tail token to another through the deepest hubs on 2,000 pools', () => {
    const graph = scaleGraph(scaleMarkets(2000));
    const tokens = [...graph.topology.adjacency.keys()];
    const weth = graph.topology.weth;
    // Tail tokens that each have a WETH pool and no pool with each other: a path through WETH exists.
    const withWeth = tokens.filter((t) => t !== weth && (graph.topology.adjacency.get(t) ?? []).some((i) => [graph.topology.pools[i]?.token0, graph.topology.pools[i]?.token1].includes(weth)));
    const [a, b] = [withWeth.at(-1), withWeth.at(-2)];
    if (!a || !b) throw new Error('the profile has no tail tokens paired with WETH');
    const paths = candidatePaths(graph, a, b);
    expect(paths.some((p) => p.tokens.length === 3 && p.tokens[1] === weth)).toBe(true);
  });

  it('keeps at most MAX_CACHED_PAIRS pairs cached, the least recently used leaving first', () => {
    const graph = scaleGraph(scaleMarkets(2000));
    const tokens = [...graph.topology.adjacency.keys()];
    const [hot, other] = [tokens[0], tokens[1]];
    if (!hot || !other) throw new Error('no tokens');
    const first = candidatePaths(graph, hot, other);
    let asked = 0;
    for (const a of tokens) {
      for (const b of tokens) {
        if (a === b || asked > MAX_CACHED_PAIRS + 200) continue;
        candidatePaths(graph, a, b);
        asked++;
        // The hot pair is asked for now and then, so it stays.
        if (asked % 1000 === 0) expect(candidatePaths(graph, hot, other)).toBe(first);
      }
    }
    expect(graph.topology.pathCache.size).toBe(MAX_CACHED_PAIRS);
    expect(candidatePaths(graph, hot, other)).toBe(first);
    expect(graph.topology.pathCache.has(`${tokens[0]}>${tokens[2]}`)).toBe(false);
  });
});

