// How the routing engine's cost grows with the pool count (`npm run bench:scale`), on pool states synthesised
// in-process (scripts/bench/scaleGraph.ts): the default devnet's market (Devnet A: its V2 and V3 pools), and the
// `--pools` profile's market at 200 and 2,000 pools (lib/devnet/scaleMarkets.ts). V2 and V3 pools are routed whatever
// the settlement router executes today. Prints, per point:
//   - pool-state memory (heap after building the graph, and after the path cache filled);
//   - route search: the first quote of a pair (candidate paths enumerated), then single-path (bestRoute) and split
//     (splitRoute) quotes, p50/p99 µs, in BENCH_ROUNDS interleaved rounds (median over rounds, with the spread); and
//     the p99s again with each quote's wait for a CPU taken out (Linux schedstat), which tells the search's own cost
//     from other processes' load on a shared machine;
//   - one block's update: a new snapshot with N pools' states replaced (withStates), N = 1, 10, 100, all;
// and one V3 pool swap simulated in-process (v3Swap, exact bigint) with 0 and with 3 initialized ticks crossed.
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Address } from 'viem';
import { DEVNET_CHAINS, TOKENS as DEVNET_TOKENS } from '@/lib/devnet/devnetMarkets';
import { prng } from '@/lib/devnet/prng';
import { scaleMarkets, type ScaleMarkets } from '@/lib/devnet/scaleMarkets';
import { bestRoute } from '@/lib/routing/bestRoute';
import type { PoolState } from '@/lib/routing/pool';
import { withStates, type PoolGraph } from '@/lib/routing/poolGraph';
import { swapOf } from '@/lib/routing/poolSim';
import { splitRoute } from '@/lib/routing/splitRoute';
import { v3PoolAt } from '@/lib/routing/fixtures/mixedGraph';
import { v3Swap } from '@/lib/routing/v3/v3Swap';
import type { V3PoolState } from '@/lib/routing/v3/v3PoolState';
import { percentile } from './httpRounds';
import { scaleGraph } from '@/lib/routing/fixtures/scaleGraph';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 300);
const SIZES = [0.001, 0.01, 0.05, 0.2] as const;
const UPDATE_COUNTS = [1, 10, 100] as const;
const SWAP_CALLS = 20_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const median = (values: readonly number[]) => percentile(sorted(values), 50);
const spread = (values: readonly number[]) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
const us = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1000;

/** The default devnet's first chain as a market plan: its V2 pairs and V3 pools at their start prices. */
function devnetMarkets(): ScaleMarkets {
  const spec = DEVNET_CHAINS[0];
  if (!spec) throw new Error('no devnet chain');
  const tokens = spec.tokens.map((symbol) => {
    const t = DEVNET_TOKENS[symbol];
    if (!t) throw new Error(`unknown devnet token ${symbol}`);
    return { symbol, decimals: t.decimals, usd: t.usd };
  });
  const index = (symbol: string) => spec.tokens.indexOf(symbol);
  const pair = (base: string, quote: string) => {
    const [i, j] = [index(base), index(quote)];
    return i < j ? { a: i, b: j } : { a: j, b: i };
  };
  return {
    tokens,
    pools: [
      ...spec.pools.map((p) => ({ ...pair(p.base, p.quote), source: 'uniswap_v2' as const, tvlUsd: p.tvlUsd, priceOffset: 0 })),
      ...spec.v3Pools.map((p) => ({ ...pair(p.base, p.quote), source: 'uniswap_v3' as const, fee: p.fee, tvlUsd: p.tvlUsd, priceOffset: p.priceOffset })),
    ],
  };
}

/** The input token's depth: its reserve in its deepest pool (a V3 pool's virtual reserve at the price, in range). */
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

type Case = { a: Address; b: Address; amount: bigint };
type Point = { label: string; graph: PoolGraph; cases: Case[]; stateMb: number; cacheMb: number; coldUs: number[]; pairs: number };

