// The amount a swap actually delivered, read from the router's QuoteFilled event in the receipt.
import { isAddressEqual, parseEventLogs, type Address, type Log } from 'viem';
import { swapRouterAbi } from '@/contracts/generated/swapRouter';

export function quoteFilledAmount(logs: Log[], router: Address): bigint | undefined {
  const events = parseEventLogs({ abi: swapRouterAbi, logs, eventName: 'QuoteFilled' });
  const ours = events.find((e) => isAddressEqual(e.address, router));
  return ours?.args.amountOut;
}
