// POST /v1/quote/indicative: prices from the in-memory snapshot, no RPC round trip.
import 'server-only';
import type { IndicativeQuote, IndicativeQuoteRequest } from '@/lib/api/schemas/quote';
import { normaliseAddress } from '@/lib/domain/normaliseAddress';
import { excludedForQuotes } from '@/lib/contracts/routerSources';
import { env } from '@/lib/env';
import { crossChainIndicative } from '@/lib/crosschain/crossChainIndicative';
import { quoteChain } from './quoteChain';
import { quoteExactIn } from './quoteExactIn';
import { routeJson } from './routeJson';
import { hopDirections, REVIEW_HORIZON_SEC, SAME_CHAIN_SLIPPAGE_BPS, suggestedSlippage } from './suggestedSlippage';

export async function indicativeQuote(body: IndicativeQuoteRequest): Promise<IndicativeQuote> {
  if (body.src_chain_id !== body.dst_chain_id) return crossChainIndicative(body);
  const { follower } = await quoteChain(body.src_chain_id, body.dst_chain_id);
  const graph = follower.snapshot();
  const feeRate = env().FEE_BPS;
  const quote = quoteExactIn(graph, {
    tokenIn: normaliseAddress(body.token_in),
    tokenOut: normaliseAddress(body.token_out),
    amountIn: BigInt(body.amount_in),
    feeBps: feeRate,
    excludedSources: excludedForQuotes(body.excluded_sources),
  });
  const route = routeJson(quote);
  const now = Date.now();
  return {
    src_chain_id: body.src_chain_id,
    dst_chain_id: body.dst_chain_id,
    token_in: body.token_in,
    token_out: body.token_out,
    amount_in: body.amount_in,
    amount_out: quote.amountOut.toString(),
    fee_rate: feeRate,
    fee_amount: quote.feeAmount.toString(),
    route,
    price_impact_bps: quote.priceImpactBps,
    block_number: Number(quote.blockNumber),
    suggested_slippage: suggestedSlippage(route, (_, hops) => follower.moves.adverseMove(hopDirections(hops), REVIEW_HORIZON_SEC * 1000, now), SAME_CHAIN_SLIPPAGE_BPS),
  };
}