function buildPoint(label: string, markets: ScaleMarkets): Point {
  const before = heapMb();
  const graph = scaleGraph(markets);
  const stateMb = heapMb() - before;
  const tokens = [...graph.topology.adjacency.keys()];
  const rand = prng(7);
  const pairs = new Set<string>();
  const all = tokens.length * (tokens.length - 1);
  while (pairs.size < Math.min(PAIRS, all)) {
    const a = rand.pick(tokens);
    const b = rand.pick(tokens);
    if (a !== b) pairs.add(`${a}>${b}`);
  }
  const cases: Case[] = [];
  const coldUs: number[] = [];
  for (const key of pairs) {
    const [a, b] = key.split('>') as [Address, Address];
    const depth = depthOf(graph, a);
    let first = true;
    for (const size of SIZES) {
      const amount = (depth * BigInt(Math.round(size * 1e6))) / 1_000_000n;
      const t0 = process.hrtime.bigint();
      try {
        bestRoute(graph, a, b, amount);
        if (first) coldUs.push(us(t0));
        cases.push({ a, b, amount });
      } catch {
        // No route of up to 3 hops, or no liquidity for the size: not a quote, not timed.
      }
      first = false;
    }
  }
  const cacheMb = heapMb() - before - stateMb;
  return { label, graph, cases, stateMb, cacheMb, coldUs, pairs: pairs.size };
}

/** Nanoseconds this thread has waited for a CPU while runnable (Linux schedstat), or undefined elsewhere. */
function cpuWaitNs(): number | undefined {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * Each case timed once: wall-clock µs, and the same less the time the thread waited for a CPU during the quote
 * (other processes on the machine's cores), which is what the search itself costs.
 */
function timeQuotes(point: Point, quote: (c: Case) => void): { wall: number[]; onCpu: number[] } {
  const wall: number[] = [];
  const onCpu: number[] = [];
  for (const c of point.cases) {
    const w0 = cpuWaitNs();
    const t0 = process.hrtime.bigint();
    quote(c);
    const t = us(t0);
    const w1 = cpuWaitNs();
    wall.push(t);
    onCpu.push(w0 === undefined || w1 === undefined ? t : Math.max(0, t - (w1 - w0) / 1000));
  }
  return { wall: sorted(wall), onCpu: sorted(onCpu) };
}

/** States after a small swap on each of `count` pools (built outside the timing), as a block's logs would give them. */
function blockUpdates(graph: PoolGraph, count: number, rand: ReturnType<typeof prng>): Map<Address, PoolState> {
  const updates = new Map<Address, PoolState>();
  const n = graph.topology.pools.length;
  while (updates.size < Math.min(count, n)) {
    const i = rand.int(n);
    const info = graph.topology.pools[i];
    const state = graph.states[i];
    if (!info || !state) continue;
    const zeroForOne = rand.next() < 0.5;
    const depth = depthOf(graph, zeroForOne ? info.token0 : info.token1);
    const moved = swapOf(state, depth / 1000n + 1n, zeroForOne);
    updates.set(info.address, moved?.state ?? state);
  }
  return updates;
}

function v3SwapFigures(): void {
  // WETH/USDC-like 0.3 % pool with a ladder of ranges: initialized ticks every few spacings around the price.
  const ladder: [number, number, bigint][] = [];
  for (let k = 1; k <= 12; k++) ladder.push([60 * k * 2, 60 * k * 2, 3n * 10n ** 16n]);
  const pool = v3PoolAt(3000, 3000e6 / 1e18, ladder);
  const amountCrossing = (ticks: number, zeroForOne: boolean): bigint => {
    // The smallest power-of-1.25 amount that crosses exactly `ticks` initialized ticks.
    for (let a = 10n ** 9n; a < 10n ** 30n; a = (a * 5n) / 4n) {
      if (v3Swap(pool, a, zeroForOne).ticksCrossed === ticks) return a;
    }
    throw new Error(`no amount crosses ${ticks} ticks`);
  };
  console.log(`\none V3 pool swap simulated in-process (v3Swap, exact), ${SWAP_CALLS} calls each, interleaved in ${ROUNDS} rounds; µs per call`);
  const runs: { name: string; state: V3PoolState; amount: bigint; zeroForOne: boolean }[] = [];
  for (const zeroForOne of [true, false]) {
    for (const ticks of [0, 3]) runs.push({ name: `${ticks} ticks crossed, ${zeroForOne ? 'token0 in' : 'token1 in'}`, state: pool, amount: amountCrossing(ticks, zeroForOne), zeroForOne });
  }
  const p50s = runs.map(() => [] as number[]);
  const p99s = runs.map(() => [] as number[]);
  const batched = runs.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    runs.forEach((run, k) => {
      const samples: number[] = [];
      for (let i = 0; i < SWAP_CALLS; i++) {
        const t0 = process.hrtime.bigint();
        v3Swap(run.state, run.amount, run.zeroForOne);
        samples.push(us(t0));
      }
      // A batch timed as a whole, without the per-call clock reads.
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < SWAP_CALLS; i++) v3Swap(run.state, run.amount, run.zeroForOne);
      batched[k]?.push(us(t0) / SWAP_CALLS);
      const s = sorted(samples);
      p50s[k]?.push(percentile(s, 50));
      p99s[k]?.push(percentile(s, 99));
    });
  }
  runs.forEach((run, k) => {
    const [p50, p99, mean] = [p50s[k] ?? [], p99s[k] ?? [], batched[k] ?? []];
    console.log(`  ${run.name.padEnd(28)} p50 ${median(p50).toFixed(2)} µs (${spread(p50)}), p99 ${median(p99).toFixed(2)} µs (${spread(p99)}), mean of a timed batch ${median(mean).toFixed(2)} µs`);
  });
}

