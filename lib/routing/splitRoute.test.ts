import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getAddress, type Address } from 'viem';
import { bestRoute } from './bestRoute';
import { TOKENS, devnetLikeGraph } from './fixtures/devnetLikeGraph';
import { buildPoolGraph, reservesOf, type CandidatePath, type PoolGraph } from './poolGraph';
import { MAX_LEGS } from '@/lib/contracts/legs';
import { splitRoute } from './splitRoute';
import { mixedGraph } from './fixtures/mixedGraph';
import { v3Swap } from './v3/v3Swap';
import { withoutSources } from './withoutSources';

const addr = (n: number): Address => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const [A, B, C, D] = [addr(0x101), addr(0x102), addr(0x103), addr(0x104)] as const;

/** Reference simulation, written out independently: legs in order, each pool's reserves moved by the legs before. */
function naiveLegs(graph: PoolGraph, legs: readonly { path: CandidatePath; amountIn: bigint }[]): bigint | undefined {
  const reserves = graph.states.map((_, i) => [...(reservesOf(graph, i) ?? [0n, 0n])]);
  let total = 0n;
  for (const leg of legs) {
    let amount = leg.amountIn;
    leg.path.hops.forEach((hop, i) => {
      const r = reserves[hop.pool] as bigint[];
      const info = graph.topology.pools[hop.pool];
      const inIs0 = info?.token0 === leg.path.tokens[i];
      const rin = (inIs0 ? r[0] : r[1]) as bigint;
      const rout = (inIs0 ? r[1] : r[0]) as bigint;
      const out = (amount * 997n * rout) / (rin * 1000n + amount * 997n);
      r[inIs0 ? 0 : 1] = rin + amount;
      r[inIs0 ? 1 : 0] = rout - out;
      amount = out;
    });
    total += amount;
  }
  return total;
}

const [E] = [addr(0x105)] as const;

/**
 * Small graphs with random reserves around a common price: A–B, A–C–B, A–D–B (disjoint paths) and, with `shared`,
 * C–E–B as well, so that A–C–B and A–C–E–B share the pool A–C.
 */
const smallGraph = (shared: boolean) =>
  fc
    .array(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 80, max: 125 })), { minLength: 7, maxLength: 7 })
    .map((seeds) => {
      const pairs: [Address, Address][] = [[A, B], [A, C], [C, B], [A, D], [D, B], [C, E], [E, B]];
      const pools = pairs.slice(0, shared ? 7 : 5).map(([x, y], i) => {
        const [depth, price] = seeds[i] ?? [1, 100];
        const reserveX = BigInt(depth) * 10n ** 21n;
        const reserveY = (reserveX * BigInt(price)) / 100n;
        const [token0, token1, reserve0, reserve1] = BigInt(x) < BigInt(y) ? [x, y, reserveX, reserveY] : [y, x, reserveY, reserveX];
        return { address: addr(0x9000 + i), token0, token1, reserve0, reserve1 };
      });
      return buildPoolGraph(1, A, pools, 1n);
    });

