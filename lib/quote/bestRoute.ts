// Picks the path of up to three hops that gives the most output, by the pools' exact integer math.
import type { Address } from 'viem';
import { DomainError } from '@/lib/domain/DomainError';
import { candidatePaths } from './candidatePaths';
import { fitsPool, getAmountOut } from './getAmountOut';
import type { CandidatePath, PoolGraph } from './poolGraph';

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
  let amount = amountIn;
  for (const hop of path.hops) {
    const reserves = graph.reserves[hop.pool];
    if (!reserves) return undefined;
    const [reserveIn, reserveOut] = hop.zeroForOne ? reserves : [reserves[1], reserves[0]];
    if (reserveIn === 0n || reserveOut === 0n || !fitsPool(amount, reserveIn)) return undefined;
    amount = getAmountOut(amount, reserveIn, reserveOut);
  }
  return amount;
}

function amountsAlong(graph: PoolGraph, path: CandidatePath, amountIn: bigint): bigint[] {
  const amounts = [amountIn];
  let amount = amountIn;
  for (const hop of path.hops) {
    const [r0, r1] = graph.reserves[hop.pool] ?? [0n, 0n];
    amount = hop.zeroForOne ? getAmountOut(amount, r0, r1) : getAmountOut(amount, r1, r0);
    amounts.push(amount);
  }
  return amounts;
}

export function priceImpactBps(graph: PoolGraph, path: CandidatePath, amountIn: bigint, amountOut: bigint): number {
  let numerator = amountIn;
  let denominator = 1n;
  for (const hop of path.hops) {
    const [r0, r1] = graph.reserves[hop.pool] ?? [0n, 0n];
    numerator *= hop.zeroForOne ? r1 : r0;
    denominator *= hop.zeroForOne ? r0 : r1;
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

/** The best route for swapping `amountIn` (what the pools receive) of `tokenIn` into `tokenOut`. */
export function bestRoute(graph: PoolGraph, tokenIn: Address, tokenOut: Address, amountIn: bigint): BestRoute {
  assertTokenKnown(graph, tokenIn, 'token_in');
  assertTokenKnown(graph, tokenOut, 'token_out');
  const paths = candidatePaths(graph.topology, tokenIn, tokenOut);
  if (paths.length === 0) {
    throw new DomainError('NO_ROUTE', `no pool path of up to 3 hops connects token_in to token_out`, { field: 'token_out' });
  }
  let best: CandidatePath | undefined;
  let bestOut = -1n;
  const outputs: (bigint | undefined)[] = [];
  for (const path of paths) {
    const out = simulate(graph, path, amountIn);
    outputs.push(out);
    // Paths come sorted by length, so on a tie the shorter (cheaper in gas) path stays.
    if (out !== undefined && out > bestOut) {
      best = path;
      bestOut = out;
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
    amounts: amountsAlong(graph, best, amountIn),
    amountOut: bestOut,
    priceImpactBps: priceImpactBps(graph, best, amountIn, bestOut),
    candidates: paths,
    outputs,
  };
}
