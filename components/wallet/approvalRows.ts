// The approvals a wallet has given for swapping on one chain, as rows a person can read and revoke: a token's approval
// of Permit2 (the one-time step of a Permit2 swap), a Permit2 allowance to the router, a direct approval of the router.
import { maxUint160, type Address } from 'viem';

export type ApprovalKind = 'permit2' | 'permit2Router' | 'router';

export type ApprovalRow = {
  kind: ApprovalKind;
  token: { address: Address; symbol: string; decimals: number };
  spender: Address;
  amount: bigint;
  /** Permit2 allowances only: Unix seconds after which it no longer counts (0: it never did). */
  expiration?: number;
};

export const APPROVAL_KIND_TEXT: Record<ApprovalKind, { title: string; detail: string }> = {
  permit2: { title: 'Permit2', detail: 'Lets Permit2 move this token when you sign a swap; each swap still needs your signature.' },
  permit2Router: { title: 'Swap router through Permit2', detail: 'The router may take this much through Permit2 without a new signature.' },
  router: { title: 'Swap router', detail: 'The router may take this much directly.' },
};

/** ERC-20 approvals of 2^255 or more, and Permit2 allowances of 2^160 − 1, are what wallets call unlimited. */
export function isUnlimited(row: Pick<ApprovalRow, 'kind' | 'amount'>): boolean {
  return row.kind === 'permit2Router' ? row.amount >= maxUint160 : row.amount >= 2n ** 255n;
}

/** Only approvals that still let something move: a Permit2 allowance past its expiration does not. */
export function liveApprovals(rows: readonly ApprovalRow[], nowSec: number): ApprovalRow[] {
  return rows.filter((r) => r.amount > 0n && (r.kind !== 'permit2Router' || (r.expiration ?? 0) >= nowSec));
}
