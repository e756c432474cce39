// The estimate-ordered search (exact simulation stops once the float estimates fall behind the best exact output by
// PRUNE_MARGIN) against simulating every candidate path exactly, on the devnet's own graphs (V2 pairs and V3 pools with
// the ranges the devnet mints): every ordered token pair at sizes from dust to a fifth of the deepest pool.
import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { DEVNET_CHAINS } from '@/lib/devnet/devnetMarkets';
import { bestRoute } from './bestRoute';
import { devnetSpecGraph } from './fixtures/devnetSpecGraph';
import type { PoolGraph } from './poolGraph';
import { splitRoute } from './splitRoute';

/** The input token's deepest reserve: a V2 reserve or a V3 pool's virtual reserve at its price. */
function depthOf(graph: PoolGraph, token: Address): bigint {
  let depth = 0n;
  for (const i of graph.topology.adjacency.get(token) ?? []) {
    const state = graph.states[i];
    const isToken0 = graph.topology.pools[i]?.token0 === token;
    let reserve = 0n;
    if (state?.source === 'uniswap_v2') reserve = isToken0 ? state.reserve0 : state.reserve1;
    else if (state) reserve = isToken0 ? (state.liquidity << 96n) / state.sqrtPriceX96 : (state.liquidity * state.sqrtPriceX96) >> 96n;
    if (reserve > depth) depth = reserve;
  }
  return depth;
}

const SHARES_PPM = [1n, 100n, 1_000n, 10_000n, 50_000n, 200_000n];

/** A route's answer as the caller sees it, or the error it throws. */
function answer(run: () => { amountOut: bigint; legs: string }): string {
  try {
    const r = run();
    return `${r.amountOut} ${r.legs}`;
  } catch (error: unknown) {
    return error instanceof Error ? error.message : String(error);
  }
}

describe('estimate-ordered route search on the devnet graphs', () => {
  for (const spec of DEVNET_CHAINS) {
    it(`${spec.name}: picks the same single path and the same split as simulating every candidate exactly`, () => {
      const graph = devnetSpecGraph(spec);
      const tokens = [...graph.topology.adjacency.keys()];
      let cases = 0;
      for (const a of tokens) {
        const depth = depthOf(graph, a);
        for (const b of tokens) {
          if (a === b) continue;
          for (const share of SHARES_PPM) {
            const amount = (depth * share) / 1_000_000n + 1n;
            const single = (exhaustive: boolean) => () => {
              const r = bestRoute(graph, a, b, amount, { exhaustive });
              return { amountOut: r.amountOut, legs: r.path.hops.map((h) => h.pool).join(',') };
            };
            expect(answer(single(false))).toBe(answer(single(true)));
            const split = (exhaustive: boolean) => () => {
              const r = splitRoute(graph, a, b, amount, undefined, { exhaustive });
              return { amountOut: r.amountOut, legs: r.legs.map((l) => `${l.amountIn}:${l.path.hops.map((h) => h.pool).join(',')}`).join(' ') };
            };
            expect(answer(split(false))).toBe(answer(split(true)));
            cases++;
          }
        }
      }
      expect(cases).toBe(tokens.length * (tokens.length - 1) * SHARES_PPM.length);
    });
  }
});
