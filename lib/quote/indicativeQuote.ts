// POST /v1/quote/indicative: prices from the in-memory snapshot, no RPC round trip.
import 'server-only';
import type { IndicativeQuote, IndicativeQuoteRequest } from '@/lib/api/schemas/quote';
import type { PoolMoves } from '@/lib/chainstate/poolMoves';
import { normaliseAddress } from '@/lib/domain/normaliseAddress';
import { excludedForQuotes } from '@/lib/contracts/routerSources';
import { env } from '@/lib/env';
import { crossChainIndicative } from '@/lib/crosschain/crossChainIndicative';
import type { PoolGraph } from '@/lib/routing/poolGraph';
import { quoteChain } from './quoteChain';
import { quoteExactIn, type ExactInQuote, type ExactInRequest } from './quoteExactIn';
import { routeJson } from './routeJson';
import { hopDirections, REVIEW_HORIZON_SEC, SAME_CHAIN_SLIPPAGE_BPS, suggestedSlippage } from './suggestedSlippage';

export async function indicativeQuote(body: IndicativeQuoteRequest): Promise<IndicativeQuote> {
  if (body.src_chain_id !== body.dst_chain_id) return crossChainIndicative(body);
  const { follower } = await quoteChain(body.src_chain_id, body.dst_chain_id);
  const graph = follower.snapshot();
  return indicativeAnswer(body, quoteExactIn(graph, exactInRequest(body)), follower.moves);
}

/** The engine's request for a same-chain indicative body: everything the route search's answer depends on. */
export function exactInRequest(body: IndicativeQuoteRequest): ExactInRequest {
  return {
    tokenIn: normaliseAddress(body.token_in),
    tokenOut: normaliseAddress(body.token_out),
    amountIn: BigInt(body.amount_in),
    feeBps: env().FEE_BPS,
    excludedSources: excludedForQuotes(body.excluded_sources),
  };
}

/**
 * The wire answer of a same-chain route search. The suggested slippage is read now (the pools' recent moves slide
 * with time), so a route kept from an earlier block is re-dressed at `graph`'s block rather than searched again.
 */
export function indicativeAnswer(body: IndicativeQuoteRequest, quote: ExactInQuote, moves: PoolMoves, graph?: PoolGraph): IndicativeQuote {
  const route = routeJson(quote);
  const now = Date.now();
  return {
    src_chain_id: body.src_chain_id,
    dst_chain_id: body.dst_chain_id,
    token_in: body.token_in,
    token_out: body.token_out,
    amount_in: body.amount_in,
    amount_out: quote.amountOut.toString(),
    fee_rate: env().FEE_BPS,
    fee_amount: quote.feeAmount.toString(),
    route,
    price_impact_bps: quote.priceImpactBps,
    block_number: Number(graph?.blockNumber ?? quote.blockNumber),
    suggested_slippage: suggestedSlippage(route, (_, hops) => moves.adverseMove(hopDirections(hops), REVIEW_HORIZON_SEC * 1000, now), SAME_CHAIN_SLIPPAGE_BPS),
  };
}
