// Whether the review asks a gasless quote (API.md §9): a token swap through Permit2 (same-chain `swapPermit2`, or a
// cross-chain ERC-7683 `openFor`) from a wallet whose native coin cannot pay its gas. A wallet that can pay keeps
// sending its own transaction.
import { isAddressEqual, zeroAddress, type Address } from 'viem';
import type { PublicChain } from '@/lib/chains/publicChain';

type Wallet = {
  order: { src_chain_id: number; token_in: Address };
  chains: readonly PublicChain[];
  /** The sender's native balance on the source chain; undefined while it is read. */
  nativeBalance: bigint | undefined;
  /** What the swap's own transaction would cost in native coin; undefined while the gas price is unknown. */
  gasCostWei: bigint | undefined;
};

export function gaslessFor({ order, chains, nativeBalance, gasCostWei }: Wallet): boolean {
  // The native coin is never gasless (it is sent with the transaction), nor a chain without Permit2; an unread balance keeps today's path.
  if (isAddressEqual(order.token_in, zeroAddress) || !chains.find((c) => c.id === order.src_chain_id)?.permit2 || nativeBalance === undefined) return false;
  return gasCostWei === undefined ? nativeBalance === 0n : nativeBalance < gasCostWei;
}
