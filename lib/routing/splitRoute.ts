// Divides an order across up to four paths when that pays more than the best single path. Marginal rates are
// equalised on a floating-point model of the pools (each source's curve behind its float kernel); the allocation is
// then priced with the pools' exact integer math, legs simulated in execution order so that pools they
// share are priced as the router meets them.
import type { Address } from 'viem';
import { MAX_LEGS } from '@/lib/contracts/legs';
import { bestRoute, type BestRoute, type SearchOptions } from './bestRoute';
import type { FloatKernel, PoolState } from './pool';
import type { CandidatePath, PoolGraph } from './poolGraph';
import { amountOutOf, floatKernelOf, midPriceOf, spotRateOf, swapOf } from './poolSim';

/** Candidate paths a split considers: the best ones for the whole amount and the best ones at the spot rate. */
const CANDIDATES_BY_OUTPUT = 5;
const CANDIDATES_BY_SPOT = 3;
/** The first allocation hands out the order in this many chunks. */
const GREEDY_CHUNKS = 32;
/** Probe distances of the pairwise sweeps, as fractions 1/d of the order. */
const SWEEP_STEP_DIVISORS = [16, 64, 256, 1024] as const;
/** 2^48: the resolution at which a float share becomes an integer amount. */
const SHARE_SCALE = 2 ** 48;
/** A leg must carry at least this share of the order (below it, the extra gas buys next to nothing). */
const MIN_LEG_SHARE = 0.001;

export type SplitLeg = { path: CandidatePath; amountIn: bigint; amountOut: bigint };
export type SplitRoute = {
  /** In execution order; one leg when no split pays more than the best single path. */
  legs: readonly SplitLeg[];
  amountOut: bigint;
  /** Shortfall against the legs' mid prices (LP fees included), in bps, rounded down. */
  priceImpactBps: number;
};

/** The candidate paths over the pools they touch: each pool's float kernel and its slots in one state array. */
type FloatModel = {
  paths: CandidatePath[];
  /** Per path, per hop: the pool's kernel and the offset of its slots in `start`. */
  kernels: FloatKernel[][];
  offsets: number[][];
  start: Float64Array;
};

function floatModel(graph: PoolGraph, paths: CandidatePath[]): FloatModel {
  const seen = new Map<number, { kernel: FloatKernel; offset: number }>();
  let size = 0;
  const entries = paths.map((path) =>
    path.hops.map((hop) => {
      let entry = seen.get(hop.pool);
      if (entry === undefined) {
        const state = graph.states[hop.pool];
        const kernel = state ? floatKernelOf(state) : floatKernelOf({ source: 'uniswap_v2', reserve0: 0n, reserve1: 0n });
        entry = { kernel, offset: size };
        size += kernel.slots;
        seen.set(hop.pool, entry);
      }
      return entry;
    }),
  );
  const start = new Float64Array(size);
  for (const { kernel, offset } of seen.values()) kernel.load(start, offset);
  return { paths, kernels: entries.map((e) => e.map((x) => x.kernel)), offsets: entries.map((e) => e.map((x) => x.offset)), start };
}

/** Output of `x` along path `p` on `state`; with `apply`, the pools' state moves as the swap moves it. */
function floatOut(model: FloatModel, state: Float64Array, p: number, x: number, apply: boolean): number {
  const hops = model.paths[p]?.hops ?? [];
  const kernels = model.kernels[p] ?? [];
  const offsets = model.offsets[p] ?? [];
  let a = x;
  for (let h = 0; h < hops.length; h++) {
    const kernel = kernels[h];
    if (!kernel) return 0;
    a = kernel.out(state, offsets[h] ?? 0, a, hops[h]?.zeroForOne ?? true, apply);
  }
  return a;
}

/** Marginal output of path `p` at input `x` on `state` (d out / d in); `state` is left as it is. */
function floatMarginal(model: FloatModel, state: Float64Array, p: number, x: number): number {
  const hops = model.paths[p]?.hops ?? [];
  const kernels = model.kernels[p] ?? [];
  const offsets = model.offsets[p] ?? [];
  let a = x;
  let marginal = 1;
  for (let h = 0; h < hops.length; h++) {
    const kernel = kernels[h];
    if (!kernel) return 0;
    const zeroForOne = hops[h]?.zeroForOne ?? true;
    const at = offsets[h] ?? 0;
    marginal *= kernel.marginal(state, at, a, zeroForOne);
    if (h + 1 < hops.length) a = kernel.out(state, at, a, zeroForOne, false);
  }
  return marginal;
}

