// Enumerates the simple pool paths of up to three hops between two tokens, once per token pair.
import type { Address } from 'viem';
import { ROUTER_MAX_HOPS } from '@/lib/contracts/swapRouterQuote';
import type { CandidatePath, Hop, PoolTopology } from './poolGraph';

/** The router executes paths of at most this many pools. */
export const MAX_HOPS = ROUTER_MAX_HOPS;
/** Bounds the work per quote on dense graphs; shorter paths are kept first. */
export const MAX_CANDIDATE_PATHS = 64;

function otherToken(topology: PoolTopology, pool: number, token: Address): { next: Address; zeroForOne: boolean } | undefined {
  const info = topology.pools[pool];
  if (!info) return undefined;
  if (info.token0 === token) return { next: info.token1, zeroForOne: true };
  if (info.token1 === token) return { next: info.token0, zeroForOne: false };
  return undefined;
}

function enumerate(topology: PoolTopology, tokenIn: Address, tokenOut: Address): CandidatePath[] {
  const found: CandidatePath[] = [];
  const walk = (token: Address, hops: Hop[], tokens: Address[]) => {
    for (const pool of topology.adjacency.get(token) ?? []) {
      const step = otherToken(topology, pool, token);
      if (!step || tokens.includes(step.next)) continue;
      const nextHops = [...hops, { pool, zeroForOne: step.zeroForOne }];
      const nextTokens = [...tokens, step.next];
      if (step.next === tokenOut) {
        found.push({ hops: nextHops, tokens: nextTokens });
        continue;
      }
      const mayPassThrough = topology.intermediates === undefined || topology.intermediates.has(step.next);
      if (nextHops.length < MAX_HOPS && mayPassThrough) walk(step.next, nextHops, nextTokens);
    }
  };
  walk(tokenIn, [], [tokenIn]);
  return found.sort((a, b) => a.hops.length - b.hops.length).slice(0, MAX_CANDIDATE_PATHS);
}

/** The candidate paths from `tokenIn` to `tokenOut` (cached on the topology, which is immutable). */
export function candidatePaths(topology: PoolTopology, tokenIn: Address, tokenOut: Address): readonly CandidatePath[] {
  const key = `${tokenIn}>${tokenOut}`;
  let paths = topology.pathCache.get(key);
  if (!paths) {
    paths = enumerate(topology, tokenIn, tokenOut);
    topology.pathCache.set(key, paths);
  }
  return paths;
}
