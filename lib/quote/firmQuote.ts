// POST /v1/quote/firm: prices at the latest block, signs the router quote (EIP-712), stores it, returns calldata.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { bytesToHex, getAddress, type Address } from 'viem';
import type { ChainConfig } from '@/lib/chains/chainConfig';
import { DomainError } from '@/lib/domain/DomainError';
import type { FirmQuote, FirmQuoteRequest } from '@/lib/api/schemas/quote';
import { isNative, normaliseAddress } from '@/lib/domain/normaliseAddress';
import { assertMayQuoteFor } from '@/lib/auth/assertMayQuoteFor';
import type { AuthContext } from '@/lib/auth/authContext';
import { quoteSignerFor } from '@/lib/contracts/quoteSigner';
import { encodeSwapCalldata, signRouterQuote, type RouterQuote } from '@/lib/contracts/swapRouterQuote';
import { encodeSwapPermit2Calldata, permit2Eip712 } from '@/lib/contracts/permit2';
import { contractLeg } from '@/lib/contracts/legs';
import { excludedForQuotes } from '@/lib/contracts/routerSources';
import { env } from '@/lib/env';
import { assertRecipientCanReceive } from './assertRecipientCanReceive';
import { crossChainFirm } from '@/lib/crosschain/crossChainFirm';
import { quoteChain } from './quoteChain';
import { quoteExactIn, type ExactInQuote } from './quoteExactIn';
import { storeGaslessOrder, storeIssuedQuote } from './storeIssuedQuote';
import { assertGaslessWindow } from '@/lib/gasless/assertGaslessWindow';
import { approvalEip712, gaslessApproval, GASLESS_PERMIT_GAS, type OfferedApproval } from '@/lib/gasless/gaslessApproval';
import { gaslessGasEstimate, gaslessGasFee } from '@/lib/gasless/gaslessGasFee';
import { offeredGaslessApproval } from '@/lib/gasless/offeredGaslessApproval';
import { BPS } from './serviceFee';
import { routeJson } from './routeJson';
import { searchedPools } from './searchedPools';
import { assertWithinSlippage, minAmountOut, slippagePpm } from './slippage';

type Priced = { quote: ExactInQuote; chain: ChainConfig; chainId: number; router: Address; weth: Address; permit2?: Address; gasless?: { fee: bigint; approval?: OfferedApproval } };

/** Service fee plus the gas fee may not exceed the router's cap (SwapRouter.FEE_CAP_BPS of amount_in). */
const ROUTER_FEE_CAP_BPS = 100n;

async function priceAtLatest(body: FirmQuoteRequest, tokenIn: Address, tokenOut: Address): Promise<Priced> {
  const { chain, follower } = await quoteChain(body.src_chain_id, body.dst_chain_id);
  const router = chain.swapRouter;
  if (!router) throw new DomainError('UNSUPPORTED_CHAIN', `firm quotes are not available on src_chain_id ${chain.id}: no router is deployed`, { field: 'src_chain_id' });
  if ((body.approval === 'permit2' || body.gasless === true) && !chain.permit2) {
    const field = body.gasless === true ? 'gasless' : 'approval';
    throw new DomainError('INVALID_ARGUMENT', `${field === 'gasless' ? 'gasless' : 'approval "permit2"'} is not available on src_chain_id ${chain.id}: no Permit2 is configured there`, { field });
  }
  const request = { tokenIn, tokenOut, amountIn: BigInt(body.amount_in), feeBps: env().FEE_BPS, excludedSources: excludedForQuotes(body.excluded_sources) };
  // Validate against the snapshot first so a bad request costs no RPC round trip.
  const snapshot = follower.snapshot();
  quoteExactIn(snapshot, request);
  const latest = await follower.latest(searchedPools(snapshot, tokenIn, tokenOut));
  const quote = quoteExactIn(latest, request);
  const priced = { quote, chain, chainId: chain.id, router, weth: latest.topology.weth, permit2: chain.permit2 };
  if (body.gasless !== true) return priced;
  // Gasless: price the submitter's gas along the route, then take it from the input with the service fee.
  // A sender short of Permit2 allowance on a token with EIP-2612 is offered the permit, whose gas the submitter pays too.
  const approval = await offeredGaslessApproval(follower.client, chain, tokenIn, getAddress(body.from_address.toLowerCase()), request.amountIn);
  const gasPrice = await follower.client.getGasPrice();
  const gas = gaslessGasEstimate(quote.legs) + (approval ? GASLESS_PERMIT_GAS : 0n);
  const { fee } = gaslessGasFee(latest, tokenIn, gas, gasPrice, env().GASLESS_GAS_MARGIN_PCT);
  const cap = (request.amountIn * ROUTER_FEE_CAP_BPS) / BPS;
  if (quote.feeAmount + fee > cap) {
    throw new DomainError('AMOUNT_TOO_SMALL', `amount_in is too small for a gasless order: its gas fee of ${fee} plus the service fee exceeds the router's fee cap of ${cap} (1 % of amount_in)`, { field: 'amount_in' });
  }
  return { ...priced, quote: quoteExactIn(latest, { ...request, extraFee: fee }), gasless: { fee, approval } };
}

