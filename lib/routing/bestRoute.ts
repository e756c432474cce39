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
  /** Every candidate path searched and its output for the whole amount (undefined where a pool cannot take it). */
  candidates: readonly CandidatePath[];
  outputs: readonly (bigint | undefined)[];
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
 * Exact simulation is the cost of a quote (a V3 hop is a bigint swap loop): beyond this many candidate paths, only the
 * paths a float estimate ranks highest for the amount are simulated exactly.
 */
export const EXACT_CANDIDATES = 16;

/** Output of `x` through one pool on its float model (a V3 pool's ticks walked as the exact loop walks them). */
function estimateHop(state: PoolState | undefined, x: number, zeroForOne: boolean): number {
  if (!state || !(x > 0)) return 0;
  const kernel = floatKernelOf(state);
  const buf = new Float64Array(kernel.slots);
  kernel.load(buf, 0);
  return kernel.out(buf, 0, x, zeroForOne, false);
}

/** Which candidate paths to simulate exactly: all of them when few, else the EXACT_CANDIDATES with the best estimate. */
function exactShortlist(graph: PoolGraph, paths: readonly CandidatePath[], amountIn: bigint): boolean[] {
  if (paths.length <= EXACT_CANDIDATES) return paths.map(() => true);
  const x = Number(amountIn);
  const estimates = paths.map((path) => path.hops.reduce((a, hop) => estimateHop(graph.states[hop.pool], a, hop.zeroForOne), x));
  const order = paths.map((_, i) => i).sort((i, j) => (estimates[j] ?? 0) - (estimates[i] ?? 0));
  const chosen = paths.map(() => false);
  for (const i of order.slice(0, EXACT_CANDIDATES)) chosen[i] = true;
  return chosen;
}

/** The best route for swapping `amountIn` (what the pools receive) of `tokenIn` into `tokenOut`. */
export function bestRoute(graph: PoolGraph, tokenIn: Address, tokenOut: Address, amountIn: bigint): BestRoute {
  assertTokenKnown(graph, tokenIn, 'token_in');
  assertTokenKnown(graph, tokenOut, 'token_out');
  const paths = candidatePaths(graph, tokenIn, tokenOut);
  if (paths.length === 0) {
    throw new DomainError('NO_ROUTE', `no pool path of up to 3 hops connects token_in to token_out`, { field: 'token_out' });
  }
  let best: CandidatePath | undefined;
  let bestOut = -1n;
  const outputs: (bigint | undefined)[] = new Array<bigint | undefined>(paths.length).fill(undefined);
  const shortlist = exactShortlist(graph, paths, amountIn);
  const amountsOf = pathAmounts(graph, amountIn);
  let bestAmounts: bigint[] = [];
  // The shortlist first; the other paths only when no shortlisted one can take the whole amount (estimates do not
  // see where a V3 pool's liquidity ends).
  for (const pass of [true, false]) {
    for (let i = 0; i < paths.length; i++) {
      const path = paths[i];
      if (!path || shortlist[i] !== pass) continue;
      const amounts = amountsOf(path);
      const out = amounts?.[amounts.length - 1];
      outputs[i] = out;
      // Paths come sorted by length, so on a tie the shorter (cheaper in gas) path stays.
      if (amounts && out !== undefined && out > bestOut) {
        best = path;
        bestOut = out;
        bestAmounts = amounts;
      }
    }
    if (best && bestOut > 0n) break;
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
  };
}