/** Random graphs of up to 7 tokens and 14 pools, cycles and pools used in both directions included. */
const anyGraph = fc
  .record({
    edges: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })), {
      minLength: 1, maxLength: 14, selector: ([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`,
    }),
    reserves: fc.array(fc.tuple(fc.bigInt(10n ** 18n, 10n ** 26n), fc.integer({ min: 50, max: 200 })), { minLength: 14, maxLength: 14 }),
  })
  .map(({ edges, reserves }) => {
    const pools = edges
      .filter(([a, b]) => a !== b)
      .map(([a, b], i) => {
        const [lo, hi] = a < b ? [a, b] : [b, a];
        const [reserve0, price] = reserves[i] ?? [10n ** 18n, 100];
        return { address: addr(0x9000 + i), token0: addr(0x100 + lo), token1: addr(0x100 + hi), reserve0, reserve1: (reserve0 * BigInt(price)) / 100n };
      });
    return buildPoolGraph(1, addr(0x100), pools, 7n);
  });

/** Every allocation of `amount` over `paths` on a grid of `steps` parts, legs executed largest first. */
function gridOptimum(graph: PoolGraph, paths: readonly CandidatePath[], amount: bigint, steps: number): bigint {
  let best = 0n;
  const parts = new Array<number>(paths.length).fill(0);
  const visit = (i: number, left: number) => {
    if (i === paths.length - 1) {
      parts[i] = left;
      const legs = paths
        .map((path, k) => ({ path, amountIn: (amount * BigInt(parts[k] ?? 0)) / BigInt(steps) }))
        .filter((l) => l.amountIn > 0n)
        .sort((x, y) => (y.amountIn > x.amountIn ? 1 : y.amountIn < x.amountIn ? -1 : 0));
      if (legs.length > MAX_LEGS) return;
      const out = naiveLegs(graph, legs);
      if (out !== undefined && out > best) best = out;
      return;
    }
    for (let p = 0; p <= left; p++) {
      parts[i] = p;
      visit(i + 1, left - p);
    }
  };
  visit(0, steps);
  return best;
}

const randomGraphAndTrade = fc.record({
  graph: fc.boolean().chain((shared) => smallGraph(shared)),
  // From 0.01 % to 60 % of a 1e22..1e23 pool's depth.
  amount: fc.bigInt(10n ** 17n, 6n * 10n ** 22n),
});

describe('splitRoute', () => {
  it('never pays less than the best single path; legs add up and are priced exactly in execution order (property)', () => {
    const check = (graph: PoolGraph, tokenIn: Address, tokenOut: Address, amount: bigint) => {
      let single;
      try {
        single = bestRoute(graph, tokenIn, tokenOut, amount);
      } catch {
        return;
      }
      const split = splitRoute(graph, tokenIn, tokenOut, amount);
      expect(split.amountOut).toBeGreaterThanOrEqual(single.amountOut);
      expect(split.legs.length).toBeGreaterThanOrEqual(1);
      expect(split.legs.length).toBeLessThanOrEqual(MAX_LEGS);
      expect(split.legs.reduce((s, l) => s + l.amountIn, 0n)).toBe(amount);
      expect(split.legs.reduce((s, l) => s + l.amountOut, 0n)).toBe(split.amountOut);
      expect(new Set(split.legs.map((l) => l.path)).size).toBe(split.legs.length);
      for (const leg of split.legs) {
        expect(leg.path.hops.length).toBeLessThanOrEqual(3);
        expect(leg.path.tokens[0]).toBe(tokenIn);
        expect(leg.path.tokens[leg.path.tokens.length - 1]).toBe(tokenOut);
        expect(leg.amountIn).toBeGreaterThan(0n);
        expect(leg.amountOut).toBeGreaterThan(0n);
      }
      expect(naiveLegs(graph, split.legs)).toBe(split.amountOut);
    };
    fc.assert(fc.property(randomGraphAndTrade, ({ graph, amount }) => check(graph, A, B, amount)), { numRuns: 200 });
    fc.assert(
      fc.property(anyGraph, fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.bigInt(1n, 10n ** 26n), (graph, i, o, amount) => {
        fc.pre(i !== o);
        check(graph, addr(0x100 + i), addr(0x100 + o), amount);
      }),
      { numRuns: 300 },
    );
  });

  it('is within 1 bp of the best allocation on a fine grid (brute force, small graphs, a shared pool included)', () => {
    fc.assert(
      fc.property(randomGraphAndTrade, ({ graph, amount }) => {
        const candidates = bestRoute(graph, A, B, amount).candidates;
        const grid = gridOptimum(graph, candidates, amount, candidates.length <= 3 ? 200 : 40);
        const split = splitRoute(graph, A, B, amount);
        expect(split.amountOut * 10_000n).toBeGreaterThanOrEqual(grid * 9_999n);
      }),
      { numRuns: 20 },
    );
  });

  it('splits a large ETH → USDC order across the hub paths and gains over the single path', () => {
    const graph = devnetLikeGraph();
    const amount = 300n * 10n ** 18n;
    const single = bestRoute(graph, TOKENS.WETH, TOKENS.USDC, amount);
    const split = splitRoute(graph, TOKENS.WETH, TOKENS.USDC, amount);
    expect(split.legs.length).toBeGreaterThan(1);
    expect(split.legs[0]?.path.tokens).toEqual([TOKENS.WETH, TOKENS.USDC]);
    expect(split.amountOut).toBeGreaterThan(single.amountOut);
    expect(split.priceImpactBps).toBeLessThan(single.priceImpactBps);
    // Legs execute largest first.
    const sizes = split.legs.map((l) => l.amountIn);
    expect([...sizes].sort((x, y) => (y > x ? 1 : y < x ? -1 : 0))).toEqual(sizes);
  });

  it('keeps a small order on one path, and maxLegs 1 is the single best path', () => {
    const graph = devnetLikeGraph();
    expect(splitRoute(graph, TOKENS.WETH, TOKENS.USDC, 10n ** 17n).legs).toHaveLength(1);
    const one = splitRoute(graph, TOKENS.WETH, TOKENS.USDC, 300n * 10n ** 18n, 1);
    expect(one.legs).toHaveLength(1);
    expect(one.amountOut).toBe(bestRoute(graph, TOKENS.WETH, TOKENS.USDC, 300n * 10n ** 18n).amountOut);
  });
});

/** Reference for mixed graphs: legs in order through each pool's own exact swap (V2 formula, V3 loop), states carried over. */
function referenceLegs(graph: PoolGraph, legs: readonly { path: CandidatePath; amountIn: bigint }[]): bigint[] {
  const states = graph.states.slice();
  return legs.map((leg) => {
    let amount = leg.amountIn;
    for (const hop of leg.path.hops) {
      const state = states[hop.pool];
      if (!state) throw new Error('pool missing');
      if (state.source === 'uniswap_v3') {
        const r = v3Swap(state, amount, hop.zeroForOne);
        if (r.amountIn !== amount) throw new Error('pool cannot take the leg');
        states[hop.pool] = { ...state, sqrtPriceX96: r.sqrtPriceX96, tick: r.tick, liquidity: r.liquidity };
        amount = r.amountOut;
      } else {
        const [rin, rout] = hop.zeroForOne ? [state.reserve0, state.reserve1] : [state.reserve1, state.reserve0];
        const out = (amount * 997n * rout) / (rin * 1000n + amount * 997n);
        states[hop.pool] = hop.zeroForOne
          ? { ...state, reserve0: rin + amount, reserve1: rout - out }
          : { ...state, reserve0: rout - out, reserve1: rin + amount };
        amount = out;
      }
    }
    return amount;
  });
}

describe('splitRoute over V2 and V3 pools', () => {
  const graph = mixedGraph();
  const sources = (route: ReturnType<typeof splitRoute>) => new Set(route.legs.flatMap((l) => l.path.hops.map((h) => graph.topology.pools[h.pool]?.source)));

  it('mixes sources, and every leg is priced exactly as the pools pay it in execution order (property over sizes and pairs)', () => {
    const pairs = [[TOKENS.WETH, TOKENS.USDC], [TOKENS.USDC, TOKENS.WETH], [TOKENS.WBTC, TOKENS.WETH], [TOKENS.DAI, TOKENS.WBTC], [TOKENS.USDC, TOKENS.WBTC]] as const;
    let mixed = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: pairs.length - 1 }), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 99 }), (p, exponent, mantissa) => {
        const [tokenIn, tokenOut] = pairs[p] ?? pairs[0];
        const decimals = tokenIn === TOKENS.USDC ? 6 : tokenIn === TOKENS.WBTC ? 8 : 18;
        const amountIn = (10n ** BigInt(decimals - 2 + exponent) * BigInt(mantissa)) / 10n;
        const route = splitRoute(graph, tokenIn, tokenOut, amountIn);
        const single = bestRoute(graph, tokenIn, tokenOut, amountIn);
        expect(route.amountOut >= single.amountOut).toBe(true);
        expect(route.legs.reduce((s, l) => s + l.amountIn, 0n)).toBe(amountIn);
        const outs = referenceLegs(graph, route.legs);
        expect(route.legs.map((l) => l.amountOut)).toEqual(outs);
        expect(route.amountOut).toBe(outs.reduce((a, b) => a + b, 0n));
        if (sources(route).size > 1) mixed++;
      }),
      { numRuns: 300 },
    );
    expect(mixed).toBeGreaterThan(0);
  });

  it('a large WETH → USDC order splits over the V2 pair and both V3 tiers', () => {
    const route = splitRoute(graph, TOKENS.WETH, TOKENS.USDC, 300n * 10n ** 18n);
    expect(route.legs.length).toBeGreaterThan(1);
    expect(sources(route)).toEqual(new Set(['uniswap_v2', 'uniswap_v3']));
    const v2Only = splitRoute(withoutSources(graph, ['uniswap_v3']), TOKENS.WETH, TOKENS.USDC, 300n * 10n ** 18n);
    expect(route.amountOut > v2Only.amountOut).toBe(true);
  });

  it('without a source the route never touches its pools; without every source there is no route', () => {
    const v2Only = splitRoute(withoutSources(graph, ['uniswap_v3']), TOKENS.USDC, TOKENS.WBTC, 10n ** 10n);
    expect(sources(v2Only)).toEqual(new Set(['uniswap_v2']));
    const v3Only = splitRoute(withoutSources(graph, ['uniswap_v2']), TOKENS.WETH, TOKENS.USDC, 10n ** 18n);
    expect(sources(v3Only)).toEqual(new Set(['uniswap_v3']));
    expect(() => splitRoute(withoutSources(graph, ['uniswap_v2', 'uniswap_v3']), TOKENS.WETH, TOKENS.USDC, 10n ** 18n)).toThrow(expect.objectContaining({ type: 'NO_ROUTE' }));
    // An unknown token is still unsupported, not merely without a route.
    expect(() => splitRoute(withoutSources(graph, ['uniswap_v3']), addr(0xdead), TOKENS.USDC, 1n)).toThrow(expect.objectContaining({ type: 'UNSUPPORTED_TOKEN' }));
  });
});
