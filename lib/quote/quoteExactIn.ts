// An exact-input quote on one chain's graph: native coin through WETH, the service fee, then the best route.
import { zeroAddress, type Address } from 'viem';
import { ApiError } from '@/lib/api/errors';
import { bestRoute } from './bestRoute';
import type { PoolGraph } from './poolGraph';
import { serviceFee } from './serviceFee';

export type RouteHop = { pool: Address; tokenIn: Address; tokenOut: Address };

export type ExactInQuote = {
  amountIn: bigint;
  feeAmount: bigint;
  /** What the pools receive: `amountIn − feeAmount`. */
  swapAmount: bigint;
  amountOut: bigint;
  /** Token path through the pools (WETH where the caller said native). */
  path: readonly Address[];
  route: readonly RouteHop[];
  priceImpactBps: number;
  blockNumber: bigint;
};

export type ExactInRequest = { tokenIn: Address; tokenOut: Address; amountIn: bigint; feeBps: number };

/** The zero address stands for the native coin, which the pools hold as WETH. */
export function poolToken(graph: PoolGraph, token: Address): Address {
  return token === zeroAddress ? graph.topology.weth : token;
}

export function quoteExactIn(graph: PoolGraph, request: ExactInRequest): ExactInQuote {
  const tokenIn = poolToken(graph, request.tokenIn);
  const tokenOut = poolToken(graph, request.tokenOut);
  if (tokenIn === tokenOut) {
    throw new ApiError('NO_ROUTE', 'token_in and token_out are the native coin and its wrapped token; wrap or unwrap with WETH directly', { field: 'token_out' });
  }
  const feeAmount = serviceFee(request.amountIn, request.feeBps);
  const swapAmount = request.amountIn - feeAmount;
  const best = bestRoute(graph, tokenIn, tokenOut, swapAmount);
  const { pools } = graph.topology;
  const route = best.path.hops.map((hop, i) => ({
    pool: pools[hop.pool]?.address ?? zeroAddress,
    tokenIn: best.path.tokens[i] ?? zeroAddress,
    tokenOut: best.path.tokens[i + 1] ?? zeroAddress,
  }));
  return {
    amountIn: request.amountIn,
    feeAmount,
    swapAmount,
    amountOut: best.amountOut,
    path: best.path.tokens,
    route,
    priceImpactBps: best.priceImpactBps,
    blockNumber: graph.blockNumber,
  };
}