/** Total output of the allocation, legs executed in `order`. */
function floatTotal(model: FloatModel, scratch: Float64Array, alloc: Float64Array, order: readonly number[]): number {
  scratch.set(model.start);
  let total = 0;
  for (const p of order) {
    const x = alloc[p] ?? 0;
    if (x > 0) total += floatOut(model, scratch, p, x, true);
  }
  return total;
}

/**
 * Up to CANDIDATES_BY_OUTPUT + CANDIDATES_BY_SPOT paths worth splitting over, the best single path first. Paths the
 * single search did not simulate (their estimate fell behind) rank by their float estimate.
 */
function splitCandidates(graph: PoolGraph, single: BestRoute): CandidatePath[] {
  type Usable = { path: CandidatePath; out: bigint | undefined; estimate: number };
  const usable = single.candidates.flatMap((path, i): Usable[] => {
    const out = single.outputs[i];
    if (single.simulated[i]) return out !== undefined && out > 0n ? [{ path, out, estimate: Number(out) }] : [];
    const estimate = single.estimates[i] ?? 0;
    return estimate > 0 ? [{ path, out: undefined, estimate }] : [];
  });
  const byOutput = usable
    .slice()
    .sort((a, b) => (a.out !== undefined && b.out !== undefined ? (b.out > a.out ? 1 : b.out < a.out ? -1 : 0) : b.estimate - a.estimate))
    .map((c) => c.path);
  const spot = (path: CandidatePath) =>
    path.hops.reduce((rate, hop) => {
      const state = graph.states[hop.pool];
      return state ? rate * spotRateOf(state, hop.zeroForOne) : 0;
    }, 1);
  const bySpot = usable.map((c) => ({ path: c.path, rate: spot(c.path) })).sort((a, b) => b.rate - a.rate).map((c) => c.path);
  const chosen = new Set<CandidatePath>([single.path, ...byOutput.slice(0, CANDIDATES_BY_OUTPUT), ...bySpot.slice(0, CANDIDATES_BY_SPOT)]);
  return [...chosen];
}

/** True when some other path's spot rate, after the best path has taken the whole order, beats that path's last unit. */
function splitMayPay(model: FloatModel, amount: number): boolean {
  const state = Float64Array.from(model.start);
  const marginal = floatMarginal(model, state, 0, amount);
  floatOut(model, state, 0, amount, true);
  for (let p = 1; p < model.paths.length; p++) {
    if (floatMarginal(model, state, p, 0) > marginal * (1 + 1e-9)) return true;
  }
  return false;
}

/**
 * The order in chunks, each to the path whose marginal rate is the highest at that point (pools moved by the chunks
 * before, so paths that share a pool see each other), at most `maxLegs` paths used.
 */
function greedyAllocation(model: FloatModel, amount: number, maxLegs: number): { alloc: Float64Array; order: number[] } {
  const n = model.paths.length;
  const alloc = new Float64Array(n);
  const state = Float64Array.from(model.start);
  const chunk = amount / GREEDY_CHUNKS;
  const used: number[] = [];
  for (let k = 0; k < GREEDY_CHUNKS; k++) {
    let best = -1;
    let bestRate = -Infinity;
    for (let p = 0; p < n; p++) {
      if (used.length >= maxLegs && !used.includes(p)) continue;
      const rate = floatMarginal(model, state, p, 0);
      if (rate > bestRate) {
        bestRate = rate;
        best = p;
      }
    }
    if (best < 0) break;
    floatOut(model, state, best, chunk, true);
    alloc[best] = (alloc[best] ?? 0) + chunk;
    if (!used.includes(best)) used.push(best);
  }
  // A path whose first unit beats some leg's last unit deserves a leg even if it never won a whole chunk: it joins
  // with nothing, and the equalisation gives it its share.
  for (let p = 0; p < n && used.length < maxLegs; p++) {
    if (used.includes(p)) continue;
    const weakest = Math.min(...used.map((q) => floatMarginal(model, state, q, 0)));
    if (floatMarginal(model, state, p, 0) > weakest * (1 + 1e-9)) used.push(p);
  }
  return { alloc, order: used.slice().sort((a, b) => (alloc[b] ?? 0) - (alloc[a] ?? 0)) };
}

