// POST /v1/quote/firm across chains: both legs priced at the latest blocks, the ERC-7683 order signed (EIP-712) and
// stored with its order id and fill deadline; the calldata opens the order on the source router (`open`, or with
// `gasless` the `openFor` that Swapdesk's submitter sends on the sender's Permit2 signature).
import 'server-only';
import { randomBytes } from 'node:crypto';
import { bytesToHex, getAddress, zeroAddress, type Address } from 'viem';
import type { FirmQuote, FirmQuoteRequest } from '@/lib/api/schemas/quote';
import { assertMayQuoteFor } from '@/lib/auth/assertMayQuoteFor';
import type { AuthContext } from '@/lib/auth/authContext';
import { encodeOpenCalldata, fillOrderOf, signCrossChainQuote, type CrossChainQuote } from '@/lib/contracts/crossChainQuote';
import { encodeOpenForCalldata, gaslessOrderEip712, gaslessOrderOf } from '@/lib/contracts/gaslessOrder';
import { DomainError } from '@/lib/domain/DomainError';
import { assertGaslessWindow } from '@/lib/gasless/assertGaslessWindow';
import { approvalEip712, gaslessApproval, GASLESS_PERMIT_GAS, type OfferedApproval } from '@/lib/gasless/gaslessApproval';
import { gaslessGasFee, gaslessOpenGasEstimate } from '@/lib/gasless/gaslessGasFee';
import { offeredGaslessApproval } from '@/lib/gasless/offeredGaslessApproval';
import { BPS } from '@/lib/quote/serviceFee';
import { contractLeg, type Leg } from '@/lib/contracts/legs';
import type { LiquiditySource } from '@/lib/routing/pool';
import { quoteSignerFor } from '@/lib/contracts/quoteSigner';
import { isNative, normaliseAddress } from '@/lib/domain/normaliseAddress';
import { env } from '@/lib/env';
import { crossChainExtrasJson, crossChainRouteJson, relayerFeeInTokenIn } from './crossChainJson';
import { allowingSources, crossChainSides, dstSnapshot, srcSnapshot, type ResolvedSide } from './crossChainSides';
import { assertRecipientCanReceive } from '@/lib/quote/assertRecipientCanReceive';
import { assertFillable, assertRelayerRunning, estimatedFillTimeSec } from './fillTimes';
import { searchedPools } from '@/lib/quote/searchedPools';
import { minBridgeAmountOf, quoteCrossChain, relayerGasFeeOf, type CrossChainLeg, type CrossChainPrice, type CrossChainRequest } from './quoteCrossChain';
import { assertCrossChainSlippage, assertWithinSlippage, minAmountOut, slippagePpm } from '@/lib/quote/slippage';
import { storeGaslessOrder, storeIssuedQuote } from '@/lib/quote/storeIssuedQuote';

/** Service fee plus the gas fee may not exceed the router's cap (SwapRouter.FEE_CAP_BPS of amount_in). */
const ROUTER_FEE_CAP_BPS = 100n;

/** A side's legs as the contracts execute them; none when the bridge asset is handed on as it is. */
function legsOf(side: CrossChainLeg): Leg[] {
  return side.legs.map(contractLeg);
}

/** Prices against the snapshots first (a bad request costs no RPC), then at the latest blocks of both chains. */
async function priceAtLatest(
  src: ResolvedSide, dst: ResolvedSide, base: Omit<CrossChainRequest, 'src' | 'dst'>, excluded: readonly LiquiditySource[] | undefined,
): Promise<CrossChainPrice> {
  const srcSide = allowingSources(srcSnapshot(src), excluded);
  const dstSide = allowingSources(await dstSnapshot(dst), excluded);
  quoteCrossChain({ ...base, src: srcSide, dst: dstSide });
  const [srcGraph, dstGraph] = await Promise.all([
    src.follower.latest(searchedPools(srcSide.graph, base.tokenIn, src.bridgeToken)),
    dst.follower.latest(searchedPools(dstSide.graph, dst.bridgeToken, base.tokenOut)),
  ]);
  return quoteCrossChain({ ...base, src: allowingSources({ ...srcSide, graph: srcGraph }, excluded), dst: allowingSources({ ...dstSide, graph: dstGraph }, excluded) });
}

/**
 * A gasless order's gas fee: the submitter's gas for `openFor` along the source legs at the source chain's gas price,
 * in tokenIn at the source pools' prices; with the service fee it must stay within the router's cap.
 */
