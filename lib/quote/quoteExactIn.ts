// An exact-input quote on one chain's graph: native coin through WETH, the service fee, then the best route.
import { zeroAddress, type Address } from 'viem';
import { MAX_LEGS } from '@/lib/contracts/legs';
import { DomainError } from '@/lib/domain/DomainError';
import type { LiquiditySource } from '@/lib/routing/pool';
import type { CandidatePath, PoolGraph } from '@/lib/routing/poolGraph';
import { withoutSources } from '@/lib/routing/withoutSources';
import { serviceFee } from './serviceFee';
import { splitRoute } from '@/lib/routing/splitRoute';

export type RouteHop = { pool: Address; tokenIn: Address; tokenOut: Address; source: LiquiditySource; feePpm: number };

/** One path of the route with the part of the swap amount it carries; legs execute in array order. */
export type QuoteLeg = {
  /** Token path through the pools (WETH where the caller said native). */
  path: readonly Address[];
  hops: readonly RouteHop[];
  amountIn: bigint;
  amountOut: bigint;
};

export type ExactInQuote = {
  chainId: number;
  amountIn: bigint;
  feeAmount: bigint;
  /** What the pools receive: `amountIn − feeAmount`, the sum of the legs' `amountIn`. */
  swapAmount: bigint;
  /** Sum of the legs' `amountOut`. */
  amountOut: bigint;
  legs: readonly QuoteLeg[];
  priceImpactBps: number;
  blockNumber: bigint;
};

export type ExactInRequest = {
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  feeBps: number;
  /** Added to the service fee, in input base units (a gasless order's gas fee); the pools swap what is left. */
  extraFee?: bigint;
  /** Most legs the route may split into (default MAX_LEGS; 1: a single path). */
  maxLegs?: number;
  /** Liquidity sources the route may not use. */
  excludedSources?: readonly LiquiditySource[];
};

/** The zero address stands for the native coin, which the pools hold as WETH. */
export function poolToken(graph: PoolGraph, token: Address): Address {
  return token === zeroAddress ? graph.topology.weth : token;
}

/** The wire-independent description of `path` carrying `amountIn` → `amountOut`. */
export function legOf(graph: PoolGraph, path: CandidatePath, amountIn: bigint, amountOut: bigint): QuoteLeg {
  const { pools } = graph.topology;
  const hops = path.hops.map((hop, i) => ({
    pool: pools[hop.pool]?.address ?? zeroAddress,
    tokenIn: path.tokens[i] ?? zeroAddress,
    tokenOut: path.tokens[i + 1] ?? zeroAddress,
    source: pools[hop.pool]?.source ?? 'uniswap_v2',
    feePpm: pools[hop.pool]?.feePpm ?? 0,
  }));
  return { path: path.tokens, hops, amountIn, amountOut };
}

export function quoteExactIn(fullGraph: PoolGraph, request: ExactInRequest): ExactInQuote {
  const graph = withoutSources(fullGraph, request.excludedSources);
  const tokenIn = poolToken(graph, request.tokenIn);
  const tokenOut = poolToken(graph, request.tokenOut);
  if (tokenIn === tokenOut) {
    throw new DomainError('NO_ROUTE', 'token_in and token_out are the native coin and its wrapped token; wrap or unwrap with WETH directly', { field: 'token_out' });
  }
  const feeAmount = serviceFee(request.amountIn, request.feeBps) + (request.extraFee ?? 0n);
  const swapAmount = request.amountIn - feeAmount;
  const route = splitRoute(graph, tokenIn, tokenOut, swapAmount, request.maxLegs ?? MAX_LEGS);
  return {
    chainId: graph.topology.chainId,
    amountIn: request.amountIn,
    feeAmount,
    swapAmount,
    amountOut: route.amountOut,
    legs: route.legs.map((leg) => legOf(graph, leg.path, leg.amountIn, leg.amountOut)),
    priceImpactBps: route.priceImpactBps,
    blockNumber: graph.blockNumber,
  };
}
