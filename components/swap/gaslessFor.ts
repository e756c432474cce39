// Whether the review asks a gasless quote (API.md §9): a same-chain token swap through Permit2 from a wallet whose
// native coin cannot pay the swap's gas. A wallet that can pay keeps sending its own transaction.
import type { Approval } from './approvalFor';

type Wallet = {
  approval: Approval;
  /** The sender's native balance on the source chain; undefined while it is read. */
  nativeBalance: bigint | undefined;
  /** What the swap's own transaction would cost in native coin; undefined while the gas price is unknown. */
  gasCostWei: bigint | undefined;
};

export function gaslessFor({ approval, nativeBalance, gasCostWei }: Wallet): boolean {
  // Native input and cross-chain orders are never gasless here; an unread balance keeps today's path.
  if (approval !== 'permit2' || nativeBalance === undefined) return false;
  return gasCostWei === undefined ? nativeBalance === 0n : nativeBalance < gasCostWei;
}