async function gaslessFeeOf(src: ResolvedSide, tokenIn: Address, price: CrossChainPrice, approval: OfferedApproval | undefined): Promise<bigint> {
  if (!src.chain.permit2) {
    throw new DomainError('INVALID_ARGUMENT', `gasless is not available on src_chain_id ${src.chain.id}: no Permit2 is configured there`, { field: 'gasless' });
  }
  const gasPrice = await src.follower.client.getGasPrice();
  const gas = gaslessOpenGasEstimate(price.srcLeg.legs) + (approval ? GASLESS_PERMIT_GAS : 0n);
  const { fee } = gaslessGasFee(src.follower.snapshot(), tokenIn, gas, gasPrice, env().GASLESS_GAS_MARGIN_PCT);
  const cap = (price.amountIn * ROUTER_FEE_CAP_BPS) / BPS;
  if (price.feeAmount + fee > cap) {
    throw new DomainError('AMOUNT_TOO_SMALL', `amount_in is too small for a gasless order: its gas fee of ${fee} plus the service fee exceeds the router's fee cap of ${cap} (1 % of amount_in)`, { field: 'amount_in' });
  }
  return fee;
}

/**
 * Our relayer alone may fill for `exclusivitySec` from the quote (destination clock, never past the fill deadline);
 * without a known relayer, or with 0 s, the order is open to every filler at once.
 */
function exclusivityOf(relayer: Address | undefined, fromSec: number, exclusivitySec: number, fillDeadline: number): Pick<CrossChainQuote, 'exclusiveFiller' | 'exclusivityDeadline'> {
  if (!relayer || exclusivitySec === 0) return { exclusiveFiller: zeroAddress, exclusivityDeadline: 0 };
  return { exclusiveFiller: relayer, exclusivityDeadline: Math.min(fromSec + exclusivitySec, fillDeadline) };
}