/**
 * Equalises the legs' marginal rates: for each pair of legs, the total output as a function of the amount moved from
 * one to the other is sampled at −h, 0 and +h and the move goes to the vertex of that parabola (the pair's optimum
 * when the function is locally quadratic). Sweeps over all pairs with shrinking h; pools shared by legs are priced in
 * execution order throughout, so their interaction is part of the function being maximised.
 */
function equaliseMarginals(model: FloatModel, alloc: Float64Array, order: readonly number[], amount: number): void {
  if (order.length < 2) return;
  const scratch = new Float64Array(model.start.length);
  const total = () => floatTotal(model, scratch, alloc, order);
  let current = total();
  for (const divisor of SWEEP_STEP_DIVISORS) {
    const h = amount / divisor;
    for (let a = 0; a < order.length; a++) {
      for (let b = a + 1; b < order.length; b++) {
        const i = order[a] ?? 0;
        const j = order[b] ?? 0;
        const xi = alloc[i] ?? 0;
        const xj = alloc[j] ?? 0;
        // δ moves from leg i to leg j; stay inside [−xj, xi].
        const move = (delta: number) => {
          alloc[i] = xi - delta;
          alloc[j] = xj + delta;
          return total();
        };
        const hi = Math.min(h, xi);
        const lo = Math.min(h, xj);
        const up = hi > 0 ? move(hi) : current;
        const down = lo > 0 ? move(-lo) : current;
        // Vertex of the parabola through (−lo, down), (0, current), (hi, up).
        const curvature = (up - current) / (hi || 1) - (current - down) / (lo || 1);
        let best = 0;
        let bestTotal = current;
        if (up > bestTotal) [best, bestTotal] = [hi, up];
        if (down > bestTotal) [best, bestTotal] = [-lo, down];
        if (curvature < 0 && hi > 0 && lo > 0) {
          const slopeUp = (up - current) / hi;
          const slopeDown = (current - down) / lo;
          // Slopes at the midpoints hi/2 and −lo/2; the derivative is zero where the line through them crosses 0.
          const vertex = Math.max(-xj, Math.min(xi, hi / 2 - (slopeUp * (hi + lo)) / 2 / (slopeUp - slopeDown)));
          const atVertex = move(vertex);
          if (atVertex > bestTotal) [best, bestTotal] = [vertex, atVertex];
        }
        alloc[i] = xi - best;
        alloc[j] = xj + best;
        current = bestTotal;
      }
    }
  }
}

/** The float allocation: legs below MIN_LEG_SHARE (gas for next to nothing) are folded into the largest. */
function floatAllocation(model: FloatModel, amount: number, maxLegs: number): { alloc: Float64Array; order: number[] } {
  const { alloc, order } = greedyAllocation(model, amount, maxLegs);
  equaliseMarginals(model, alloc, order, amount);
  const kept = order.filter((p) => (alloc[p] ?? 0) >= amount * MIN_LEG_SHARE);
  if (kept.length === order.length || kept.length === 0) return { alloc, order };
  const dropped = order.filter((p) => !kept.includes(p)).reduce((s, p) => s + (alloc[p] ?? 0), 0);
  for (const p of order) if (!kept.includes(p)) alloc[p] = 0;
  const largest = kept[0] ?? 0;
  alloc[largest] = (alloc[largest] ?? 0) + dropped;
  equaliseMarginals(model, alloc, kept, amount);
  return { alloc, order: kept };
}

/** Exact outputs of the legs executed one after another (pools they share see the earlier legs' trades), or undefined. */
export function simulateLegs(graph: PoolGraph, legs: readonly { path: CandidatePath; amountIn: bigint }[]): bigint[] | undefined {
  // A pool's state after a swap is needed only by a later leg through it: its last swap reads the output alone.
  const lastUse = new Map<number, number>();
  legs.forEach((leg, l) => leg.path.hops.forEach((hop) => lastUse.set(hop.pool, l)));
  const moved = new Map<number, PoolState>();
  const outs: bigint[] = [];
  for (let l = 0; l < legs.length; l++) {
    const leg = legs[l];
    if (!leg) return undefined;
    let amount = leg.amountIn;
    for (const hop of leg.path.hops) {
      const state = moved.get(hop.pool) ?? graph.states[hop.pool];
      if (!state || amount <= 0n) return undefined;
      if (lastUse.get(hop.pool) === l) {
        const out = amountOutOf(state, amount, hop.zeroForOne);
        if (out === undefined) return undefined;
        amount = out;
        continue;
      }
      const swapped = swapOf(state, amount, hop.zeroForOne);
      if (!swapped) return undefined;
      moved.set(hop.pool, swapped.state);
      amount = swapped.amountOut;
    }
    outs.push(amount);
  }
  return outs;
}

