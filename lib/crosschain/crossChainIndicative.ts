// POST /v1/quote/indicative across chains: both legs priced from in-memory snapshots, no RPC round trip.
import 'server-only';
import type { IndicativeQuote, IndicativeQuoteRequest } from '@/lib/api/schemas/quote';
import { normaliseAddress } from '@/lib/domain/normaliseAddress';
import { env } from '@/lib/env';
import { crossChainExtrasJson, crossChainRouteJson, relayerFeeInTokenIn } from './crossChainJson';
import { allowingSources, crossChainSides, dstSnapshot, srcSnapshot } from './crossChainSides';
import { assertFillable, assertRelayerRunning, estimatedFillTimeSec } from './fillTimes';
import { quoteCrossChain } from './quoteCrossChain';
import { CROSS_CHAIN_SLIPPAGE_BPS, hopDirections, REVIEW_HORIZON_SEC, suggestedSlippage } from '@/lib/quote/suggestedSlippage';

export async function crossChainIndicative(body: IndicativeQuoteRequest): Promise<IndicativeQuote> {
  const { src, dst } = await crossChainSides(body.src_chain_id, body.dst_chain_id);
  const config = env();
  const dstSide = allowingSources(await dstSnapshot(dst), body.excluded_sources);
  const price = quoteCrossChain({
    tokenIn: normaliseAddress(body.token_in),
    tokenOut: normaliseAddress(body.token_out),
    amountIn: BigInt(body.amount_in),
    feeBps: config.FEE_BPS,
    src: allowingSources(srcSnapshot(src), body.excluded_sources),
    dst: dstSide,
    relayerFee: { bps: config.RELAYER_FEE_BPS, gasUsdCents: config.RELAYER_GAS_FEE_USD_CENTS },
  });
  const fillSec = await estimatedFillTimeSec(src.chain.id, dst.chain.id);
  assertFillable(fillSec);
  await assertRelayerRunning(src.chain.id);
  const route = crossChainRouteJson(price);
  const now = Date.now();
  const followers = new Map([[src.chain.id, src.follower], [dst.chain.id, dst.follower]]);
  // The trader's slippage covers both chains' swaps and the wait for the fill, never above the service's cap.
  const bounds = { minBps: Math.min(CROSS_CHAIN_SLIPPAGE_BPS.minBps, config.CROSSCHAIN_MAX_SLIPPAGE_BPS), maxBps: Math.min(CROSS_CHAIN_SLIPPAGE_BPS.maxBps, config.CROSSCHAIN_MAX_SLIPPAGE_BPS) };
  const horizonMs = (REVIEW_HORIZON_SEC + fillSec) * 1000;
  const move = (chainId: number, hops: Parameters<typeof hopDirections>[0]) => followers.get(chainId)?.moves.adverseMove(hopDirections(hops), horizonMs, now);
  return {
    src_chain_id: body.src_chain_id,
    dst_chain_id: body.dst_chain_id,
    token_in: body.token_in,
    token_out: body.token_out,
    amount_in: body.amount_in,
    amount_out: price.amountOut.toString(),
    fee_rate: config.FEE_BPS,
    fee_amount: (price.feeAmount + relayerFeeInTokenIn(price)).toString(),
    route,
    price_impact_bps: price.priceImpactBps,
    block_number: Number(price.srcLeg.blockNumber),
    suggested_slippage: suggestedSlippage(route, move, bounds),
    ...crossChainExtrasJson(price, { srcToken: src.bridgeToken, dstToken: dst.bridgeToken }, fillSec),
  };
}