export async function crossChainFirm(body: FirmQuoteRequest, auth: AuthContext): Promise<FirmQuote> {
  assertMayQuoteFor(auth, body.from_address);
  assertGaslessWindow(body);
  const config = env();
  const ppm = slippagePpm(body.slippage);
  assertCrossChainSlippage(ppm, config.CROSSCHAIN_MAX_SLIPPAGE_BPS);
  const { src, dst } = await crossChainSides(body.src_chain_id, body.dst_chain_id);
  const { router } = src;
  const dstSettler = dst.settler;
  const tokenIn = normaliseAddress(body.token_in);
  const tokenOut = normaliseAddress(body.token_out);
  const request = {
    tokenIn, tokenOut, amountIn: BigInt(body.amount_in), feeBps: config.FEE_BPS,
    relayerFee: { bps: config.RELAYER_FEE_BPS, gasUsdCents: config.RELAYER_GAS_FEE_USD_CENTS },
  };
  let price = await priceAtLatest(src, dst, request, body.excluded_sources);
  // Gasless: price the submitter's gas along the source legs, then take it from the input with the service fee.
  // A sender short of Permit2 allowance on a token with EIP-2612 is offered the permit, whose gas the submitter pays too.
  const offered = body.gasless === true && src.chain.permit2
    ? await offeredGaslessApproval(src.follower.client, src.chain, tokenIn, getAddress(body.from_address.toLowerCase()), BigInt(body.amount_in))
    : undefined;
  const gasFee = body.gasless === true ? await gaslessFeeOf(src, tokenIn, price, offered) : undefined;
  if (gasFee !== undefined) price = await priceAtLatest(src, dst, { ...request, extraFee: gasFee }, body.excluded_sources);
  assertRecipientCanReceive(normaliseAddress(body.to_address), tokenOut, { address: dstSettler, name: 'the destination settler itself' }, dst.follower.snapshot().topology.weth);
  const fillSec = await estimatedFillTimeSec(src.chain.id, dst.chain.id);
  assertFillable(fillSec);
  await assertRelayerRunning(src.chain.id);
  if (body.indicative_amount_out !== undefined) assertWithinSlippage(BigInt(body.indicative_amount_out), price.amountOut, ppm);

  const now = Math.floor(Date.now() / 1000);
  const deadline = now + body.expiry_time_sec;
  // The fill deadline is checked on the destination's clock: the relayer gets the fill window after the last
  // moment the deposit may be made.
  const dstNow = Number(dst.follower.headTime() ?? 0n);
  const fillDeadline = Math.max(now, dstNow) + body.expiry_time_sec + config.CROSSCHAIN_FILL_WINDOW_SEC;
  const terms = {
    bridgeAmount: price.escrowAmount, dstBridgeAmount: price.dstBridgeAmount,
    relayerFeeBps: config.RELAYER_FEE_BPS, relayerGasFee: relayerGasFeeOf(src.bridgeDecimals, config.RELAYER_GAS_FEE_USD_CENTS),
  };
  const quote: CrossChainQuote = {
    quoteId: bytesToHex(randomBytes(32)),
    sender: getAddress(body.from_address.toLowerCase()),
    recipient: getAddress(body.to_address.toLowerCase()),
    tokenIn,
    amountIn: price.amountIn,
    feeAmount: price.feeAmount,
    srcLegs: legsOf(price.srcLeg),
    ...terms,
    minBridgeAmount: minBridgeAmountOf(terms, ppm),
    srcChainId: BigInt(src.chain.id),
    dstChainId: BigInt(dst.chain.id),
    dstSettler,
    dstBridgeToken: dst.bridgeToken,
    tokenOut,
    minAmountOut: minAmountOut(price.amountOut, ppm),
    dstLegs: legsOf(price.dstLeg),
    fillDeadline,
    deadline: BigInt(deadline),
    ...exclusivityOf(dst.chain.relayer, Math.max(now, dstNow), config.CROSSCHAIN_EXCLUSIVITY_SEC, fillDeadline),
  };
  const signature = await signCrossChainQuote(await quoteSignerFor(src.chain), src.chain.id, router, quote);
  const { orderId } = fillOrderOf(quote, router);
  const nativeIn = isNative(body.token_in);
  const permit2 = src.chain.permit2;
  const gasless = gasFee !== undefined && permit2 ? { order: gaslessOrderOf(quote, signature, router), fee: gasFee, permit2 } : undefined;
  const approval = gasless && offered ? gaslessApproval(offered, tokenIn, quote.sender, gasless.permit2, quote.amountIn, deadline) : undefined;
  const extras = crossChainExtrasJson(price, { srcToken: src.bridgeToken, dstToken: dst.bridgeToken }, fillSec);
  const data: FirmQuote = {
    quote_id: quote.quoteId,
    src_chain_id: body.src_chain_id,
    dst_chain_id: body.dst_chain_id,
    calldata: gasless ? encodeOpenForCalldata(gasless.order) : encodeOpenCalldata(quote, signature),
    router_address: router,
    from_address: body.from_address,
    to_address: body.to_address,
    token_in: body.token_in,
    token_out: body.token_out,
    amount_in: body.amount_in,
    amount_out: price.amountOut.toString(),
    min_amount_out: quote.minAmountOut.toString(),
    fee_rate: config.FEE_BPS,
    fee_amount: (price.feeAmount + relayerFeeInTokenIn(price)).toString(),
    deadline,
    value: nativeIn ? body.amount_in : '0',
    allowance_target: nativeIn ? null : gasless ? gasless.permit2 : router,
    route: crossChainRouteJson(price),
    price_impact_bps: price.priceImpactBps,
    block_number: Number(price.srcLeg.blockNumber),
    ...extras,
    bridge: { ...extras.bridge, src: { ...extras.bridge.src, min_amount: quote.minBridgeAmount.toString() } },
    order_id: orderId,
    fill_deadline: fillDeadline,
    ...(gasless ? {
      gasless: {
        eip712: gaslessOrderEip712(gasless.order, gasless.permit2), gas_fee_amount: gasless.fee.toString(), gas_fee_token: body.token_in,
        ...(approval ? { approval: { eip712: approvalEip712(approval) } } : {}),
      },
    } : {}),
  };
  await storeIssuedQuote({
    quote_id: data.quote_id,
    sub: auth.sub,
    src_chain_id: src.chain.id,
    dst_chain_id: dst.chain.id,
    router_address: router,
    from_address: quote.sender,
    to_address: quote.recipient,
    token_in: tokenIn,
    token_out: tokenOut,
    amount_in: data.amount_in,
    amount_out: data.amount_out,
    min_amount_out: data.min_amount_out,
    fee_amount: price.feeAmount.toString(),
    deadline,
    issued_block: Number(price.srcLeg.blockNumber),
    created_at: now,
    order_id: orderId,
    fill_deadline: fillDeadline,
  });
  if (gasless) {
    await storeGaslessOrder({
      quote_id: data.quote_id, chain_id: src.chain.id, router_address: router, from_address: quote.sender, calldata: data.calldata,
      deadline, gas_fee_amount: gasless.fee.toString(), approval: approval ? JSON.stringify(approval) : null,
    });
  }
  return data;
}
