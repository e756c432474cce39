// The pools a route search between two tokens may touch: a firm quote re-reads them at the latest block before pricing.
import type { Address } from 'viem';
import { candidatePaths } from '@/lib/routing/candidatePaths';
import type { PoolGraph } from '@/lib/routing/poolGraph';
import { poolToken } from './quoteExactIn';

export function searchedPools(graph: PoolGraph, tokenIn: Address, tokenOut: Address): Address[] {
  const { topology } = graph;
  const indices = new Set(candidatePaths(graph, poolToken(graph, tokenIn), poolToken(graph, tokenOut)).flatMap((p) => p.hops.map((h) => h.pool)));
  return [...indices].flatMap((i) => topology.pools[i]?.address ?? []);
}
