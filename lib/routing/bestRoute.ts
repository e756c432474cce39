// Picks the path of up to three hops that gives the most output, by the pools' exact integer math.
import type { Address } from 'viem';
import { DomainError } from '@/lib/domain/DomainError';
import { candidatePaths } from './candidatePaths';
import type { PoolState } from './pool';
import type { CandidatePath, PoolGraph } from './poolGraph';
import { amountOutOf, floatKernelOf, midPriceOf } from './poolSim';

export type BestRoute = {
  path: CandidatePath;
  /** Amount entering each hop, then the final output: `amounts.length === path.tokens.length`. */
  amounts: readonly bigint[];
  amountOut: bigint;
  /** Shortfall against the path's mid price (LP fees included), in bps, rounded down. */
  priceImpactBps: number;
  /**
   * Every candidate path and its exact output for the whole amount: undefined where a pool cannot take it, or where
   * the path was not simulated (its estimate fell behind the best path's output by more than PRUNE_MARGIN).
   */
  candidates: readonly CandidatePath[];
  outputs: readonly (bigint | undefined)[];
  /** Each candidate's float estimate for the whole amount, and whether it was simulated exactly. */
  estimates: readonly number[];
  simulated: readonly boolean[];
};

/** Output of `amountIn` along `path`, or undefined when some pool cannot take the trade at all. */
export function simulate(graph: PoolGraph, path: CandidatePath, amountIn: bigint): bigint | undefined {
  let amount: bigint | undefined = amountIn;
  for (const hop of path.hops) {
    const state = graph.states[hop.pool];
    if (!state) return undefined;
    amount = amountOutOf(state, amount, hop.zeroForOne);
    if (amount === undefined) return undefined;
  }
  return amount;
}

/**
 * Exact amounts along paths for one input amount, each hop simulated once per search: candidate paths that leave
 * through the same pools in the same direction share those hops' amounts (a V3 hop is a bigint swap loop, and many of
 * a pair's paths start or continue through the same deep pools). Answers the amount entering each hop, then the
 * output, or undefined when some pool cannot take the trade at all.
 */
function pathAmounts(graph: PoolGraph, amountIn: bigint): (path: CandidatePath) => bigint[] | undefined {
  const memo = new Map<string, bigint | undefined>();
  return (path) => {
    const amounts = [amountIn];
    let amount = amountIn;
    let key = '';
    for (const hop of path.hops) {
      key += `${hop.pool}${hop.zeroForOne ? '>' : '<'}`;
      let out: bigint | undefined;
      if (memo.has(key)) out = memo.get(key);
      else {
        const state = graph.states[hop.pool];
        out = state ? amountOutOf(state, amount, hop.zeroForOne) : undefined;
        memo.set(key, out);
      }
      if (out === undefined) return undefined;
      amount = out;
      amounts.push(amount);
    }
    return amounts;
  };
}

export function priceImpactBps(graph: PoolGraph, path: CandidatePath, amountIn: bigint, amountOut: bigint): number {
  let numerator = amountIn;
  let denominator = 1n;
  for (const hop of path.hops) {
    const state = graph.states[hop.pool];
    const [num, den] = state ? midPriceOf(state, hop.zeroForOne) : [0n, 0n];
    numerator *= num;
    denominator *= den;
  }
  if (denominator === 0n || numerator === 0n) return 0;
  // midOut = numerator / denominator; impact = (midOut − out) / midOut, kept exact by cross-multiplying.
  const shortfall = numerator - amountOut * denominator;
  if (shortfall <= 0n) return 0;
  return Number((shortfall * 10_000n) / numerator);
}

function assertTokenKnown(graph: PoolGraph, token: Address, field: 'token_in' | 'token_out'): void {
  if (!graph.topology.adjacency.has(token)) {
    throw new DomainError('UNSUPPORTED_TOKEN', `${field} ${token} has no pool on chain ${graph.topology.chainId}`, { field });
  }
}

/**
 * Exact simulation is the cost of a quote (a V3 hop is a bigint swap loop): at most this many candidate paths are
 * simulated exactly, those a float estimate ranks highest for the amount.
 */
export const EXACT_CANDIDATES = 16;

