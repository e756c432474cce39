// Whether the EIP-2612 approval of Permit2 a trader signed in the review still serves the quote that replaced the one it
// was signed with (quotes refresh while the trader reviews), so the trader is not asked to sign it again.
import { isAddressEqual, type Address, type Hex } from 'viem';
import type { ApprovalTypedDataToCheck, gaslessApprovalTypedData } from './checkGaslessApproval';

/** A permit the wallet signed (as gaslessApprovalTypedData rebuilt it from a checked quote) and its signature. */
export type SignedApproval = { chainId: number; token: Address; owner: Address; spender: Address; value: bigint; nonce: bigint; deadline: bigint; signature: Hex };

/**
 * A kept permit must leave Swapdesk's submitter time to send it: more than the server's least window for an order
 * (GASLESS_MIN_WINDOW_SEC, 10 s by default), or the order is refused and the trader signs anyway.
 */
export const KEPT_APPROVAL_MIN_LEFT_SEC = 15;

export function signedApproval(typed: ReturnType<typeof gaslessApprovalTypedData>, signature: Hex): SignedApproval {
  const { domain, message } = typed;
  return { chainId: domain.chainId, token: domain.verifyingContract, ...message, signature };
}

/**
 * The signature to post with `firm`, and the deadline it signed when that is not the quote's own: `signed` if it still
 * covers the approval the quote offers (same network, token, owner, spender and nonce; a value of at least the amount
 * paid; a deadline at least KEPT_APPROVAL_MIN_LEFT_SEC ahead and not past the quote's), else undefined: the trader
 * signs the one offered. A quote that offers none needs none.
 */
export function keptApproval(
  signed: SignedApproval | undefined,
  firm: { amount_in: string; deadline: number; gasless?: { approval?: { eip712: ApprovalTypedDataToCheck } | null } | null },
  nowSec: number,
): { signature: Hex; deadline?: number } | undefined {
  const offered = firm.gasless?.approval?.eip712;
  if (!signed || !offered) return undefined;
  const { domain, message } = offered;
  const same = (value: unknown, want: Address) => typeof value === 'string' && isAddressEqual(value as Address, want);
  // Signed for this very quote: the order's own window applies, as to the quote.
  const own = signed.deadline === BigInt(firm.deadline);
  const covers = Number(domain.chainId) === signed.chainId && same(domain.verifyingContract, signed.token) && same(message.owner, signed.owner)
    && same(message.spender, signed.spender) && String(message.nonce) === signed.nonce.toString() && signed.value >= BigInt(firm.amount_in)
    && (own || (signed.deadline >= BigInt(nowSec + KEPT_APPROVAL_MIN_LEFT_SEC) && signed.deadline < BigInt(firm.deadline)));
  if (!covers) return undefined;
  return own ? { signature: signed.signature } : { signature: signed.signature, deadline: Number(signed.deadline) };
}
