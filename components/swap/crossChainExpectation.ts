// What a cross-chain order must agree with, from the registry both chains' entries in GET /v1/chains and the request.
import type { PublicChain } from '@/lib/chains/publicChain';
import type { ExpectedCrossChain } from '@/lib/client/checkCrossChainOrder';

type Request = { src_chain_id: number; dst_chain_id: number; slippage: number };

/** Null when either chain takes no part in cross-chain swaps (the check then refuses the order). */
export function crossChainExpectation(chains: PublicChain[], request: Request, clocks: { nowSec: number; dstNowSec?: number }): ExpectedCrossChain | null {
  const src = chains.find((c) => c.id === request.src_chain_id);
  const dst = chains.find((c) => c.id === request.dst_chain_id);
  if (!src?.bridgeToken || !src.crossChain || !dst?.bridgeToken || !dst.crossChain) return null;
  return {
    destinationSettler: dst.crossChain.destinationSettler,
    srcBridgeToken: src.bridgeToken,
    dstBridgeToken: dst.bridgeToken,
    srcWeth: src.weth,
    dstWeth: dst.weth,
    relayer: dst.crossChain.relayer,
    fillWindowSec: dst.crossChain.fillWindowSec,
    maxSlippageBps: src.crossChain.maxSlippageBps,
    slippagePercent: request.slippage,
    ...clocks,
  };
}
