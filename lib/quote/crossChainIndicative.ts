// POST /v1/quote/indicative across chains: both legs priced from in-memory snapshots, no RPC round trip.
import 'server-only';
import type { IndicativeQuote, IndicativeQuoteRequest } from '@/lib/api/schemas/quote';
import { normaliseAddress } from '@/lib/domain/normaliseAddress';
import { env } from '@/lib/env';
import { crossChainExtrasJson, crossChainRouteJson, relayerFeeInTokenIn } from './crossChainJson';
import { crossChainSides, dstSnapshot, srcSnapshot } from './crossChainSides';
import { assertFillable, assertRelayerRunning, estimatedFillTimeSec } from './fillTimes';
import { quoteCrossChain } from './quoteCrossChain';

export async function crossChainIndicative(body: IndicativeQuoteRequest): Promise<IndicativeQuote> {
  const { src, dst } = await crossChainSides(body.src_chain_id, body.dst_chain_id);
  const config = env();
  const dstSide = await dstSnapshot(dst);
  const price = quoteCrossChain({
    tokenIn: normaliseAddress(body.token_in),
    tokenOut: normaliseAddress(body.token_out),
    amountIn: BigInt(body.amount_in),
    feeBps: config.FEE_BPS,
    src: srcSnapshot(src),
    dst: dstSide,
    relayerFee: { bps: config.RELAYER_FEE_BPS, gasUsdCents: config.RELAYER_GAS_FEE_USD_CENTS },
  });
  const fillSec = await estimatedFillTimeSec();
  assertFillable(fillSec);
  await assertRelayerRunning(src.chain.id);
  return {
    src_chain_id: body.src_chain_id,
    dst_chain_id: body.dst_chain_id,
    token_in: body.token_in,
    token_out: body.token_out,
    amount_in: body.amount_in,
    amount_out: price.amountOut.toString(),
    fee_rate: config.FEE_BPS,
    fee_amount: (price.feeAmount + relayerFeeInTokenIn(price)).toString(),
    route: crossChainRouteJson(price),
    price_impact_bps: price.priceImpactBps,
    block_number: Number(price.srcLeg.blockNumber),
    ...crossChainExtrasJson(price, { srcToken: src.bridgeToken, dstToken: dst.bridgeToken }, fillSec),
  };
}
