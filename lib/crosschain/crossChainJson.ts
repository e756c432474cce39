// The wire form of a cross-chain price: route legs with their chains, the relayer fee, the bridge asset on each side.
import type { CrossChainLeg, CrossChainPrice } from './quoteCrossChain';
import { hopJson, sharesBps, type RouteLegJson } from '@/lib/quote/routeJson';

/** One chain's legs with their shares; a side without a swap is one leg without hops that hands the bridge asset on. */
function sideJson(side: CrossChainLeg): RouteLegJson[] {
  if (side.legs.length === 0) {
    return [{ chain_id: side.chainId, share_bps: 10_000, amount_in: side.amountIn.toString(), amount_out: side.amountOut.toString(), hops: [] }];
  }
  const shares = sharesBps(side.legs.map((leg) => leg.amountIn));
  return side.legs.map((leg, i) => ({
    chain_id: side.chainId,
    share_bps: shares[i] ?? 0,
    amount_in: leg.amountIn.toString(),
    amount_out: leg.amountOut.toString(),
    hops: leg.hops.map(hopJson),
  }));
}

/** The source chain's legs, then the destination chain's. */
export function crossChainRouteJson(price: CrossChainPrice): RouteLegJson[] {
  return [...sideJson(price.srcLeg), ...sideJson(price.dstLeg)];
}

/**
 * The relayer's fee in token_in, at the source leg's own rate (floor), so `fee_amount` can carry both fees as
 * API.md §4 asks; `relayer_fee` states it exactly in the bridge asset.
 */
export function relayerFeeInTokenIn(price: CrossChainPrice): bigint {
  const { srcLeg, relayerFee } = price;
  if (srcLeg.legs.length === 0 || srcLeg.amountOut === 0n) return relayerFee;
  return (relayerFee * srcLeg.amountIn) / srcLeg.amountOut;
}

export type Bridge = { srcToken: string; dstToken: string };

export function crossChainExtrasJson(price: CrossChainPrice, bridge: Bridge, estimatedFillTimeSec: number) {
  return {
    relayer_fee: { chain_id: price.srcLeg.chainId, token: bridge.srcToken, amount: price.relayerFee.toString() },
    estimated_fill_time_sec: estimatedFillTimeSec,
    bridge: {
      src: { chain_id: price.srcLeg.chainId, token: bridge.srcToken, amount: price.escrowAmount.toString() },
      dst: { chain_id: price.dstLeg.chainId, token: bridge.dstToken, amount: price.dstBridgeAmount.toString() },
    },
  };
}