export async function firmQuote(body: FirmQuoteRequest, auth: AuthContext): Promise<FirmQuote> {
  if (body.src_chain_id !== body.dst_chain_id) return crossChainFirm(body, auth);
  assertMayQuoteFor(auth, body.from_address);
  assertGaslessWindow(body);
  const tokenIn = normaliseAddress(body.token_in);
  const tokenOut = normaliseAddress(body.token_out);
  const { quote, chain, chainId, router, weth, permit2, gasless } = await priceAtLatest(body, tokenIn, tokenOut);
  assertRecipientCanReceive(normaliseAddress(body.to_address), tokenOut, { address: router, name: 'the router itself' }, weth);
  const ppm = slippagePpm(body.slippage);
  if (body.indicative_amount_out !== undefined) assertWithinSlippage(BigInt(body.indicative_amount_out), quote.amountOut, ppm);

  const now = Math.floor(Date.now() / 1000);
  const routerQuote: RouterQuote = {
    quoteId: bytesToHex(randomBytes(32)),
    sender: getAddress(body.from_address.toLowerCase()),
    recipient: getAddress(body.to_address.toLowerCase()),
    tokenIn,
    tokenOut,
    amountIn: quote.amountIn,
    feeAmount: quote.feeAmount,
    minAmountOut: minAmountOut(quote.amountOut, ppm),
    legs: quote.legs.map(contractLeg),
    srcChainId: BigInt(chainId),
    dstChainId: BigInt(body.dst_chain_id),
    deadline: BigInt(now + body.expiry_time_sec),
  };
  const signature = await signRouterQuote(await quoteSignerFor(chain), chainId, router, routerQuote);
  const nativeIn = isNative(body.token_in);
  const viaPermit2 = (body.approval === 'permit2' || gasless !== undefined) && permit2 !== undefined;
  const eip712 = viaPermit2 ? permit2Eip712(chainId, router, routerQuote, permit2) : undefined;
  const approval = gasless?.approval && permit2 ? gaslessApproval(gasless.approval, tokenIn, routerQuote.sender, permit2, quote.amountIn, Number(routerQuote.deadline)) : undefined;
  const data: FirmQuote = {
    quote_id: routerQuote.quoteId,
    src_chain_id: body.src_chain_id,
    dst_chain_id: body.dst_chain_id,
    calldata: viaPermit2 ? encodeSwapPermit2Calldata(routerQuote, signature) : encodeSwapCalldata(routerQuote, signature),
    router_address: router,
    from_address: body.from_address,
    to_address: body.to_address,
    token_in: body.token_in,
    token_out: body.token_out,
    amount_in: body.amount_in,
    amount_out: quote.amountOut.toString(),
    min_amount_out: routerQuote.minAmountOut.toString(),
    fee_rate: env().FEE_BPS,
    fee_amount: quote.feeAmount.toString(),
    deadline: Number(routerQuote.deadline),
    value: nativeIn ? body.amount_in : '0',
    allowance_target: nativeIn ? null : viaPermit2 ? permit2 : router,
    route: routeJson(quote),
    price_impact_bps: quote.priceImpactBps,
    block_number: Number(quote.blockNumber),
    ...(eip712 ? { permit2: { eip712 } } : {}),
    ...(eip712 && gasless ? {
      gasless: { eip712, gas_fee_amount: gasless.fee.toString(), gas_fee_token: body.token_in, ...(approval ? { approval: { eip712: approvalEip712(approval) } } : {}) },
    } : {}),
  };
  await storeIssuedQuote({
    quote_id: data.quote_id,
    sub: auth.sub,
    src_chain_id: chainId,
    dst_chain_id: body.dst_chain_id,
    router_address: router,
    from_address: routerQuote.sender,
    to_address: routerQuote.recipient,
    token_in: tokenIn,
    token_out: tokenOut,
    amount_in: data.amount_in,
    amount_out: data.amount_out,
    min_amount_out: data.min_amount_out,
    fee_amount: data.fee_amount,
    deadline: data.deadline,
    issued_block: Number(quote.blockNumber),
    created_at: now,
  });
  if (gasless) {
    await storeGaslessOrder({
      quote_id: data.quote_id, chain_id: chainId, router_address: router, from_address: routerQuote.sender, calldata: data.calldata,
      deadline: data.deadline, gas_fee_amount: gasless.fee.toString(), approval: approval ? JSON.stringify(approval) : null,
    });
  }
  return data;
}
