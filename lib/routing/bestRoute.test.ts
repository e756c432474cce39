import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getAddress, type Address } from 'viem';
import { scaleMarkets } from '@/lib/devnet/scaleMarkets';
import { EXACT_CANDIDATES, bestRoute, simulate } from './bestRoute';
import { candidatePaths } from './candidatePaths';
import { scaleGraph } from './fixtures/scaleGraph';
import { buildPoolGraph, reservesOf, withStates, type PoolGraph } from './poolGraph';
import { v2State } from './v2/v2Pool';
import { TOKENS, devnetLikeGraph } from './fixtures/devnetLikeGraph';

const addr = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);

/** Reference: every sequence of distinct tokens of 2..4 where neighbours share a pool, evaluated naively. */
function bruteForceBest(graph: PoolGraph, tokenIn: Address, tokenOut: Address, amountIn: bigint): bigint {
  const { pools } = graph.topology;
  const poolOf = (a: Address, b: Address) => pools.findIndex((p) => (p.token0 === a && p.token1 === b) || (p.token0 === b && p.token1 === a));
  const tokens = [...new Set(pools.flatMap((p) => [p.token0, p.token1]))];
  let best = -1n;
  const visit = (seq: Address[]) => {
    const last = seq[seq.length - 1] as Address;
    if (last === tokenOut) {
      let amount = amountIn;
      for (let i = 0; i + 1 < seq.length; i++) {
        const a = seq[i] as Address;
        const b = seq[i + 1] as Address;
        const p = poolOf(a, b);
        const info = pools[p];
        const r = reservesOf(graph, p);
        if (!info || !r) return;
        const [rin, rout] = info.token0 === a ? [r[0], r[1]] : [r[1], r[0]];
        if (rin === 0n || rout === 0n) return;
        amount = (amount * 997n * rout) / (rin * 1000n + amount * 997n);
      }
      if (amount > best) best = amount;
      return;
    }
    if (seq.length === 4) return;
    for (const t of tokens) if (!seq.includes(t) && poolOf(last, t) >= 0) visit([...seq, t]);
  };
  visit([tokenIn]);
  return best;
}