function main(): void {
  const points = [buildPoint('default devnet (Devnet A)', devnetMarkets()), buildPoint('profile --pools 200', scaleMarkets(200)), buildPoint('profile --pools 2000', scaleMarkets(2000))];
  console.log(`routing engine at growing pool counts (synthesised states; V2 and V3 routed), Node ${process.versions.node}, ${ROUNDS} rounds`);
  for (const p of points) {
    const v3 = p.graph.states.filter((s) => s.source === 'uniswap_v3').length;
    const cold = sorted(p.coldUs);
    console.log(`\n${p.label}: ${p.graph.topology.pools.length} pools (${v3} V3) over ${p.graph.topology.adjacency.size} tokens; ${p.pairs} pairs sampled, ${p.cases.length} quotable pair × size cases`);
    console.log(`  pool-state memory ${p.stateMb.toFixed(2)} MB; path cache after those pairs ${p.cacheMb.toFixed(2)} MB (${p.graph.topology.pathCache.size} pairs)`);
    console.log(`  first quote of a pair (candidate paths enumerated): p50 ${percentile(cold, 50).toFixed(1)} µs, p99 ${percentile(cold, 99).toFixed(1)} µs`);
  }
  const figures = () => points.map(() => ({ p50: [] as number[], p99: [] as number[], cpuP99: [] as number[] }));
  const single = figures();
  const split = figures();
  for (let round = 0; round < ROUNDS; round++) {
    points.forEach((p, k) => {
      const s = timeQuotes(p, (c) => bestRoute(p.graph, c.a, c.b, c.amount));
      const t = timeQuotes(p, (c) => splitRoute(p.graph, c.a, c.b, c.amount));
      single[k]?.p50.push(percentile(s.wall, 50));
      single[k]?.p99.push(percentile(s.wall, 99));
      single[k]?.cpuP99.push(percentile(s.onCpu, 99));
      split[k]?.p50.push(percentile(t.wall, 50));
      split[k]?.p99.push(percentile(t.wall, 99));
      split[k]?.cpuP99.push(percentile(t.onCpu, 99));
    });
  }
  console.log('\nroute search, cached candidate paths (median over rounds, spread min–max), µs');
  console.log(`${'point'.padEnd(30)}${'single p50'.padStart(16)}${'single p99'.padStart(16)}${'split p50'.padStart(16)}${'split p99'.padStart(18)}`);
  points.forEach((p, k) => {
    const cell = (v: number[]) => `${median(v).toFixed(1)} (${spread(v)})`.padStart(16);
    console.log(`${p.label.padEnd(30)}${cell(single[k]?.p50 ?? [])}${cell(single[k]?.p99 ?? [])}${cell(split[k]?.p50 ?? [])}${cell(split[k]?.p99 ?? [])}  budget p99 ≤ 1000`);
  });
  console.log('the same p99s less the time each quote waited for a CPU (schedstat; other processes on the cores), µs');
  points.forEach((p, k) => {
    const cell = (v: number[]) => `${median(v).toFixed(1)} (${spread(v)})`.padStart(20);
    console.log(`${p.label.padEnd(30)}  single p99 ${cell(single[k]?.cpuP99 ?? [])}  split p99 ${cell(split[k]?.cpuP99 ?? [])}`);
  });

  console.log('\none block\'s update: a new snapshot with N pools\' states replaced (withStates), µs, median over rounds');
  const rand = prng(11);
  for (const p of points) {
    const n = p.graph.topology.pools.length;
    const counts = [...UPDATE_COUNTS.filter((c) => c < n), n];
    const cells = counts.map((count) => {
      const updates = blockUpdates(p.graph, count, rand);
      const times: number[] = [];
      for (let round = 0; round < ROUNDS * 20; round++) {
        const t0 = process.hrtime.bigint();
        withStates(p.graph, updates, p.graph.blockNumber + 1n);
        times.push(us(t0));
      }
      return `N=${count}: ${median(times).toFixed(1)}`;
    });
    console.log(`  ${p.label.padEnd(28)} ${cells.join(', ')}`);
  }
  v3SwapFigures();
}

main();
