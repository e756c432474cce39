// Why a firm quote's transaction is not the trader's order (checked before any approval, signature or send), and the
// destination clock the cross-chain check bounds the fill deadline by.
import type { Config } from 'wagmi';
import { getBlock } from 'wagmi/actions';
import type { PublicChain } from '@/lib/chains/publicChain';
import { checkFirmQuote } from '@/lib/client/checkFirmQuote';
import { isCrossChain } from './crossChain';
import { crossChainExpectation } from './crossChainExpectation';
import type { FirmQuote, FirmQuoteRequest } from './quoteTypes';
import { minimumReceived } from './swapFormState';

/** A Permit2 deadline may lie this far past now + the quote life asked (the device clock may be behind the server's). */
const PERMIT_DEADLINE_SLACK_S = 300;

/** The words the review shows for a quote that does not match, or undefined when it does. */
export function firmQuoteMismatch(q: FirmQuote, request: FirmQuoteRequest, chains: PublicChain[], dstNowSec: number | undefined): string | undefined {
  const shown = BigInt(q.min_amount_out);
  const fromSlippage = minimumReceived(BigInt(q.amount_out), request.slippage);
  const chain = chains.find((c) => c.id === request.src_chain_id);
  const router = chain?.swapRouter ?? null;
  const crossChain = isCrossChain(request) ? crossChainExpectation(chains, request, { nowSec: Math.floor(Date.now() / 1_000), dstNowSec }) : undefined;
  const problems = checkFirmQuote(q, {
    chainId: request.src_chain_id, dstChainId: request.dst_chain_id, sender: request.from_address, recipient: request.to_address,
    tokenIn: request.token_in, tokenOut: request.token_out, amountIn: BigInt(request.amount_in),
    minAmountOut: shown > fromSlippage ? shown : fromSlippage, router, crossChain,
    approval: request.approval ?? 'allowance', gasless: request.gasless === true, permit2: chain?.permit2 ?? null,
    latestDeadlineSec: Math.floor(Date.now() / 1_000) + request.expiry_time_sec + PERMIT_DEADLINE_SLACK_S,
  });
  return problems.length === 0 ? undefined : `This quote does not match your order, so nothing was sent: ${problems.join('; ')}.`;
}

/** The latest block time of `chainId`, or undefined when it cannot be read. */
export async function chainTime(config: Config, chainId: number): Promise<number | undefined> {
  try {
    return Number((await getBlock(config, { chainId })).timestamp);
  } catch {
    return undefined;
  }
}