/**
 * Candidates are simulated exactly in the order of their float estimate, best first, and the search stops at the first
 * path whose estimate falls short of the best exact output found by more than this share. A pool's integer math
 * rounds every amount in its own favour, so its exact output is at most what the float model says, give or take the
 * float's own error (about 1e-15 of the amount); 1 bp is a wide margin over that, so a skipped path cannot pay more.
 */
export const PRUNE_MARGIN = 1e-4;

/** Output of `x` through one pool on its float model (a V3 pool's ticks walked as the exact loop walks them). */
function estimateHop(state: PoolState | undefined, x: number, zeroForOne: boolean): number {
  if (!state || !(x > 0)) return 0;
  const kernel = floatKernelOf(state);
  const buf = new Float64Array(kernel.slots);
  kernel.load(buf, 0);
  return kernel.out(buf, 0, x, zeroForOne, false);
}

/** The float estimate of each path's output for `amountIn`. */
export function estimateOutputs(graph: PoolGraph, paths: readonly CandidatePath[], amountIn: bigint): number[] {
  const x = Number(amountIn);
  return paths.map((path) => path.hops.reduce((a, hop) => estimateHop(graph.states[hop.pool], a, hop.zeroForOne), x));
}

export type SearchOptions = {
  /** Simulate every candidate path exactly (no estimate-ordered stop, no shortlist): the reference the tests compare with. */
  exhaustive?: boolean;
};

/** The best route for swapping `amountIn` (what the pools receive) of `tokenIn` into `tokenOut`. */
export function bestRoute(graph: PoolGraph, tokenIn: Address, tokenOut: Address, amountIn: bigint, options: SearchOptions = {}): BestRoute {
  assertTokenKnown(graph, tokenIn, 'token_in');
  assertTokenKnown(graph, tokenOut, 'token_out');
  const paths = candidatePaths(graph, tokenIn, tokenOut);
  if (paths.length === 0) {
    throw new DomainError('NO_ROUTE', `no pool path of up to 3 hops connects token_in to token_out`, { field: 'token_out' });
  }
  let best: CandidatePath | undefined;
  let bestIndex = -1;
  let bestOut = -1n;
  const outputs: (bigint | undefined)[] = new Array<bigint | undefined>(paths.length).fill(undefined);
  const simulated = paths.map(() => false);
  const estimates = estimateOutputs(graph, paths, amountIn);
  const amountsOf = pathAmounts(graph, amountIn);
  let bestAmounts: bigint[] = [];
  const visit = (i: number) => {
    const path = paths[i];
    if (!path) return;
    const amounts = amountsOf(path);
    const out = amounts?.[amounts.length - 1];
    outputs[i] = out;
    simulated[i] = true;
    // Paths come sorted by length, so on a tie in output the earlier (cheaper in gas) path stays.
    if (amounts && out !== undefined && (out > bestOut || (out === bestOut && i < bestIndex))) {
      best = path;
      bestIndex = i;
      bestOut = out;
      bestAmounts = amounts;
    }
  };
  if (options.exhaustive) {
    for (let i = 0; i < paths.length; i++) visit(i);
  } else {
    const order = paths.map((_, i) => i).sort((i, j) => (estimates[j] ?? 0) - (estimates[i] ?? 0) || i - j);
    let visited = 0;
    for (const i of order) {
      // Estimates do not see where a V3 pool's liquidity ends: until some path can take the whole amount, the search
      // goes on down the order (past the shortlist) before the answer is "no liquidity".
      if (bestOut > 0n && (visited >= EXACT_CANDIDATES || (estimates[i] ?? 0) * (1 + PRUNE_MARGIN) < Number(bestOut))) break;
      visit(i);
      visited++;
    }
  }
  if (!best) {
    throw new DomainError('INSUFFICIENT_LIQUIDITY', `no pool path has the liquidity to fill amount_in`, { field: 'amount_in' });
  }
  if (bestOut === 0n) {
    throw new DomainError('AMOUNT_TOO_SMALL', `amount_in is too small: the output rounds to zero after fees`, { field: 'amount_in' });
  }
  return {
    path: best,
    amounts: bestAmounts,
    amountOut: bestOut,
    priceImpactBps: priceImpactBps(graph, best, amountIn, bestOut),
    candidates: paths,
    outputs,
    estimates,
    simulated,
  };
}
