// Prices a cross-chain swap on two pool graphs with the pools' exact integer math: source path to the bridge asset
// after the service fee, the relayer's fee, destination path from the bridge asset to the output.
import type { Address } from 'viem';
import { relayerPayout, type CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { DomainError } from '@/lib/domain/DomainError';
import type { PoolGraph } from '@/lib/routing/poolGraph';
import { legOf, poolToken, type QuoteLeg } from '@/lib/quote/quoteExactIn';
import { BPS, serviceFee } from '@/lib/quote/serviceFee';
import { splitRoute } from '@/lib/routing/splitRoute';

/** One chain's side of a cross-chain quote: its pools and the bridge asset (a USD stablecoin) there. */
export type CrossChainSide = { graph: PoolGraph; bridgeToken: Address; bridgeDecimals: number };

export type RelayerFeeConfig = {
  /** Share of the escrowed bridge amount, in bps, rounded up. */
  bps: number;
  /** A flat part for the destination gas, in US cents of the bridge asset. */
  gasUsdCents: number;
};

export type CrossChainRequest = {
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  feeBps: number;
  /** Taken from the input with the service fee (a gasless order's gas fee, in tokenIn base units). */
  extraFee?: bigint;
  src: CrossChainSide;
  dst: CrossChainSide & {
    /** The relayer's bridge-asset balance on the destination, as followed per block. */
    inventory: bigint;
    /** The relayer's per-order cap (RELAYER_MAX_ORDER_USD, whole USD of the bridge asset): it fills no larger payout. */
    maxOrderUsd?: number;
  };
  relayerFee: RelayerFeeConfig;
};

/**
 * One chain's swap of a cross-chain quote, split over up to four paths when that pays more (same engine as
 * same-chain quotes); no legs when the token already is the bridge asset.
 */
export type CrossChainLeg = {
  chainId: number;
  amountIn: bigint;
  amountOut: bigint;
  /** In execution order; paths run through WETH for the native coin. */
  legs: readonly QuoteLeg[];
  priceImpactBps: number;
  blockNumber: bigint;
};

/** The signed terms the router scales the destination with (CrossChainQuote's fields of those names). */
export type PayoutTerms = Pick<CrossChainQuote, 'bridgeAmount' | 'dstBridgeAmount' | 'relayerFeeBps' | 'relayerGasFee'>;

export type CrossChainPrice = {
  amountIn: bigint;
  /** The service fee (with any extraFee), taken from the input on the source chain. */
  feeAmount: bigint;
  /** Source swap: `amountIn − feeAmount` of tokenIn into the source bridge asset (the escrow). */
  srcLeg: CrossChainLeg;
  /** What the source swap is expected to escrow, in source bridge units. */
  escrowAmount: bigint;
  /** What the relayer keeps of the escrow: `escrowAmount` less `dstBridgeAmount` (in source units). */
  relayerFee: bigint;
  /** What the relayer pays into the destination swap, in destination bridge units. */
  dstBridgeAmount: bigint;
  /** Destination swap: `dstBridgeAmount` of the destination bridge asset into tokenOut. */
  dstLeg: CrossChainLeg;
  amountOut: bigint;
  /** Both legs' shortfall against their mid prices combined, bps. */
  priceImpactBps: number;
};

/** `amount` of a token with `from` decimals in units of one with `to` decimals (rounded down, or up with `up`). */
export function rescale(amount: bigint, from: number, to: number, up = false): bigint {
  if (from === to) return amount;
  if (to > from) return amount * 10n ** BigInt(to - from);
  const divisor = 10n ** BigInt(from - to);
  return up ? (amount + divisor - 1n) / divisor : amount / divisor;
}

/** The flat gas part of the relayer's fee in bridge units of `decimals` (US cents, rounded up). */
export function relayerGasFeeOf(decimals: number, gasUsdCents: number): bigint {
  return rescale(BigInt(gasUsdCents), 2, decimals, true);
}

/** The relayer's fee on `escrow`: `ceil(escrow × bps / 10000)` plus the flat gas part in bridge units (as the router). */
export function relayerFeeOf(escrow: bigint, decimals: number, config: RelayerFeeConfig): bigint {
  const share = (escrow * BigInt(config.bps) + BPS - 1n) / BPS;
  return share + relayerGasFeeOf(decimals, config.gasUsdCents);
}

function combineImpact(a: number, b: number): number {
  // 1 − (1 − a)(1 − b), in bps, rounded down.
  return Math.floor(a + b - (a * b) / 10_000);
}

/** The swap through the pools, or the bridge asset handed on as it is when `from` already is `to`. */
function leg(graph: PoolGraph, from: Address, to: Address, amountIn: bigint): CrossChainLeg {
  const { chainId } = graph.topology;
  const tokenIn = poolToken(graph, from);
  const tokenOut = poolToken(graph, to);
  if (tokenIn === tokenOut) {
    return { chainId, amountIn, amountOut: amountIn, legs: [], priceImpactBps: 0, blockNumber: graph.blockNumber };
  }
  const route = splitRoute(graph, tokenIn, tokenOut, amountIn);
  return {
    chainId,
    amountIn,
    amountOut: route.amountOut,
    legs: route.legs.map((l) => legOf(graph, l.path, l.amountIn, l.amountOut)),
    priceImpactBps: route.priceImpactBps,
    blockNumber: graph.blockNumber,
  };
}

/** The source leg's errors name token_in: it is the input that has no way to the bridge asset. */
function sourceLeg(request: CrossChainRequest, swapAmount: bigint): CrossChainLeg {
  const { graph, bridgeToken } = request.src;
  try {
    return leg(graph, request.tokenIn, bridgeToken, swapAmount);
  } catch (error: unknown) {
    if (error instanceof DomainError && error.type === 'NO_ROUTE') {
      throw new DomainError('NO_ROUTE', `token_in has no pool path of up to 3 hops to the bridge asset on chain ${graph.topology.chainId}`, { field: 'token_in' });
    }
    throw error;
  }
}

function destinationLeg(request: CrossChainRequest, dstBridgeAmount: bigint): CrossChainLeg {
  const { graph, bridgeToken } = request.dst;
  const tokenOut = poolToken(graph, request.tokenOut);
  if (!graph.topology.adjacency.has(tokenOut)) {
    throw new DomainError('UNSUPPORTED_TOKEN', `token_out ${request.tokenOut} has no pool on dst_chain_id ${graph.topology.chainId}`, { field: 'token_out' });
  }
  try {
    return leg(graph, bridgeToken, request.tokenOut, dstBridgeAmount);
  } catch (error: unknown) {
    if (error instanceof DomainError && error.type === 'NO_ROUTE') {
      throw new DomainError('NO_ROUTE', `token_out has no pool path of up to 3 hops from the bridge asset on chain ${graph.topology.chainId}`, { field: 'token_out' });
    }
    throw error;
  }
}

/** Validates both tokens against their chains before any pricing, so the error names the field at fault. */
function assertTokensKnown(request: CrossChainRequest): void {
  const tokenIn = poolToken(request.src.graph, request.tokenIn);
  if (!request.src.graph.topology.adjacency.has(tokenIn)) {
    throw new DomainError('UNSUPPORTED_TOKEN', `token_in ${request.tokenIn} has no pool on src_chain_id ${request.src.graph.topology.chainId}`, { field: 'token_in' });
  }
  const tokenOut = poolToken(request.dst.graph, request.tokenOut);
  if (!request.dst.graph.topology.adjacency.has(tokenOut)) {
    throw new DomainError('UNSUPPORTED_TOKEN', `token_out ${request.tokenOut} has no pool on dst_chain_id ${request.dst.graph.topology.chainId}`, { field: 'token_out' });
  }
}

export function quoteCrossChain(request: CrossChainRequest): CrossChainPrice {
  assertTokensKnown(request);
  const feeAmount = serviceFee(request.amountIn, request.feeBps) + (request.extraFee ?? 0n);
  if (feeAmount >= request.amountIn) {
    throw new DomainError('AMOUNT_TOO_SMALL', 'amount_in is too small: it does not cover the fees', { field: 'amount_in' });
  }
  const srcLeg = sourceLeg(request, request.amountIn - feeAmount);
  const escrowAmount = srcLeg.amountOut;
  const fee = relayerFeeOf(escrowAmount, request.src.bridgeDecimals, request.relayerFee);
  if (escrowAmount <= fee) {
    throw new DomainError('AMOUNT_TOO_SMALL', `amount_in is too small: it does not cover the relayer's fee for delivering on chain ${request.dst.graph.topology.chainId}`, { field: 'amount_in' });
  }
  const dstBridgeAmount = rescale(escrowAmount - fee, request.src.bridgeDecimals, request.dst.bridgeDecimals);
  if (dstBridgeAmount === 0n) {
    throw new DomainError('AMOUNT_TOO_SMALL', 'amount_in is too small: the output rounds to zero after fees', { field: 'amount_in' });
  }
  if (dstBridgeAmount > request.dst.inventory) {
    throw new DomainError('INSUFFICIENT_LIQUIDITY', `amount_in is more than the relayer can deliver on chain ${request.dst.graph.topology.chainId} right now`, {
      field: 'amount_in',
    });
  }
  const { maxOrderUsd } = request.dst;
  if (maxOrderUsd !== undefined && dstBridgeAmount > BigInt(maxOrderUsd) * 10n ** BigInt(request.dst.bridgeDecimals)) {
    // Not a passing condition: the relayer would refuse this fill whenever it came, and the deposit would only be refunded.
    throw new DomainError('INSUFFICIENT_LIQUIDITY', `amount_in is more than the relayer delivers in one order on chain ${request.dst.graph.topology.chainId} (at most ${maxOrderUsd} USD of the bridge asset); split the swap into smaller ones`, {
      field: 'amount_in', retryable: false,
    });
  }
  const dstLeg = destinationLeg(request, dstBridgeAmount);
  if (dstLeg.amountOut === 0n) {
    throw new DomainError('AMOUNT_TOO_SMALL', 'amount_in is too small: the output rounds to zero after fees', { field: 'amount_in' });
  }
  return {
    amountIn: request.amountIn,
    feeAmount,
    srcLeg,
    escrowAmount,
    relayerFee: escrowAmount - rescale(dstBridgeAmount, request.dst.bridgeDecimals, request.src.bridgeDecimals, true),
    dstBridgeAmount,
    dstLeg,
    amountOut: dstLeg.amountOut,
    priceImpactBps: combineImpact(srcLeg.priceImpactBps, dstLeg.priceImpactBps),
  };
}

/**
 * The least escrow the source swap may produce: the one at which the router's payout (scaled to the escrow, the
 * relayer's fee kept whole) still pays the destination `slippage` less than quoted, so the trader's slippage covers
 * the whole route. Through the destination's concave swap that payout gives at least `min_amount_out`.
 */
export function minBridgeAmountOf(terms: PayoutTerms, slippagePpm: bigint): bigint {
  const target = (terms.dstBridgeAmount * (1_000_000n - slippagePpm) + 999_999n) / 1_000_000n;
  // The payout never falls as the escrow grows: the least escrow that pays `target` by bisection.
  let lo = 0n;
  let hi = terms.bridgeAmount;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if (relayerPayout(terms, mid) >= target) hi = mid;
    else lo = mid + 1n;
  }
  return lo;
}