const randomGraph = fc
  .record({
    edges: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })), {
      minLength: 1, maxLength: 14, selector: ([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`,
    }),
    reserves: fc.array(fc.tuple(fc.bigInt(1000n, 10n ** 30n), fc.bigInt(1000n, 10n ** 30n)), { minLength: 14, maxLength: 14 }),
  })
  .map(({ edges, reserves }) => {
    const pools = edges
      .filter(([a, b]) => a !== b)
      .map(([a, b], i) => {
        const [lo, hi] = a < b ? [a, b] : [b, a];
        const [reserve0, reserve1] = reserves[i] ?? [1000n, 1000n];
        return { address: addr(0x9000 + i), token0: addr(0x100 + lo), token1: addr(0x100 + hi), reserve0, reserve1 };
      });
    return buildPoolGraph(1, addr(0x100), pools, 7n);
  });

describe('bestRoute', () => {
  it('finds the maximum output over every simple path of up to 3 hops (property, against brute force)', () => {
    fc.assert(
      fc.property(randomGraph, fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.bigInt(1n, 10n ** 27n), (graph, i, o, amount) => {
        const tokenIn = addr(0x100 + i);
        const tokenOut = addr(0x100 + o);
        fc.pre(i !== o && graph.topology.adjacency.has(tokenIn) && graph.topology.adjacency.has(tokenOut));
        const expected = bruteForceBest(graph, tokenIn, tokenOut, amount);
        if (expected < 0n) {
          expect(() => bestRoute(graph, tokenIn, tokenOut, amount)).toThrow(/no pool path/);
          return;
        }
        if (expected === 0n) {
          expect(() => bestRoute(graph, tokenIn, tokenOut, amount)).toThrow(expect.objectContaining({ type: 'AMOUNT_TOO_SMALL' }));
          return;
        }
        const found = bestRoute(graph, tokenIn, tokenOut, amount);
        expect(found.amountOut).toBe(expected);
        expect(found.amounts[0]).toBe(amount);
        expect(found.amounts[found.amounts.length - 1]).toBe(expected);
        expect(found.path.tokens[0]).toBe(tokenIn);
        expect(found.path.tokens[found.path.tokens.length - 1]).toBe(tokenOut);
      }),
      { numRuns: 300 },
    );
  });

  it('routes through a hub when that pays more than the direct pool', () => {
    const graph = devnetLikeGraph();
    // UNI/USDC direct is shallow (200k USDC); a large sale does better through WETH.
    const r = bestRoute(graph, TOKENS.UNI, TOKENS.USDC, 20_000n * 10n ** 18n);
    expect(r.path.tokens).toEqual([TOKENS.UNI, TOKENS.WETH, TOKENS.USDC]);
    const small = bestRoute(graph, TOKENS.UNI, TOKENS.USDC, 10n ** 18n);
    expect(small.priceImpactBps).toBeLessThan(r.priceImpactBps);
  });

  it('reports price impact against the mid price, LP fee included', () => {
    const graph = devnetLikeGraph();
    const r = bestRoute(graph, TOKENS.WETH, TOKENS.USDC, 10n ** 15n);
    expect(r.path.hops).toHaveLength(1);
    expect(r.priceImpactBps).toBe(30); // a tiny trade loses only the 0.3 % pool fee (rounded down to 30 bps)
  });

  it('names the failure: unknown token, no path, empty pools, dust', () => {
    const graph = devnetLikeGraph();
    const stranger = addr(0xdead);
    expect(() => bestRoute(graph, stranger, TOKENS.USDC, 1n)).toThrow(expect.objectContaining({ type: 'UNSUPPORTED_TOKEN', details: { field: 'token_in' } }));
    expect(() => bestRoute(graph, TOKENS.USDC, stranger, 1n)).toThrow(expect.objectContaining({ type: 'UNSUPPORTED_TOKEN', details: { field: 'token_out' } }));

    const island = buildPoolGraph(1, addr(1), [
      { address: addr(0x50), token0: addr(1), token1: addr(2), reserve0: 10n ** 18n, reserve1: 10n ** 18n },
      { address: addr(0x51), token0: addr(3), token1: addr(4), reserve0: 10n ** 18n, reserve1: 10n ** 18n },
    ]);
    expect(() => bestRoute(island, addr(1), addr(4), 10n ** 6n)).toThrow(expect.objectContaining({ type: 'NO_ROUTE' }));

    const drained = withStates(island, new Map([[addr(0x50), v2State(0n, 0n)]]), 2n);
    expect(() => bestRoute(drained, addr(1), addr(2), 10n ** 6n)).toThrow(expect.objectContaining({ type: 'INSUFFICIENT_LIQUIDITY' }));
    expect(() => bestRoute(island, addr(1), addr(2), 2n ** 200n)).toThrow(expect.objectContaining({ type: 'INSUFFICIENT_LIQUIDITY' }));
    expect(() => bestRoute(graph, TOKENS.DAI, TOKENS.WBTC, 1n)).toThrow(expect.objectContaining({ type: 'AMOUNT_TOO_SMALL' }));
  });

  it('keeps candidate paths across reserve updates but prices with the new reserves', () => {
    const graph = devnetLikeGraph();
    const before = bestRoute(graph, TOKENS.WETH, TOKENS.USDC, 10n ** 18n);
    const pool = before.path.hops[0]?.pool ?? -1;
    const info = graph.topology.pools[pool];
    if (!info) throw new Error('no pool');
    const updated = withStates(graph, new Map([[info.address, v2State(1n, 1n)]]), 2n);
    const after = bestRoute(updated, TOKENS.WETH, TOKENS.USDC, 10n ** 18n);
    expect(updated.topology).toBe(graph.topology);
    expect(after.path.hops.length).toBeGreaterThan(1);
    expect(after.amountOut).toBeLessThan(before.amountOut);
  });

  it('on 2,000 pools, exact-simulating only the best-estimated candidates loses at most 1 bp against simulating them all', () => {
    const graph = scaleGraph(scaleMarkets(2000));
    const tokens = [...graph.topology.adjacency.keys()];
    const sample = [...tokens.slice(0, 5), ...tokens.filter((_, i) => i % 23 === 0)];
    let shortlisted = 0;
    let worstBps = 0;
    for (const a of sample) {
      for (const b of sample) {
        if (a === b) continue;
        const paths = candidatePaths(graph, a, b);
        if (paths.length <= EXACT_CANDIDATES) continue;
        // Sizes of real orders: shares of the input token's deepest V2 reserve or V3 in-range virtual reserve.
        const depth = (graph.topology.adjacency.get(a) ?? []).reduce((d, i) => {
          const state = graph.states[i];
          const isToken0 = graph.topology.pools[i]?.token0 === a;
          const r = !state ? 0n : state.source === 'uniswap_v2' ? (isToken0 ? state.reserve0 : state.reserve1) : isToken0 ? (state.liquidity << 96n) / state.sqrtPriceX96 : (state.liquidity * state.sqrtPriceX96) >> 96n;
          return r > d ? r : d;
        }, 0n);
        for (const amount of [depth / 1000n, depth / 100n, depth / 20n]) {
          const every = paths.map((p) => simulate(graph, p, amount) ?? 0n).reduce((m, o) => (o > m ? o : m), 0n);
          if (every === 0n) continue;
          const found = bestRoute(graph, a, b, amount).amountOut;
          expect(found).toBeLessThanOrEqual(every);
          worstBps = Math.max(worstBps, Number(((every - found) * 1_000_000n) / every) / 100);
          shortlisted++;
        }
      }
    }
    expect(shortlisted).toBeGreaterThan(50);
    expect(worstBps).toBeLessThanOrEqual(1);
  });
});

