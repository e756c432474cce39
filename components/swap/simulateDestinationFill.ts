// The destination half of a cross-chain order, tried before the deposit is sent: the destination settler's fill of
// the signed legs at the quoted bridge amount, simulated (eth_call) as the relayer on the destination's latest state.
import { BaseError, decodeErrorResult, type Abi, type Hex } from 'viem';
import type { Config } from 'wagmi';
import { simulateContract } from 'wagmi/actions';
import { destinationSettlerAbi } from '@/contracts/generated/destinationSettler';
import type { PublicChain } from '@/lib/chains/publicChain';
import { decodeOpenCalldata, fillOrderOf } from '@/lib/contracts/crossChainQuote';
import { decodeOpenForCalldata } from '@/lib/contracts/gaslessOrder';
import { gaslessKindOf } from '@/lib/gasless/gaslessCalldata';
import { formatAmount } from './amountText';
import type { SwapToken } from './swapTokens';

type Order = { calldata: Hex; router_address: Hex; dst_chain_id: number };

function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const found = error.walk((e) => typeof (e as { data?: unknown }).data === 'string' && /^0x[0-9a-f]{8,}$/i.test((e as { data: string }).data));
  return (found as { data?: Hex } | null)?.data;
}

/** Words for a fill that would fail: a shortfall names both amounts, anything else its error. */
export function destinationFailureMessage(error: unknown, dstName: string, tokenOut: SwapToken): string {
  const data = revertData(error);
  let name: string | undefined;
  let args: readonly unknown[] | undefined;
  if (data) {
    try {
      const decoded = decodeErrorResult({ abi: destinationSettlerAbi as Abi, data });
      name = decoded.errorName;
      args = decoded.args;
    } catch {
      name = undefined;
    }
  }
  if (name === 'InsufficientOutput' && typeof args?.[0] === 'bigint' && typeof args[1] === 'bigint') {
    const got = formatAmount(args[0], tokenOut.decimals);
    const min = formatAmount(args[1], tokenOut.decimals);
    return `The price on ${dstName} moved: the delivery would now give ${got} ${tokenOut.symbol}, less than your minimum of ${min} ${tokenOut.symbol}. Nothing was sent; get a new quote.`;
  }
  const why = name ?? (error instanceof BaseError ? error.shortMessage : 'it could not be simulated');
  return `The delivery on ${dstName} would fail right now (${why}). Nothing was sent; get a new quote.`;
}

/**
 * Undefined when the destination would deliver at least the minimum, else why not in words. Skipped (undefined) when
 * the registry names no relayer to simulate as: the source leg is still simulated by the wallet's estimate.
 */
export async function simulateDestinationFill(config: Config, order: Order, chains: PublicChain[], tokenOut: SwapToken): Promise<string | undefined> {
  const dst = chains.find((c) => c.id === order.dst_chain_id);
  const relayer = dst?.crossChain?.relayer;
  if (!dst || !relayer) return undefined;
  // The same order either way: `open` sent by the wallet, or a gasless `openFor` Swapdesk sends.
  const { quote } = gaslessKindOf(order.calldata) === 'openFor' ? decodeOpenForCalldata(order.calldata) : decodeOpenCalldata(order.calldata);
  const { orderId, originData } = fillOrderOf(quote, order.router_address);
  try {
    await simulateContract(config, { chainId: dst.id, account: relayer, address: quote.dstSettler, abi: destinationSettlerAbi, functionName: 'fill', args: [orderId, originData, '0x'] });
    return undefined;
  } catch (error: unknown) {
    return destinationFailureMessage(error, dst.name, tokenOut);
  }
}