const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);

/** Integer amounts from float shares, adding to `amount` exactly (the rounding remainder goes to the first leg). */
function integerAmounts(amount: bigint, alloc: Float64Array, order: readonly number[], total: number): bigint[] {
  const amounts = order.map((p) => (amount * BigInt(Math.floor(((alloc[p] ?? 0) / total) * SHARE_SCALE))) / BigInt(SHARE_SCALE));
  amounts[0] = (amounts[0] ?? 0n) + amount - sum(amounts);
  return amounts;
}

function splitImpactBps(graph: PoolGraph, legs: readonly SplitLeg[], amountOut: bigint): number {
  let mid = 0n;
  for (const leg of legs) {
    let numerator = leg.amountIn;
    let denominator = 1n;
    for (const hop of leg.path.hops) {
      const state = graph.states[hop.pool];
      const [num, den] = state ? midPriceOf(state, hop.zeroForOne) : [0n, 0n];
      numerator *= num;
      denominator *= den;
    }
    if (denominator === 0n) return 0;
    mid += numerator / denominator;
  }
  if (mid <= amountOut) return 0;
  return Number(((mid - amountOut) * 10_000n) / mid);
}

function singleLeg(single: BestRoute, amountIn: bigint): SplitRoute {
  return { legs: [{ path: single.path, amountIn, amountOut: single.amountOut }], amountOut: single.amountOut, priceImpactBps: single.priceImpactBps };
}

/** The best route for `amountIn` (what the pools receive), split over up to `maxLegs` paths when that pays more. */
export function splitRoute(graph: PoolGraph, tokenIn: Address, tokenOut: Address, amountIn: bigint, maxLegs = MAX_LEGS, options: SearchOptions = {}): SplitRoute {
  const single = bestRoute(graph, tokenIn, tokenOut, amountIn, options);
  if (maxLegs < 2) return singleLeg(single, amountIn);
  const paths = splitCandidates(graph, single);
  if (paths.length < 2) return singleLeg(single, amountIn);
  const model = floatModel(graph, paths);
  const amount = Number(amountIn);
  if (!Number.isFinite(amount) || !splitMayPay(model, amount)) return singleLeg(single, amountIn);

  const { alloc, order } = floatAllocation(model, amount, maxLegs);
  const total = order.reduce((s, p) => s + (alloc[p] ?? 0), 0);
  const legOrder = order.filter((p) => (alloc[p] ?? 0) > 0);
  if (legOrder.length < 2 || !(total > 0)) return singleLeg(single, amountIn);
  const legPaths = legOrder.map((p) => paths[p] as CandidatePath);
  const amounts = integerAmounts(amountIn, alloc, legOrder, total);
  const kept = amounts.map((a, i) => ({ path: legPaths[i] as CandidatePath, amountIn: a })).filter((leg) => leg.amountIn > 0n);
  const keptPaths = kept.map((leg) => leg.path);
  const keptAmounts = kept.map((leg) => leg.amountIn);
  // The float allocation is priced once, exactly: moving 2^-24 of the order between legs and re-pricing every leg
  // (what this used to do three times) gained at most 0.04 bp on the 2,000-pool profile and took about 40 % of the
  // slowest splits' time (legs that share a pool re-simulate every V3 hop for each move).
  const outs = simulateLegs(graph, kept);
  // A leg that pays nothing would revert on-chain; the split is only worth it when every leg pays, and pays more.
  if (!outs || outs.some((o) => o === 0n) || sum(outs) <= single.amountOut) return singleLeg(single, amountIn);
  const legs = keptPaths.map((path, i) => ({ path, amountIn: keptAmounts[i] ?? 0n, amountOut: outs[i] ?? 0n }));
  const amountOut = sum(outs);
  return { legs, amountOut, priceImpactBps: splitImpactBps(graph, legs, amountOut) };
}
